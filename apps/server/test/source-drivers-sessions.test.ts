import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DataSourceConnection } from '@cockpit/contracts';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StatementRun,
  SourceQueryFailed,
  createDataSourceHostPolicy,
  createMysqlDriver,
  type DatabaseDriver,
  type DatabaseSource,
  createPostgresDriver,
} from '../src/reports';

// The database drivers on their own (docs/decisions/041-source-accounts-checked.md), against the real
// PostgreSQL and MariaDB: a pooled connection goes back without the run's session locks, and a MySQL
// statement runs as a derived table, so INTO OUTFILE is the server's syntax error. One connection per
// pool, so the next run gets the very connection the last one used. Accounts and names are random and
// dropped afterwards.

const suffix = randomBytes(4).toString('hex');
const password = `Sessions-Passw0rd-${suffix}`;
const pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `cockpit_sess_${suffix}`;
const pgReader = `sess_reader_${suffix}`;
const mysqlReader = `sess_reader_${suffix}`;
const mysqlTable = `sess_rows_${suffix}`;
/** A key of this file's own: other tests' advisory locks do not count. */
const lockKey = Number.parseInt(suffix, 16) % 1_000_000_000;
const lockName = `cockpit_sess_${suffix}`;

const policy = createDataSourceHostPolicy({ allowed: ['127.0.0.1'], ownDatabase: null });

const statement = (text: string): StatementRun => ({
  text,
  values: [],
  timeoutSeconds: 10,
  firstRows: 100,
  maxRows: 101,
  templatePosition: (offset) => offset,
});

const sourceOf = (
  kind: 'postgres' | 'mysql',
  connection: Omit<DataSourceConnection, 'tls' | 'poolSize' | 'statementTimeoutSeconds' | 'rowLimit'>,
): DatabaseSource => ({
  id: `${kind}-${suffix}`,
  organisationId: 'org',
  name: `${kind}-source`,
  version: 1,
  password,
  connection: { ...connection, tls: 'off', poolSize: 1, statementTimeoutSeconds: 10, rowLimit: 100 },
});

async function rowsOf(driver: DatabaseDriver, source: DatabaseSource, text: string) {
  const cursor = await driver.open(source, statement(text));
  try {
    return {
      columns: cursor.columns.map((column) => column.name),
      rows: cursor.all?.() ?? (await cursor.next(100)),
    };
  } finally {
    await cursor.close();
  }
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('a PostgreSQL connection goes back to its pool without the run’s advisory locks', () => {
  const source = sourceOf('postgres', {
    host: '127.0.0.1',
    port: 5432,
    database: pgDatabase,
    user: pgReader,
  });
  let driver: DatabaseDriver;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${pgDatabase}`);
    await admin.query(`create role ${pgReader} login password '${password}'`);
    driver = createPostgresDriver(policy);
  });
  afterAll(async () => {
    await driver?.close();
    await admin.query(`drop database if exists ${pgDatabase} with (force)`);
    await admin.query(`drop role if exists ${pgReader}`);
    await admin.end();
  });

  const heldBy = async () =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted and objid = $1 and classid = 0`,
        [lockKey],
      )
    ).rows.map((row) => row.pid);

  it('drops a session-level lock taken in a run before the next run gets the connection', async () => {
    // The guard of other code may refuse this function; the driver must not rely on it.
    const taken = await rowsOf(
      driver,
      source,
      `select pg_advisory_lock(${lockKey})::text as locked, pg_backend_pid() as pid`,
    );
    const pid = taken.rows[0]![1];
    // The pool's one connection, given back and taken again (the same backend), holds no lock.
    const again = await rowsOf(driver, source, 'select pg_backend_pid() as pid');
    expect(again.rows[0]![0]).toBe(pid);
    expect(await heldBy()).toEqual([]);
  });

  it('drops it after a session (test connection, schema) too', async () => {
    await driver.withSession(source, async (query) => {
      await query(`select pg_advisory_lock(${lockKey})`);
      expect(await heldBy()).toHaveLength(1);
    });
    expect(await heldBy()).toEqual([]);
  });
});

describe('a MariaDB statement runs as a derived table; its connection goes back without named locks', () => {
  const source = sourceOf('mysql', { host: '127.0.0.1', port: 3306, database: 'test', user: mysqlReader });
  let driver: DatabaseDriver;
  let root: mysql.Connection;

  beforeAll(async () => {
    root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    await root.query(`create table ${mysqlTable} (id int primary key, v int not null)`);
    await root.query(`insert into ${mysqlTable} values (1, 3), (2, 1), (3, 2), (4, 5), (5, 4)`);
    await root.query(`create user '${mysqlReader}'@'%' identified by '${password}'`);
    await root.query(`grant select on test.${mysqlTable} to '${mysqlReader}'@'%'`);
    driver = createMysqlDriver(policy);
  });
  afterAll(async () => {
    await driver?.close();
    await root.query(`drop table if exists ${mysqlTable}`);
    await root.query(`drop user if exists '${mysqlReader}'@'%'`);
    await root.end();
  });

  it('answers INTO OUTFILE with the server’s syntax error and writes no file', async () => {
    const file = `/tmp/cockpit_sess_${suffix}`;
    // `--1` is a minus sign to MariaDB (a comment needs a space): the guard's parser saw a comment.
    const error = await failureOf(rowsOf(driver, source, `select 1 --1 into outfile '${file}'`));
    expect(error).toBeInstanceOf(SourceQueryFailed);
    expect((error as SourceQueryFailed).detail).toMatch(/SQL syntax/);
    expect(existsSync(file)).toBe(false);
    const dump = await failureOf(rowsOf(driver, source, `select 1 into dumpfile '${file}'`));
    expect((dump as SourceQueryFailed).detail).toMatch(/SQL syntax/);
    expect(existsSync(file)).toBe(false);
  });

  it('keeps column names and the statement’s order; two columns of one name are said so', async () => {
    const ordered = await rowsOf(
      driver,
      source,
      `select id, v as value from ${mysqlTable} order by v desc -- last line comment`,
    );
    expect(ordered.columns).toEqual(['id', 'value']);
    expect(ordered.rows).toEqual([
      [4, 5],
      [5, 4],
      [1, 3],
      [3, 2],
      [2, 1],
    ]);
    const grouped = await rowsOf(
      driver,
      source,
      `with r as (select id, v from ${mysqlTable}) select v % 2 as odd, count(*) as n from r group by 1 order by 2 desc`,
    );
    expect(grouped.rows).toEqual([
      [1, 3],
      [0, 2],
    ]);
    const duplicate = await failureOf(rowsOf(driver, source, 'select 1, 1'));
    expect(duplicate).toBeInstanceOf(SourceQueryFailed);
    expect((duplicate as SourceQueryFailed).detail).toMatch(
      /Duplicate column name '1'.*every column of the result needs a name of its own/,
    );
  });

  it('releases a GET_LOCK taken in a run before the connection goes back', async () => {
    const taken = await rowsOf(
      driver,
      source,
      `select get_lock('${lockName}', 0) as locked, connection_id() as id`,
    );
    expect(taken.rows[0]![0]).toBe(1);
    const again = await rowsOf(driver, source, 'select connection_id() as id');
    expect(again.rows[0]![0]).toBe(taken.rows[0]![1]);
    const [rows] = (await root.query({
      sql: `select is_used_lock('${lockName}')`,
      rowsAsArray: true,
    })) as unknown as [unknown[][]];
    expect(rows[0]![0]).toBeNull();
  });
});

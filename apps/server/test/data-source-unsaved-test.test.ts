import { randomBytes } from 'node:crypto';
import {
  apiRoutes,
  dataSourceTestResponseSchema,
  managedDataSourcesResponseSchema,
} from '@cockpit/contracts';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// "Test connection" in the add-source form, before anything is saved (decision 045): the connection as
// entered goes through the host rule of a save and the executor's test of a stored source (read-only
// session, account privileges, decision 041), against a real PostgreSQL database this file creates on
// 127.0.0.1:5432 and a MariaDB account on 127.0.0.1:3306 (whose passwords are checked; the local
// PostgreSQL may trust 127.0.0.1). Nothing is stored, and the password is in no answer and no log line.

const suffix = randomBytes(4).toString('hex');
const readerPassword = `Reader-Passw0rd-${suffix}`;
const wrongPassword = `Wrong-Passw0rd-${suffix}`;
const pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `cockpit_unsaved_${suffix}`;
const pgReader = `unsaved_reader_${suffix}`;
const mysqlReader = `unsaved_reader_${suffix}`;

async function withMysql<T>(work: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    database: 'test',
  });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`create database ${pgDatabase}`);
    await client.query(`create role ${pgReader} login password '${readerPassword}'`);
  });
  await withPg(pgAdminUrl.replace(/\/postgres$/, `/${pgDatabase}`), async (client) => {
    await client.query('create table orders (id integer primary key, region text not null)');
    await client.query(`grant select on orders to ${pgReader}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`create user '${mysqlReader}'@'%' identified by '${readerPassword}'`);
    await connection.query(`grant select on test.* to '${mysqlReader}'@'%'`);
  });
});

afterAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`drop database if exists ${pgDatabase} with (force)`);
    await client.query(`drop role if exists ${pgReader}`);
  });
  await withMysql((connection) => connection.query(`drop user if exists '${mysqlReader}'@'%'`));
});

describe.each(testDrivers())('testing a connection before it is saved (%s)', (driver) => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      env: { DATA_SOURCE_HOSTS: '127.0.0.1', LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(() => t?.close());

  const probe = async (body: object, user: string = demoUsers.admin) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.testUnsavedDataSource.path,
      headers: await t.bearer(user),
      payload: body,
    });
  const connection = (fields: object = {}) => ({
    host: '127.0.0.1',
    port: 5432,
    database: pgDatabase,
    user: pgReader,
    ...fields,
  });
  const sourceNames = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: apiRoutes.listDataSources.path,
      headers: await t.bearer(demoUsers.admin),
    });
    return managedDataSourcesResponseSchema.parse(response.json()).items.map((source) => source.name);
  };

  it('connects with the right password: read-only session, the account may only read, its tables; nothing is saved', async () => {
    const before = await sourceNames();
    const response = await probe({ kind: 'postgres', connection: connection(), password: readerPassword });
    expect(response.statusCode, response.body).toBe(200);
    const result = dataSourceTestResponseSchema.parse(response.json());
    expect(result).toMatchObject({ ok: true, message: null, readOnlySession: true, accountCanWrite: false });
    expect(result.schema?.tables.map((table) => table.name)).toContain('orders');
    expect(await sourceNames()).toEqual(before);
  });

  it("answers a wrong password with the database's message, before anything is saved", async () => {
    const maria = { host: '127.0.0.1', port: 3306, database: 'test', user: mysqlReader };
    const response = await probe({ kind: 'mysql', connection: maria, password: wrongPassword });
    expect(response.statusCode, response.body).toBe(200);
    const result = dataSourceTestResponseSchema.parse(response.json());
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/access denied/i);
    expect(response.body).not.toContain(wrongPassword);
    // The same account with its password: the test follows at once (no pool of the failed one is reused).
    const right = dataSourceTestResponseSchema.parse(
      (await probe({ kind: 'mysql', connection: maria, password: readerPassword })).json(),
    );
    expect(right).toMatchObject({ ok: true, readOnlySession: true });
  });

  it('answers a port where nothing listens as a failed test', async () => {
    const response = await probe({
      kind: 'postgres',
      connection: connection({ port: 1 }),
      password: readerPassword,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = dataSourceTestResponseSchema.parse(response.json());
    expect(result.ok).toBe(false);
    expect(result.message).toBeTruthy();
  });

  it('refuses a host DATA_SOURCE_HOSTS does not list, as saving does, naming connection.host', async () => {
    const response = await probe({
      kind: 'postgres',
      connection: connection({ host: '10.1.2.3' }),
      password: readerPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^connection\.host: .*10\.1\.2\.3/);
  });

  it('refuses uploaded tables, a missing password and a member', async () => {
    expect(
      (await probe({ kind: 'uploads', connection: connection(), password: readerPassword })).statusCode,
    ).toBe(400);
    expect((await probe({ kind: 'postgres', connection: connection() })).statusCode).toBe(400);
    expect(
      (
        await probe(
          { kind: 'postgres', connection: connection(), password: readerPassword },
          demoUsers.member,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('writes no password into any log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [readerPassword, wrongPassword]) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});

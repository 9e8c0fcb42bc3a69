import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  apiRoutes,
  dataSourceTestResponseSchema,
  definitionPreviewResponseSchema,
  managedDataSourcesResponseSchema,
  pathOf,
} from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlRefusedPrivileges, executorHttpError, type ExecutorSource } from '../src/reports';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { startTcpProxy } from './helpers/tcp-proxy';
import { organisationIdOf } from './helpers/uploaded-tables';

// Accounts checked where they connect (docs/decisions/041-source-accounts-checked.md), against the real
// PostgreSQL on 127.0.0.1:5432 and MariaDB on 127.0.0.1:3306: a database with dblink and one role per
// refused privilege, MariaDB users with FILE, GRANT OPTION and SELECT only (random names, dropped
// afterwards). MariaDB runs on this machine with secure_file_priv unset, so INTO OUTFILE would write
// into this machine's /tmp: each test asserts that the file is not there.

const suffix = randomBytes(4).toString('hex');
const password = `Accounts-Passw0rd-${suffix}`;
const pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `cockpit_acc_${suffix}`;
const roles = {
  superuser: `acc_super_${suffix}`,
  reader: `acc_reader_${suffix}`,
  files: `acc_files_${suffix}`,
  createRole: `acc_createrole_${suffix}`,
  replication: `acc_repl_${suffix}`,
  peek: `acc_peek_${suffix}`,
};
const mysqlTable = `acc_orders_${suffix}`;
const mysqlUsers = { file: `acc_file_${suffix}`, grant: `acc_grant_${suffix}`, reader: `acc_sel_${suffix}` };
const outfile = (name: string) => `/tmp/cockpit_acc_${suffix}_${name}`;

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const pgSourceUrl = pgAdminUrl.replace(/\/postgres$/, `/${pgDatabase}`);

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

let dblinkAvailable = false;

beforeAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`create database ${pgDatabase}`);
    await client.query(`create role ${roles.superuser} login superuser password '${password}'`);
    await client.query(`create role ${roles.reader} login password '${password}'`);
    await client.query(
      `create role ${roles.files} login password '${password}' in role pg_read_server_files`,
    );
    await client.query(`create role ${roles.createRole} login createrole password '${password}'`);
    await client.query(`create role ${roles.replication} login replication password '${password}'`);
    await client.query(`create role ${roles.peek} login password '${password}'`);
  });
  await withPg(pgSourceUrl, async (client) => {
    const available = await client.query(`select 1 from pg_available_extensions where name = 'dblink'`);
    dblinkAvailable = available.rowCount === 1;
    if (dblinkAvailable) await client.query('create extension dblink');
    await client.query('create table ledger (id integer primary key, entry text not null)');
    await client.query(`insert into ledger values (1, 'original')`);
    await client.query(`grant select on ledger to ${Object.values(roles).join(', ')}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`create table ${mysqlTable} (id int primary key, region varchar(20) not null)`);
    await connection.query(`insert into ${mysqlTable} values (1, 'North')`);
    for (const user of Object.values(mysqlUsers)) {
      await connection.query(`create user '${user}'@'%' identified by '${password}'`);
      await connection.query(`grant select on test.${mysqlTable} to '${user}'@'%'`);
    }
    await connection.query(`grant file on *.* to '${mysqlUsers.file}'@'%'`);
    await connection.query(
      `grant select on test.${mysqlTable} to '${mysqlUsers.grant}'@'%' with grant option`,
    );
  });
});

afterAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`drop database if exists ${pgDatabase} with (force)`);
    for (const role of Object.values(roles)) await client.query(`drop role if exists ${role}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`drop table if exists ${mysqlTable}`);
    for (const user of Object.values(mysqlUsers)) await connection.query(`drop user if exists '${user}'@'%'`);
  });
});

describe('the privileges of a MySQL account, as SHOW GRANTS lists them', () => {
  it('refuses global ALL PRIVILEGES, FILE, SUPER, PROCESS, SHUTDOWN and GRANT OPTION anywhere', () => {
    expect(mysqlRefusedPrivileges(['GRANT ALL PRIVILEGES ON *.* TO `a`@`%` WITH GRANT OPTION'])).toEqual([
      'ALL PRIVILEGES',
      'GRANT OPTION',
    ]);
    expect(
      mysqlRefusedPrivileges([
        'GRANT FILE, PROCESS ON *.* TO `a`@`%`',
        'GRANT SELECT ON `test`.* TO `a`@`%`',
      ]),
    ).toEqual(['FILE', 'PROCESS']);
    expect(mysqlRefusedPrivileges(['GRANT SUPER, SHUTDOWN ON *.* TO `a`@`%`'])).toEqual([
      'SUPER',
      'SHUTDOWN',
    ]);
    expect(mysqlRefusedPrivileges(['GRANT SELECT ON `test`.`t` TO `a`@`%` WITH GRANT OPTION'])).toEqual([
      'GRANT OPTION',
    ]);
  });

  it('lets a reader pass: SELECT, USAGE, ALL PRIVILEGES on one database, a column named file', () => {
    expect(
      mysqlRefusedPrivileges([
        "GRANT USAGE ON *.* TO `a`@`%` IDENTIFIED BY PASSWORD '*AB'",
        'GRANT SELECT (file, super) ON `test`.`t` TO `a`@`%`',
        'GRANT ALL PRIVILEGES ON `test`.* TO `a`@`%`',
      ]),
    ).toEqual([]);
  });
});

describe.each(testDrivers())('accounts checked where they connect (%s)', (driver) => {
  let t: TestApp;
  let organisationId: string;

  beforeAll(async () => {
    t = await buildTestApp(driver, { env: { DATA_SOURCE_HOSTS: '127.0.0.1' } });
    organisationId = await organisationIdOf(t);
  });
  afterAll(() => t?.close());

  const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.bearer(demoUsers.admin), ...(payload ? { payload } : {}) });
  const save = (method: 'POST' | 'PUT', name: string, fields: object) =>
    admin(
      method,
      method === 'POST' ? apiRoutes.createDataSource.path : pathOf(apiRoutes.updateDataSource, { name }),
      {
        name,
        title: { en: name },
        ...fields,
      },
    );
  const created = async (name: string, fields: object) => {
    const response = await save('POST', name, fields);
    expect(response.statusCode, response.body).toBe(201);
  };
  const testOf = async (name: string) => {
    const response = await admin('POST', pathOf(apiRoutes.testDataSource, { name }), {});
    expect(response.statusCode, response.body).toBe(200);
    return dataSourceTestResponseSchema.parse(response.json());
  };
  const preview = async (source: string, sqlText: string) => {
    const response = await admin('POST', apiRoutes.previewDefinition.path, {
      definition: {
        name: `probe-${randomBytes(3).toString('hex')}`,
        source,
        sql: sqlText,
        parameters: [],
        columns: [],
        visuals: [{ type: 'table', id: 'table' }],
        cacheSeconds: 0,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return definitionPreviewResponseSchema.parse(response.json());
  };
  const pgConnection = (user: string, database = pgDatabase, port = 5432) => ({
    host: '127.0.0.1',
    port,
    database,
    user,
  });
  const mysqlConnection = (user: string) => ({ host: '127.0.0.1', port: 3306, database: 'test', user });
  const ledgerEntry = () =>
    withPg(
      pgSourceUrl,
      async (client) => (await client.query('select entry from ledger where id = 1')).rows[0]?.entry,
    );
  /** A run as the report page makes it, on a source as the executor gets it. */
  const runOn = (
    source: Omit<ExecutorSource, 'organisationId' | 'version' | 'password' | 'id'>,
    sqlText: string,
  ) =>
    t.app.executor.run({
      source: { ...source, id: `run-${source.name}`, organisationId, version: 1, password },
      definition: { name: 'probe', version: 1, sql: sqlText, parameters: [], cacheSeconds: 0 },
      values: {},
      today: '2026-11-29',
      user: { id: null, email: 'admin@example.com', attributes: {} },
      purpose: 'report',
    });

  it('refuses a PostgreSQL superuser on test and on every run, so dblink_exec writes nothing', async () => {
    await created('pg-super', { kind: 'postgres', connection: pgConnection(roles.superuser), password });
    const tested = await testOf('pg-super');
    expect(tested).toMatchObject({
      ok: false,
      refusedPrivileges: ['SUPERUSER'],
      schema: null,
      serverVersion: null,
    });
    expect(tested.message).toMatch(/privileges a reporting account must not have: SUPERUSER/);

    if (!dblinkAvailable) throw new Error('the dblink extension is not available on this PostgreSQL');
    const writeThroughDblink = `select dblink_exec('host=127.0.0.1 dbname=${pgDatabase} user=postgres',
      'update ledger set entry = ''written'' where id = 1') as done`;
    // Two walls (decisions 037 and 041): the account is refused for any statement, and dblink_exec is not
    // on the guard's allow-list for any account.
    const plain = await preview('pg-super', 'select entry from ledger');
    expect(plain.data).toBeNull();
    expect(plain.error?.message).toMatch(/SUPERUSER/);
    const previewed = await preview('pg-super', writeThroughDblink);
    expect(previewed.data).toBeNull();
    expect(previewed.error?.message).toMatch(/dblink_exec|SUPERUSER/);

    const run = runOn(
      {
        name: 'pg-super',
        kind: 'postgres',
        connection: {
          ...pgConnection(roles.superuser),
          tls: 'off',
          poolSize: 1,
          statementTimeoutSeconds: 5,
          rowLimit: 10,
        },
      },
      writeThroughDblink,
    );
    const error = await run.then(
      () => null,
      (failure: unknown) => failure,
    );
    const answer = executorHttpError(error, 'administrator') as { statusCode: number; message: string };
    expect([400, 503]).toContain(answer.statusCode);
    expect(answer.message).toMatch(/dblink_exec|SUPERUSER/);
    const plainRun = await runOn(
      {
        name: 'pg-super',
        kind: 'postgres',
        connection: {
          ...pgConnection(roles.superuser),
          tls: 'off',
          poolSize: 1,
          statementTimeoutSeconds: 5,
          rowLimit: 10,
        },
      },
      'select entry from ledger',
    ).then(
      () => null,
      (failure: unknown) =>
        executorHttpError(failure, 'administrator') as { statusCode: number; message: string },
    );
    expect(plainRun?.statusCode).toBe(503);
    expect(plainRun?.message).toMatch(/SUPERUSER/);
    expect(await ledgerEntry()).toBe('original');
  });

  it('refuses members of pg_read_server_files, CREATEROLE and REPLICATION; a reader connects', async () => {
    const refused = [
      ['pg-files', roles.files, ['pg_read_server_files']],
      ['pg-createrole', roles.createRole, ['CREATEROLE']],
      ['pg-replication', roles.replication, ['REPLICATION']],
    ] as const;
    for (const [name, role, privileges] of refused) {
      await created(name, { kind: 'postgres', connection: pgConnection(role), password });
      const tested = await testOf(name);
      expect(tested, name).toMatchObject({ ok: false, refusedPrivileges: privileges, schema: null });
      // Withheld: the file the role could read is not read, the ledger is not listed.
      const previewed = await preview(name, 'select entry from ledger');
      expect(previewed.data, name).toBeNull();
      expect(previewed.error?.message, name).toContain(privileges[0]);
      const reading = await preview(name, `select pg_read_file('/etc/hostname') as file, entry from ledger`);
      expect(reading.data, name).toBeNull();
    }
    await created('pg-reader', { kind: 'postgres', connection: pgConnection(roles.reader), password });
    expect(await testOf('pg-reader')).toMatchObject({ ok: true, readOnlySession: true });
    expect((await preview('pg-reader', 'select entry from ledger')).data?.table?.rows).toEqual([
      ['original'],
    ]);
  });

  it('refuses a MariaDB account with FILE: no file is written, not even past the guard', async () => {
    await created('maria-file', { kind: 'mysql', connection: mysqlConnection(mysqlUsers.file), password });
    const tested = await testOf('maria-file');
    expect(tested).toMatchObject({
      ok: false,
      refusedPrivileges: ['FILE'],
      schema: null,
      accountCanWrite: false,
    });
    expect(tested.message).toMatch(/FILE/);

    const plain = await preview('maria-file', 'select 1 as one');
    expect(plain.data).toBeNull();
    expect(plain.error?.message).toMatch(/FILE/);
    // `--1` is a minus sign to MariaDB: the guard refuses it (decision 037), the account is refused anyway.
    const file = outfile(`file_${driver}`);
    const previewed = await preview('maria-file', `select 1 --1 into outfile '${file}'`);
    expect(previewed.data).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a MariaDB account WITH GRANT OPTION; a SELECT-only account connects', async () => {
    await created('maria-grant', { kind: 'mysql', connection: mysqlConnection(mysqlUsers.grant), password });
    expect(await testOf('maria-grant')).toMatchObject({
      ok: false,
      refusedPrivileges: ['GRANT OPTION'],
      schema: null,
    });
    await created('maria-reader', {
      kind: 'mysql',
      connection: mysqlConnection(mysqlUsers.reader),
      password,
    });
    const tested = await testOf('maria-reader');
    expect(tested).toMatchObject({ ok: true, readOnlySession: true, accountCanWrite: false });
    expect(tested.schema?.tables.map((table) => table.name)).toContain(mysqlTable);
    expect((await preview('maria-reader', `select region from ${mysqlTable}`)).data?.table?.rows).toEqual([
      ['North'],
    ]);
  });

  it('asks for the password again when TLS is weakened or its CA changes, and keeps the stored source meanwhile', async () => {
    const ca = (name: string) => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----`;
    const connection = { ...pgConnection(roles.reader), tls: 'verify', caCertificate: ca('first') };
    await created('pg-tls', { kind: 'postgres', connection, password });
    const stored = async () =>
      managedDataSourcesResponseSchema
        .parse((await admin('GET', apiRoutes.listDataSources.path)).json())
        .items.find((source) => source.name === 'pg-tls')?.connection;

    for (const weaker of [
      { tls: 'require', caCertificate: undefined },
      { tls: 'off', caCertificate: undefined },
      { tls: 'verify', caCertificate: ca('another') },
    ]) {
      const refused = await save('PUT', 'pg-tls', {
        kind: 'postgres',
        connection: { ...connection, ...weaker },
      });
      expect(refused.statusCode, JSON.stringify(weaker)).toBe(400);
      expect(refused.json().error.message).toMatch(/^password: .*TLS is weakened or its CA changes/);
      expect(await stored()).toMatchObject({ tls: 'verify', caCertificate: ca('first') });
    }
    // With the password it is the administrator's decision.
    const weakened = await save('PUT', 'pg-tls', {
      kind: 'postgres',
      connection: { ...connection, tls: 'off' },
      password,
    });
    expect(weakened.statusCode, weakened.body).toBe(200);
    // Stronger needs nothing: the password goes to the same server, better protected.
    const stronger = await save('PUT', 'pg-tls', {
      kind: 'postgres',
      connection: { ...connection, tls: 'require' },
    });
    expect(stronger.statusCode, stronger.body).toBe(200);
    expect(await stored()).toMatchObject({ tls: 'require' });
  });

  it.runIf(driver === 'postgres')(
    "refuses the cockpit's own database by its server's identity, however host and port are written",
    async () => {
      const result = (await t.database.db.execute(sql`select current_database() as name`)) as {
        rows: { name: string }[];
      };
      const own = result.rows[0]!.name;
      await withPg(pgAdminUrl.replace(/\/postgres$/, `/${own}`), async (client) => {
        await client.query(`grant connect on database ${own} to ${roles.peek}`);
        await client.query(`grant select on all tables in schema public to ${roles.peek}`);
      });
      // Another port (a proxy, a forwarded port, a second listener) is the same server and database.
      const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
      try {
        for (const [name, port] of [
          ['own-direct', 5432],
          ['own-proxied', proxy.port],
        ] as const) {
          await created(name, {
            kind: 'postgres',
            connection: pgConnection(roles.peek, own, port),
            password,
          });
          const tested = await testOf(name);
          expect(tested, name).toMatchObject({ ok: false, schema: null });
          expect(tested.message, name).toMatch(/cockpit's own database/);
          // Withheld: the cockpit's users.
          const previewed = await preview(name, 'select email from "user"');
          expect(previewed.data, name).toBeNull();
          expect(JSON.stringify(previewed), name).not.toContain('admin@example.com');
        }
      } finally {
        await proxy.stop();
        await withPg(pgAdminUrl.replace(/\/postgres$/, `/${own}`), async (client) => {
          await client.query(`revoke select on all tables in schema public from ${roles.peek}`);
          await client.query(`revoke connect on database ${own} from ${roles.peek}`);
        });
      }
      // Another database on the same server stays allowed (DATA_SOURCE_HOSTS lists 127.0.0.1).
      expect((await testOf('pg-reader')).ok).toBe(true);
    },
  );
});

import { randomBytes } from 'node:crypto';
import {
  apiRoutes,
  dataSourceTestResponseSchema,
  pathOf,
  sourceSchemaResponseSchema,
} from '@cockpit/contracts';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Management → Data → Test connection and the schema beside the SQL editor (docs/decisions/027-reports-
// over-own-data.md) through the app's own executor, against real databases: a PostgreSQL database this
// file creates on 127.0.0.1:5432 and MariaDB on 127.0.0.1:3306 (root, database `test`), each with a
// read-only account of its own. 127.0.0.1 is listed in DATA_SOURCE_HOSTS, as an operator would.

const suffix = randomBytes(4).toString('hex');
const readerPassword = `Reader-Passw0rd-${suffix}`;
const wrongPassword = `Wrong-Passw0rd-${suffix}`;
const pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `cockpit_ds_${suffix}`;
const pgReader = `ds_reader_${suffix}`;
/** May write into orders but is no superuser (decision 041 refuses one). */
const pgWriter = `ds_writer_${suffix}`;
const mysqlTable = `ds_orders_${suffix}`;
const mysqlReader = `ds_reader_${suffix}`;

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

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

beforeAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`create database ${pgDatabase}`);
    await client.query(`create role ${pgReader} login password '${readerPassword}'`);
    await client.query(`create role ${pgWriter} login password '${readerPassword}'`);
  });
  await withPg(pgAdminUrl.replace(/\/postgres$/, `/${pgDatabase}`), async (client) => {
    await client.query(
      'create table orders (id integer primary key, region text not null, amount numeric(10, 2))',
    );
    await client.query(`insert into orders values (1, 'North', 10.5), (2, 'South', 20)`);
    await client.query(`grant select on orders to ${pgReader}`);
    await client.query(`grant select, insert, update, delete on orders to ${pgWriter}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`create table ${mysqlTable} (id int primary key, region varchar(20) not null)`);
    await connection.query(`create user '${mysqlReader}'@'%' identified by '${readerPassword}'`);
    await connection.query(`grant select on test.${mysqlTable} to '${mysqlReader}'@'%'`);
  });
});

afterAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`drop database if exists ${pgDatabase} with (force)`);
    await client.query(`drop role if exists ${pgReader}`);
    await client.query(`drop role if exists ${pgWriter}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`drop table if exists ${mysqlTable}`);
    await connection.query(`drop user if exists '${mysqlReader}'@'%'`);
  });
});

describe.each(testDrivers())('test connection and schema against real databases (%s)', (driver) => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      env: { DATA_SOURCE_HOSTS: '127.0.0.1', LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(() => t?.close());

  const admin = async (method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: await t.bearer(demoUsers.admin),
      ...(payload ? { payload } : {}),
    });
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
  const testOf = async (name: string) => {
    const response = await admin('POST', pathOf(apiRoutes.testDataSource, { name }), {});
    expect(response.statusCode, response.body).toBe(200);
    return dataSourceTestResponseSchema.parse(response.json());
  };
  const schemaOf = async (name: string) => {
    const response = await admin('GET', pathOf(apiRoutes.getDataSourceSchema, { name }));
    expect(response.statusCode, response.body).toBe(200);
    return sourceSchemaResponseSchema.parse(response.json());
  };
  const pgConnection = (user: string) => ({ host: '127.0.0.1', port: 5432, database: pgDatabase, user });
  const mysqlConnection = { host: '127.0.0.1', port: 3306, database: 'test', user: mysqlReader };

  it('connects to PostgreSQL with a read-only account: read-only session, no write privileges, its tables', async () => {
    const created = await save('POST', 'pg-reader', {
      kind: 'postgres',
      connection: pgConnection(pgReader),
      password: readerPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    const result = await testOf('pg-reader');
    expect(result).toMatchObject({ ok: true, message: null, readOnlySession: true, accountCanWrite: false });
    expect(result.serverVersion).toMatch(/\d+/);
    const orders = result.schema!.tables.find((table) => table.name === 'orders');
    expect(orders).toEqual({
      schema: 'public',
      name: 'orders',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'region', type: 'text' },
        { name: 'amount', type: expect.stringMatching(/^numeric/) },
      ],
    });
    expect((await schemaOf('pg-reader')).tables).toContainEqual(orders);
  });

  it('warns that an account with write privileges could write, while the session still refuses to', async () => {
    const created = await save('POST', 'pg-owner', {
      kind: 'postgres',
      connection: pgConnection(pgWriter),
      password: readerPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await testOf('pg-owner')).toMatchObject({
      ok: true,
      readOnlySession: true,
      accountCanWrite: true,
    });
  });

  it('connects to MariaDB, reports a wrong password as a failed test, and follows a new password at once', async () => {
    const created = await save('POST', 'maria', {
      kind: 'mysql',
      connection: mysqlConnection,
      password: readerPassword,
    });
    expect(created.statusCode, created.body).toBe(201);
    const result = await testOf('maria');
    expect(result).toMatchObject({ ok: true, readOnlySession: true, accountCanWrite: false });
    expect(result.serverVersion).toMatch(/MariaDB/i);
    expect((await schemaOf('maria')).tables).toContainEqual({
      schema: 'test',
      name: mysqlTable,
      columns: [
        { name: 'id', type: expect.stringMatching(/^int/) },
        { name: 'region', type: expect.stringMatching(/^varchar/) },
      ],
    });

    // A new password bumps the version: the pool of the old one is not reused.
    expect(
      (await save('PUT', 'maria', { kind: 'mysql', connection: mysqlConnection, password: wrongPassword }))
        .statusCode,
    ).toBe(200);
    const failed = await testOf('maria');
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/access denied/i);
    expect(JSON.stringify(failed)).not.toContain(wrongPassword);
    expect(
      (await save('PUT', 'maria', { kind: 'mysql', connection: mysqlConnection, password: readerPassword }))
        .statusCode,
    ).toBe(200);
    expect((await testOf('maria')).ok).toBe(true);
  });

  it('tests and describes the uploaded tables in the cockpit’s own database', async () => {
    expect(await testOf('uploads')).toMatchObject({ ok: true, readOnlySession: true });
    expect((await schemaOf('uploads')).truncated).toBe(false);
  });

  it('refuses a host DATA_SOURCE_HOSTS does not list, naming connection.host', async () => {
    const response = await save('POST', 'inward', {
      kind: 'postgres',
      connection: { ...pgConnection(pgReader), host: '10.1.2.3' },
      password: readerPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^connection\.host: .*10\.1\.2\.3/);
  });

  it('writes no password into any log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [readerPassword, wrongPassword]) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});

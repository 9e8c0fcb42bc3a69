import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { DataSourceConnection, DefinitionParameter, QueryPurpose } from '@cockpit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { organisations } from '../src/db/core-tables';
import { queryLog, uploadsSchemaName } from '../src/data-sources';
import { HttpError } from '../src/lib/http-error';
import {
  MissingUserAttribute,
  QueryTimedOut,
  SourceQueryFailed,
  SourceUnavailable,
  executorHttpError,
  type Executor,
  type ExecutorSource,
  type RunRequest,
  createExecutor,
  checkDataSourceHost,
  createDataSourceHostPolicy,
  ownDatabaseOf,
  createQueryLogWriter,
  pruneQueryLog,
  SqlRefused,
} from '../src/reports';
import { openTestDatabase, testDrivers } from './helpers/build-test-app';

// THE executor of report SQL (docs/decisions/027-reports-over-own-data.md) against real sources: a
// PostgreSQL database this file creates on 127.0.0.1:5432, MariaDB on 127.0.0.1:3306 (database `test`),
// each read through an account of its own that this file creates, and uploaded tables in the cockpit's own database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set). Locally a source that is not running is skipped with a line saying so; in
// CI (CI=true) a missing one fails the suite instead.

const runInCi = process.env.CI === 'true' || process.env.CI === '1';
const password = 'Sup3r-Secret-Passw0rd-for-the-source';
const sourcePgDatabase = 'cockpit_source_test';
const adminPgUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * The sources' accounts: they may write the test's tables (the read-only transaction must stop them)
 * but are no superuser, and the MariaDB one has no global privileges — decision 041 refuses those.
 */
const sourceAccount = `cockpit_exec_${randomBytes(4).toString('hex')}`;

async function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
const postgresUp = await reachable(5432);
const mariadbUp = await reachable(3306);
if (!postgresUp)
  console.warn('report-executor: PostgreSQL on 127.0.0.1:5432 is not running — its source tests are skipped');
if (!mariadbUp)
  console.warn('report-executor: MariaDB on 127.0.0.1:3306 is not running — its source tests are skipped');

/** Log lines as the executor writes them, to prove the password is in none. */
function capturingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const write = (...args: unknown[]) => {
    lines.push(
      JSON.stringify(args, (_key, value: unknown) =>
        value instanceof Error ? { ...value, message: value.message, stack: value.stack } : value,
      ),
    );
  };
  const log = {
    info: write,
    warn: write,
    error: write,
    debug: write,
    trace: write,
    fatal: write,
    level: 'trace',
  } as unknown as FastifyBaseLogger;
  (log as unknown as { child: () => FastifyBaseLogger }).child = () => log;
  return { log, lines };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('did not fail');
}

const label = { en: 'x' };
const rangeParameter: DefinitionParameter = {
  name: 'range',
  type: 'date-range',
  label,
  required: true,
  default: { preset: 'all' },
};
const regionParameter: DefinitionParameter = {
  name: 'region',
  type: 'multi-choice',
  label,
  required: false,
  options: [{ value: 'North' }, { value: 'South' }, { value: 'East' }, { value: "North' OR 'x'='x" }],
};
const noteParameter: DefinitionParameter = { name: 'note', type: 'text', label, required: false };
const minParameter: DefinitionParameter = { name: 'min', type: 'number', label, required: false };
const dayParameter: DefinitionParameter = { name: 'day', type: 'date', label, required: false };
const oneParameter: DefinitionParameter = {
  name: 'one',
  type: 'choice',
  label,
  required: false,
  optionsSql: 'select 1',
};

const member = { id: null, email: 'member@example.com', attributes: { region: ['North'] } };

function requestFor(source: ExecutorSource, sqlText: string, extra: Partial<RunRequest> = {}): RunRequest {
  return {
    source,
    definition: {
      name: `def_${randomBytes(3).toString('hex')}`,
      version: 1,
      sql: sqlText,
      parameters: [rangeParameter, regionParameter, noteParameter, minParameter, dayParameter, oneParameter],
      cacheSeconds: 0,
    },
    values: {},
    today: '2026-06-30',
    user: member,
    purpose: 'report' as QueryPurpose,
    ...extra,
  };
}

const sampleRows = Array.from({ length: 240 }, (_, index) => ({
  id: index + 1,
  region: ['North', 'South', 'East'][index % 3]!,
  day: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
  amount: Math.round((index * 7.25 + 3) * 100) / 100,
  note: index % 10 === 0 ? 'special' : `row ${index + 1}`,
}));

// ---------------------------------------------------------------------------- host policy

describe('data source host policy', () => {
  const resolver = {
    addresses: async (host: string) =>
      ({
        'db.example.com': ['93.184.216.34'],
        'inside.example.com': ['10.1.2.3'],
        'cockpit-db.example.com': ['93.184.216.40'],
      })[host] ?? Promise.reject(new Error('no such host')),
    txt: async () => [],
  };
  const own = { host: 'cockpit-db.example.com', port: 5432, database: 'cockpit' };

  it('allows public addresses by default and refuses loopback, private and unknown hosts', async () => {
    const options = { allowed: [], ownDatabase: null, resolver };
    expect(await checkDataSourceHost('db.example.com', options)).toBeNull();
    expect(await checkDataSourceHost('127.0.0.1', options)).toContain('loopback');
    expect(await checkDataSourceHost('localhost', options)).toContain('loopback');
    expect(await checkDataSourceHost('inside.example.com', options)).toContain('private');
    expect(await checkDataSourceHost('[::ffff:10.0.0.1]', options)).not.toBeNull();
    expect(await checkDataSourceHost('nowhere.example.com', options)).toContain('does not resolve');
  });

  it('allows what DATA_SOURCE_HOSTS lists', async () => {
    const options = { allowed: ['10.0.0.0/8', '127.0.0.1'], ownDatabase: null, resolver };
    expect(await checkDataSourceHost('inside.example.com', options)).toBeNull();
    expect(await checkDataSourceHost('127.0.0.1', options)).toBeNull();
  });

  it("refuses the cockpit's own database server unless listed, and its own database even then", async () => {
    expect(
      await checkDataSourceHost('cockpit-db.example.com', { allowed: [], ownDatabase: own, resolver }),
    ).toContain('own database server');
    expect(await checkDataSourceHost('93.184.216.40', { allowed: [], ownDatabase: own, resolver })).toContain(
      'own database server',
    );
    const listed = { allowed: ['93.184.216.40'], ownDatabase: own, resolver };
    expect(
      await checkDataSourceHost('93.184.216.40', {
        ...listed,
        target: { kind: 'postgres', port: 5432, database: 'sales' },
      }),
    ).toBeNull();
    expect(
      await checkDataSourceHost('93.184.216.40', {
        ...listed,
        target: { kind: 'postgres', port: 5432, database: 'cockpit' },
      }),
    ).toContain("cockpit's own database");
    // Loopback under any name is the same machine.
    const local = {
      allowed: ['127.0.0.1', '::1'],
      ownDatabase: { host: 'localhost', port: 5432, database: 'cockpit' },
      resolver,
    };
    expect(
      await checkDataSourceHost('127.0.0.1', {
        ...local,
        target: { kind: 'postgres', port: 5432, database: 'COCKPIT' },
      }),
    ).toContain("cockpit's own database");
  });

  it('reads the own database from DATABASE_URL', () => {
    expect(ownDatabaseOf('postgres://u:p@db.internal:6543/cockpit')).toEqual({
      host: 'db.internal',
      port: 6543,
      database: 'cockpit',
    });
    expect(ownDatabaseOf(null)).toBeNull();
  });
});

// ---------------------------------------------------------------------------- the cockpit's database

interface Cockpit {
  database: DatabaseHandle;
  drop: () => Promise<void>;
  orgA: string;
  orgB: string;
  ownDatabase: ReturnType<typeof ownDatabaseOf>;
}

async function openCockpit(driver: 'pglite' | 'postgres'): Promise<Cockpit> {
  const { database, dropDatabase } = await openTestDatabase(driver);
  await database.migrate();
  const [a] = await database.db
    .insert(organisations)
    .values({ name: `Org A ${randomBytes(3).toString('hex')}` })
    .returning();
  const [b] = await database.db
    .insert(organisations)
    .values({ name: `Org B ${randomBytes(3).toString('hex')}` })
    .returning();
  const databaseName =
    driver === 'postgres'
      ? String(
          (
            (await database.db.execute(sql`select current_database() as name`)) as unknown as {
              rows: { name: string }[];
            }
          ).rows[0]?.name,
        )
      : null;
  return {
    database,
    drop: async () => {
      await database.close();
      await dropDatabase();
    },
    orgA: a!.id,
    orgB: b!.id,
    ownDatabase: databaseName ? { host: '127.0.0.1', port: 5432, database: databaseName } : null,
  };
}

async function logRows(cockpit: Cockpit, definition: string) {
  return cockpit.database.db.select().from(queryLog).where(eq(queryLog.definitionName, definition));
}

// ---------------------------------------------------------------------------- PostgreSQL source

describe.runIf(postgresUp || runInCi)('executor over a PostgreSQL source', () => {
  let cockpit: Cockpit;
  let executor: Executor;
  let admin: pg.Client;
  let direct: pg.Client;
  const registry = new Registry();
  const captured = capturingLog();
  const connection: DataSourceConnection = {
    host: '127.0.0.1',
    port: 5432,
    database: sourcePgDatabase,
    user: sourceAccount,
    tls: 'off',
    poolSize: 3,
    statementTimeoutSeconds: 30,
    rowLimit: 100_000,
  };
  let source: ExecutorSource;

  beforeAll(async () => {
    if (!postgresUp) throw new Error('PostgreSQL on 127.0.0.1:5432 is required in CI');
    admin = new pg.Client({ connectionString: adminPgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${sourcePgDatabase} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${sourcePgDatabase}`);
    direct = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${sourcePgDatabase}` });
    await direct.connect();
    await direct.query(
      'CREATE TABLE sales (id integer primary key, region text, day date, amount numeric(12,2), note text)',
    );
    await direct.query('CREATE TABLE secrets (secret text)');
    await direct.query("INSERT INTO secrets VALUES ('do not show')");
    for (const row of sampleRows) {
      await direct.query('INSERT INTO sales VALUES ($1, $2, $3, $4, $5)', [
        row.id,
        row.region,
        row.day,
        row.amount,
        row.note,
      ]);
    }
    await direct.query(
      `CREATE FUNCTION write_something() RETURNS integer LANGUAGE sql AS $$ INSERT INTO secrets VALUES ('written') RETURNING 1 $$`,
    );
    await admin.query(`CREATE ROLE ${sourceAccount} LOGIN PASSWORD '${password}'`);
    await direct.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${sourceAccount}`);
    cockpit = await openCockpit('pglite');
    executor = createExecutor({
      db: cockpit.database.db,
      log: captured.log,
      registry,
      hostPolicy: createDataSourceHostPolicy({ allowed: ['127.0.0.1'], ownDatabase: null }),
      batchRows: 50,
    });
    source = {
      id: 'pg-1',
      organisationId: cockpit.orgA,
      name: 'warehouse',
      kind: 'postgres',
      version: 1,
      connection,
      password,
    };
  });

  afterAll(async () => {
    await executor?.close();
    await direct?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${sourcePgDatabase} WITH (FORCE)`).catch(() => {});
    await admin?.query(`DROP ROLE IF EXISTS ${sourceAccount}`).catch(() => {});
    await admin?.end();
    await cockpit?.drop();
  });

  const salesCount = async () =>
    Number((await direct.query('select count(*)::int as n from sales')).rows[0].n);
  const secretsCount = async () =>
    Number((await direct.query('select count(*)::int as n from secrets')).rows[0].n);

  it('answers exactly what the database answers for the same SQL', async () => {
    const result = await executor.run(
      requestFor(
        source,
        'select id, region, day, amount, note from sales where day between {{range.from}} and {{range.to}} [[ and region = any({{region}}) ]] [[ and amount >= {{min}} ]] order by id',
        {
          values: { range: { from: '2026-03-01', to: '2026-09-30' }, region: ['North', 'South'], min: 100 },
        },
      ),
    );
    const expected = await direct.query({
      text: "select id, region, day::text, amount::float8, note from sales where day between '2026-03-01' and '2026-09-30' and region in ('North', 'South') and amount >= 100 order by id",
      rowMode: 'array',
    });
    expect(result.rows.length).toBeGreaterThan(10);
    expect(result.rows).toEqual(expected.rows);
    expect(result.columns.map((column) => [column.name, column.kind])).toEqual([
      ['id', 'number'],
      ['region', 'text'],
      ['day', 'date'],
      ['amount', 'number'],
      ['note', 'text'],
    ]);
    expect(result.cutAtRows).toBeNull();
    expect(result.fromCache).toBe(false);
  });

  it('leaves an optional clause out when its parameter is empty', async () => {
    const result = await executor.run(
      requestFor(source, 'select count(*)::int from sales where true [[ and region = any({{region}}) ]]', {
        values: { region: [] },
      }),
    );
    expect(result.rows).toEqual([[sampleRows.length]]);
  });

  it('returns nothing extra and changes nothing for injection attempts through every parameter type', async () => {
    const before = [await salesCount(), await secretsCount()];
    const attempts: [string, Record<string, unknown>][] = [
      ['note = {{note}}', { note: "x' OR '1'='1" }],
      ['note = {{note}}', { note: "x'; DELETE FROM sales; --" }],
      ['region = any({{region}})', { region: ["North' OR 'x'='x"] }],
    ];
    for (const [condition, values] of attempts) {
      const result = await executor.run(
        requestFor(source, `select id from sales where ${condition}`, { values: values as never }),
      );
      expect(result.rows).toEqual([]);
    }
    // Types that cannot carry text are refused before anything runs, naming the parameter.
    for (const [name, value] of [
      ['min', '1 OR 1=1'],
      ['day', "2026-01-01' OR '1'='1"],
      ['range', { from: "2026-01-01' OR 1=1 --", to: '2026-12-31' }],
      ['region', "North' OR 'x'='x"],
      // A choice from a query: only what its optionsSql answers for the reader (decision 038).
      ['one', "' UNION SELECT secret FROM secrets --"],
    ] as const) {
      const error = await thrown(
        executor.run(requestFor(source, 'select 1', { values: { [name]: value } as never })),
      );
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toContain(`'${name}'`);
    }
    expect([await salesCount(), await secretsCount()]).toEqual(before);
  });

  it('refuses statements other than one SELECT before they reach the database', async () => {
    const before = await salesCount();
    for (const text of [
      'delete from sales',
      'select 1; delete from sales',
      'update sales set amount = 0',
      'drop table sales',
      'select * into copy from sales',
      'select * from sales for update',
    ]) {
      const error = await thrown(executor.run(requestFor(source, text)));
      expect(error).toBeInstanceOf(SqlRefused);
      const answer = executorHttpError(error, 'member') as HttpError;
      expect(answer.statusCode).toBe(400);
    }
    expect(await salesCount()).toBe(before);
    expect(
      await direct.query("select 1 from pg_tables where tablename = 'copy'").then((r) => r.rowCount),
    ).toBe(0);
  });

  it('runs in a read-only transaction: a data-modifying CTE fails there; a writing function is not on the allow-list', async () => {
    const before = [await salesCount(), await secretsCount()];
    // Decision 037: only functions on the allow-list run, so the cockpit refuses this one before the database.
    expect(await thrown(executor.run(requestFor(source, 'select write_something()')))).toBeInstanceOf(
      SqlRefused,
    );
    for (const text of ['with gone as (delete from sales returning *) select count(*) from gone']) {
      const error = await thrown(executor.run(requestFor(source, text)));
      expect(error).toBeInstanceOf(SourceQueryFailed);
      expect((error as SourceQueryFailed).detail).toContain('read-only transaction');
      // The database refused the statement: the definition is broken, not the source down (decision 046).
      expect(executorHttpError(error, 'member') as HttpError).toMatchObject({
        statusCode: 500,
        message: 'This report has a problem; its owner has been told.',
      });
      expect((executorHttpError(error, 'administrator') as HttpError).message).toContain(
        'read-only transaction',
      );
    }
    expect([await salesCount(), await secretsCount()]).toEqual(before);
  });

  it("shows the database's error position in the SQL as written", async () => {
    const text = 'select {{note}} as n, nosuchcolumn from sales';
    const error = (await thrown(
      executor.run(requestFor(source, text, { values: { note: 'x' } })),
    )) as SourceQueryFailed;
    expect(error).toBeInstanceOf(SourceQueryFailed);
    expect(error.position).toBe(text.indexOf('nosuchcolumn'));
  });

  it('cancels a statement past the timeout', async () => {
    const slow = { ...source, id: 'pg-slow', connection: { ...connection, statementTimeoutSeconds: 1 } };
    // pg_sleep is not on the allow-list (decision 037): a cross join of allowed functions takes long enough.
    const error = await thrown(
      executor.run(
        requestFor(slow, 'select count(*) from generate_series(1, 100000) a, generate_series(1, 100000) b'),
      ),
    );
    expect(error).toBeInstanceOf(QueryTimedOut);
    expect((error as HttpError).statusCode).toBe(503);
  });

  it('cuts at the row limit and says so', async () => {
    const limited = { ...source, id: 'pg-limited', connection: { ...connection, rowLimit: 100 } };
    const cut = await executor.run(requestFor(limited, 'select id from sales order by id'));
    expect(cut.rows).toHaveLength(100);
    expect(cut.rows.at(-1)).toEqual([100]);
    expect(cut.cutAtRows).toBe(100);
    const exact = await executor.run(requestFor(limited, 'select id from sales where id <= 100'));
    expect(exact.cutAtRows).toBeNull();
    const preview = await executor.run(
      requestFor(source, 'select id from sales', { rowLimit: 10, purpose: 'preview' }),
    );
    expect([preview.rows.length, preview.cutAtRows]).toEqual([10, 10]);
  });

  it('streams a result in batches with the same rows', async () => {
    const whole = await executor.run(requestFor(source, 'select id, amount from sales order by id'));
    const streamed = await executor.stream(
      requestFor(source, 'select id, amount from sales order by id', { purpose: 'download' }),
    );
    const batches: number[] = [];
    const rows = [];
    for await (const batch of streamed.rows) {
      batches.push(batch.length);
      rows.push(...batch);
    }
    expect(rows).toEqual(whole.rows);
    expect(batches.length).toBeGreaterThan(2);
    expect(streamed.cutAtRows()).toBeNull();
    const cut = await executor.stream(
      requestFor(source, 'select id from sales', { rowLimit: 120, purpose: 'download' }),
    );
    let count = 0;
    for await (const batch of cut.rows) count += batch.length;
    expect([count, cut.cutAtRows()]).toEqual([120, 120]);
  });

  it('binds user attributes and refuses a user without the attribute, also inside an optional clause', async () => {
    const text = 'select distinct region from sales where region = any({{user.attributes.region}})';
    expect((await executor.run(requestFor(source, text))).rows).toEqual([['North']]);
    const other = { id: null, email: 'x@example.com', attributes: { region: ['South', 'East'] } };
    expect((await executor.run(requestFor(source, `${text} order by 1`, { user: other }))).rows).toEqual([
      ['East'],
      ['South'],
    ]);
    const none = { id: null, email: 'y@example.com', attributes: {} };
    for (const withClause of [
      text,
      'select region from sales where true [[ and region = any({{user.attributes.region}}) ]]',
    ]) {
      const error = await thrown(executor.run(requestFor(source, withClause, { user: none })));
      expect(error).toBeInstanceOf(MissingUserAttribute);
      expect((error as HttpError).statusCode).toBe(403);
    }
  });

  it('caches per definition version, source version and the user attribute values used', async () => {
    const request = requestFor(
      source,
      'select count(*)::int from sales where region = any({{user.attributes.region}})',
    );
    request.definition.cacheSeconds = 60;
    const first = await executor.run(request);
    const second = await executor.run(request);
    expect([first.fromCache, second.fromCache]).toEqual([false, true]);
    expect(second.rows).toEqual(first.rows);
    const otherUser = await executor.run({
      ...request,
      user: { id: null, email: 'z@example.com', attributes: { region: ['South'] } },
    });
    expect(otherUser.fromCache).toBe(false);
    expect(
      (await executor.run({ ...request, definition: { ...request.definition, version: 2 } })).fromCache,
    ).toBe(false);
    expect((await executor.run({ ...request, source: { ...source, version: 2 } })).fromCache).toBe(false);
    expect((await executor.run({ ...request, refresh: true })).fromCache).toBe(false);
    const never = {
      ...request,
      definition: { ...request.definition, name: 'never_cached', cacheSeconds: 0 },
    };
    await executor.run(never);
    expect((await executor.run(never)).fromCache).toBe(false);
  });

  it('logs every run: parameters, rows, cache hit, error — and never the password', async () => {
    const request = requestFor(source, 'select id from sales where region = any({{region}}) limit 3', {
      values: { region: ['East'] },
      target: 'sales-report',
      purpose: 'tile',
      user: { ...member, id: null },
    });
    await executor.run(request);
    await thrown(
      executor.run({ ...request, definition: { ...request.definition, sql: 'select nosuch from sales' } }),
    );
    const rows = await logRows(cockpit, request.definition.name);
    expect(rows).toHaveLength(2);
    const ok = rows.find((row) => row.error === null)!;
    expect(ok).toMatchObject({
      dataSourceName: 'warehouse',
      target: 'sales-report',
      purpose: 'tile',
      rows: 3,
      cacheHit: false,
    });
    expect(ok.parameters).toMatchObject({
      region: ['East'],
      range: { from: '1000-01-01', to: '9999-12-31' },
    });
    expect(rows.find((row) => row.error !== null)?.error).toContain('nosuch');
    const everything = JSON.stringify(await cockpit.database.db.select().from(queryLog));
    expect(everything).not.toContain(password);
  });

  it('counts runs, errors and durations per data source on the metrics', async () => {
    const text = await registry.metrics();
    expect(text).toMatch(
      /cockpit_data_source_runs_total\{organisation="[^"]+",data_source="warehouse",cache="miss"\} \d+/,
    );
    expect(text).toMatch(/cockpit_data_source_runs_total\{[^}]*data_source="warehouse",cache="hit"\} [1-9]/);
    expect(text).toMatch(
      /cockpit_data_source_errors_total\{[^}]*data_source="warehouse",kind="refused"\} [1-9]/,
    );
    expect(text).toMatch(/cockpit_data_source_errors_total\{[^}]*kind="timeout"\} [1-9]/);
    expect(text).toMatch(
      /cockpit_data_source_query_duration_seconds_count\{[^}]*data_source="warehouse"\} [1-9]/,
    );
    expect(text).toContain('cockpit_data_source_connections_in_use');
  });

  it('reports an unreachable source as unavailable, without the password anywhere', async () => {
    const closedPort = { ...source, id: 'pg-down', connection: { ...connection, port: 1 } };
    const wrongDatabase = {
      ...source,
      id: 'pg-nodb',
      connection: { ...connection, database: 'no_such_database' },
    };
    for (const broken of [closedPort, wrongDatabase]) {
      const error = await thrown(executor.run(requestFor(broken, 'select 1')));
      expect(error).toBeInstanceOf(SourceUnavailable);
      expect((error as HttpError).statusCode).toBe(503);
      const forAdmin = executorHttpError(error, 'administrator') as HttpError;
      expect(
        JSON.stringify([forAdmin.message, (error as SourceUnavailable).detail, (error as Error).stack]),
      ).not.toContain(password);
      const tested = await executor.test(broken);
      expect(tested.ok).toBe(false);
      expect(tested.message).not.toContain(password);
    }
    // Another source keeps working.
    expect((await executor.run(requestFor(source, 'select 1 as one'))).rows).toEqual([[1]]);
    expect(captured.lines.length).toBeGreaterThan(0);
    expect(captured.lines.join('\n')).not.toContain(password);
  });

  it('refuses a host the policy does not allow, at connect time too', async () => {
    const strict = createExecutor({
      db: cockpit.database.db,
      log: captured.log,
      hostPolicy: createDataSourceHostPolicy({ allowed: [], ownDatabase: null }),
    });
    try {
      const error = await thrown(strict.run(requestFor(source, 'select 1')));
      expect(error).toBeInstanceOf(SourceUnavailable);
      expect((error as SourceUnavailable).detail).toContain('loopback');
      expect(await strict.hostProblem('127.0.0.1')).toContain('DATA_SOURCE_HOSTS');
    } finally {
      await strict.close();
    }
  });

  it('connects to the address the host policy checked (a name the system cannot resolve)', async () => {
    const resolver = {
      addresses: async (host: string) => (host === 'warehouse.test' ? ['127.0.0.1'] : []),
      txt: async () => [],
    };
    const pinned = createExecutor({
      db: cockpit.database.db,
      log: captured.log,
      hostPolicy: createDataSourceHostPolicy({ allowed: ['127.0.0.1'], ownDatabase: null, resolver }),
    });
    try {
      const named = { ...source, id: 'pg-named', connection: { ...connection, host: 'warehouse.test' } };
      expect((await pinned.run(requestFor(named, 'select 7 as seven'))).rows).toEqual([[7]]);
      const refused = { ...named, id: 'pg-named-2', connection: { ...connection, host: 'elsewhere.test' } };
      expect(await thrown(pinned.run(requestFor(refused, 'select 1')))).toBeInstanceOf(SourceUnavailable);
    } finally {
      await pinned.close();
    }
  });

  it('tests the connection: read-only session, an account that could write, the tables', async () => {
    const tested = await executor.test(source);
    expect(tested).toMatchObject({ ok: true, message: null, readOnlySession: true, accountCanWrite: true });
    expect(tested.serverVersion).toMatch(/^\d+/);
    const sales = tested.schema?.tables.find((table) => table.name === 'sales');
    expect(sales?.columns.map((column) => column.name)).toEqual(['id', 'region', 'day', 'amount', 'note']);
    const described = await executor.describe(source);
    expect(described.tables.map((table) => table.name).sort()).toEqual(['sales', 'secrets']);
  });
});

// ---------------------------------------------------------------------------- MariaDB source

describe.runIf(mariadbUp || runInCi)('executor over a MariaDB source', () => {
  const table = `cockpit_exec_${randomBytes(4).toString('hex')}`;
  let cockpit: Cockpit;
  let executor: Executor;
  let direct: mysql.Connection;
  const captured = capturingLog();
  const connection: DataSourceConnection = {
    host: '127.0.0.1',
    port: 3306,
    database: 'test',
    user: sourceAccount,
    tls: 'off',
    poolSize: 3,
    statementTimeoutSeconds: 30,
    rowLimit: 100_000,
  };
  let source: ExecutorSource;

  beforeAll(async () => {
    if (!mariadbUp) throw new Error('MariaDB on 127.0.0.1:3306 is required in CI');
    direct = await mysql.createConnection({
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      database: 'test',
      dateStrings: true,
      decimalNumbers: true,
    });
    await direct.query(
      `CREATE TABLE ${table} (id int primary key, region varchar(20), day date, amount decimal(12,2), note varchar(100))`,
    );
    await direct.query(`INSERT INTO ${table} VALUES ?`, [
      sampleRows.map((row) => [row.id, row.region, row.day, row.amount, row.note]),
    ]);
    await direct.query(`CREATE USER '${sourceAccount}'@'%' IDENTIFIED BY '${password}'`);
    // SELECT on the database too: the sequence engine's tables (seq_1_to_n) are read through it.
    await direct.query(`GRANT SELECT ON test.* TO '${sourceAccount}'@'%'`);
    await direct.query(`GRANT ALL PRIVILEGES ON test.${table} TO '${sourceAccount}'@'%'`);
    cockpit = await openCockpit('pglite');
    executor = createExecutor({
      db: cockpit.database.db,
      log: captured.log,
      hostPolicy: createDataSourceHostPolicy({ allowed: ['127.0.0.1'], ownDatabase: null }),
      batchRows: 50,
    });
    source = {
      id: 'my-1',
      organisationId: cockpit.orgA,
      name: 'shop',
      kind: 'mysql',
      version: 1,
      connection,
      password,
    };
  });

  afterAll(async () => {
    await executor?.close();
    await direct?.query(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
    await direct?.query(`DROP USER IF EXISTS '${sourceAccount}'@'%'`).catch(() => {});
    await direct?.end();
    await cockpit?.drop();
  });

  const count = async () =>
    Number(
      ((await direct.query(`select count(*) as n from ${table}`)) as unknown as [{ n: number }[]])[0][0]!.n,
    );

  it('answers exactly what the database answers for the same SQL; a multi-choice becomes one ? per value', async () => {
    const result = await executor.run(
      requestFor(
        source,
        `select id, region, day, amount, note from ${table} where day between {{range.from}} and {{range.to}} [[ and region in ({{region}}) ]] order by id`,
        {
          values: { range: { from: '2026-03-01', to: '2026-09-30' }, region: ['North', 'South'] },
        },
      ),
    );
    const [expected] = await direct.query({
      sql: `select id, region, day, amount, note from ${table} where day between '2026-03-01' and '2026-09-30' and region in ('North', 'South') order by id`,
      rowsAsArray: true,
    });
    expect(result.rows.length).toBeGreaterThan(10);
    expect(result.rows).toEqual(expected);
    expect(result.columns.map((column) => column.kind)).toEqual(['number', 'text', 'date', 'number', 'text']);
  });

  it('returns nothing extra and changes nothing for injection attempts', async () => {
    const before = await count();
    for (const [condition, values] of [
      ['note = {{note}}', { note: "x' OR '1'='1" }],
      ['note = {{note}}', { note: "x\\' OR 1=1 -- " }],
      ['region in ({{region}})', { region: ["North' OR 'x'='x"] }],
    ] as const) {
      const result = await executor.run(
        requestFor(source, `select id from ${table} where ${condition}`, { values: values as never }),
      );
      expect(result.rows).toEqual([]);
    }
    // A choice from a query takes only what its optionsSql answers for the reader (decision 038).
    const refused = await thrown(
      executor.run(
        requestFor(source, `select id from ${table} where region = {{one}}`, {
          values: { one: `'; DROP TABLE ${table}; --` },
        }),
      ),
    );
    expect((refused as HttpError).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses other statements before they run, and the transaction is read-only', async () => {
    const before = await count();
    for (const text of [
      `delete from ${table}`,
      `select 1; delete from ${table}`,
      `select * from ${table} into outfile '/tmp/x'`,
      `select 1 /*! ; delete from ${table} */`,
    ]) {
      const error = await thrown(executor.run(requestFor(source, text)));
      expect(error).toBeInstanceOf(SqlRefused);
    }
    const tested = await executor.test(source);
    expect(tested).toMatchObject({ ok: true, readOnlySession: true, accountCanWrite: true });
    expect(tested.serverVersion).toContain('MariaDB');
    expect(tested.schema?.tables.some((described) => described.name === table)).toBe(true);
    expect(await count()).toBe(before);
  });

  it('cancels a statement past the timeout (max_statement_time)', async () => {
    const slow = { ...source, id: 'my-slow', connection: { ...connection, statementTimeoutSeconds: 1 } };
    // SLEEP is not on the allow-list (decision 037): a cross join of the sequence engine's tables takes long enough.
    expect(
      await thrown(
        executor.run(requestFor(slow, 'select count(*) from seq_1_to_100000 a, seq_1_to_100000 b')),
      ),
    ).toBeInstanceOf(QueryTimedOut);
    // The pool's connection is usable afterwards.
    expect((await executor.run(requestFor(slow, 'select 2 as two'))).rows).toEqual([[2]]);
  });

  it('cuts at the row limit and streams large results in batches', async () => {
    const limited = { ...source, id: 'my-limited', connection: { ...connection, rowLimit: 1_000 } };
    const cut = await executor.run(requestFor(limited, 'select seq from seq_1_to_50000'));
    expect([cut.rows.length, cut.cutAtRows, cut.rows.at(-1)]).toEqual([1_000, 1_000, [1_000]]);
    // The connection dropped after the cut: the next run still works.
    expect((await executor.run(requestFor(limited, 'select 1 as one'))).rows).toEqual([[1]]);
    const streamed = await executor.stream(
      requestFor(source, 'select seq from seq_1_to_30000', { purpose: 'download' }),
    );
    let rows = 0;
    let last: unknown = null;
    for await (const batch of streamed.rows) {
      rows += batch.length;
      last = batch.at(-1)?.[0];
    }
    expect([rows, last, streamed.cutAtRows()]).toEqual([30_000, 30_000, null]);
  });

  it('connects to the address the host policy checked (a name the system cannot resolve)', async () => {
    const resolver = {
      addresses: async (host: string) => (host === 'mariadb.test' ? ['127.0.0.1'] : []),
      txt: async () => [],
    };
    const pinned = createExecutor({
      db: cockpit.database.db,
      log: captured.log,
      hostPolicy: createDataSourceHostPolicy({ allowed: ['127.0.0.1'], ownDatabase: null, resolver }),
    });
    try {
      const named = { ...source, id: 'my-named', connection: { ...connection, host: 'mariadb.test' } };
      expect((await pinned.run(requestFor(named, 'select 7 as seven'))).rows).toEqual([[7]]);
    } finally {
      await pinned.close();
    }
  });

  it('reports an unreachable source as unavailable', async () => {
    const down = { ...source, id: 'my-down', password, connection: { ...connection, port: 1 } };
    const error = await thrown(executor.run(requestFor(down, 'select 1')));
    expect(error).toBeInstanceOf(SourceUnavailable);
    expect(JSON.stringify([(error as SourceUnavailable).detail, captured.lines])).not.toContain(password);
  });
});

// ---------------------------------------------------------------------------- uploaded tables

describe.each(testDrivers())('executor over uploaded tables (%s)', (driver) => {
  let cockpit: Cockpit;
  let executor: Executor;
  let source: ExecutorSource;
  let schemaA: string;
  let schemaB: string;

  beforeAll(async () => {
    cockpit = await openCockpit(driver);
    schemaA = uploadsSchemaName(cockpit.orgA);
    schemaB = uploadsSchemaName(cockpit.orgB);
    const db = cockpit.database.db;
    for (const schema of [schemaA, schemaB]) {
      await db.execute(sql.raw(`CREATE SCHEMA "${schema}"`));
      await db.execute(
        sql.raw(
          `CREATE TABLE "${schema}".sales (id integer, region text, day date, amount numeric(12,2), note text)`,
        ),
      );
    }
    await db.execute(
      sql.raw(
        `INSERT INTO "${schemaA}".sales SELECT g, (ARRAY['North','South','East'])[1 + g % 3], date '2026-01-01' + g % 300, g * 1.25, 'row ' || g FROM generate_series(1, 2000) g`,
      ),
    );
    await db.execute(
      sql.raw(`INSERT INTO "${schemaB}".sales VALUES (1, 'Other', '2026-01-01', 999, 'other organisation')`),
    );
    executor = createExecutor({
      db,
      log: capturingLog().log,
      hostPolicy: createDataSourceHostPolicy({ allowed: [], ownDatabase: cockpit.ownDatabase }),
      batchRows: 300,
      uploadsStatementTimeoutSeconds: 1,
    });
    source = {
      id: `up-${cockpit.orgA}`,
      organisationId: cockpit.orgA,
      name: 'uploads',
      kind: 'uploads',
      version: 1,
      connection: null,
      password: null,
    };
  });

  afterAll(async () => {
    await executor?.close();
    await cockpit?.drop();
  });

  it("reads the organisation's tables, unqualified or qualified with its schema, as the database answers", async () => {
    const result = await executor.run(
      requestFor(
        source,
        `select id, region, day, amount from sales where region = any({{region}}) and day >= {{range.from}} order by id`,
        {
          values: { region: ['North'], range: { from: '2026-06-01', to: '2026-12-31' } },
        },
      ),
    );
    const expected = (await cockpit.database.db.execute(
      sql.raw(
        `select id, region, day::text as day, amount::float8 as amount from "${schemaA}".sales where region = 'North' and day >= '2026-06-01' order by id`,
      ),
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows.length).toBeGreaterThan(50);
    expect(result.rows).toEqual(
      expected.rows.map((row) => [row.id, row.region, row.day, Number(row.amount)]),
    );
    const qualified = await executor.run(requestFor(source, `select count(*)::int from "${schemaA}".sales`));
    expect(qualified.rows).toEqual([[2000]]);
  });

  it('streams in batches with the other work of the process running in between', async () => {
    const streamed = await executor.stream(
      requestFor(source, 'select id from sales order by id', { purpose: 'download' }),
    );
    let rows = 0;
    let batches = 0;
    for await (const batch of streamed.rows) {
      rows += batch.length;
      batches += 1;
    }
    expect([rows, batches]).toEqual([2000, 7]);
    // Finished: the database takes other queries (an open PGlite transaction would hold them).
    expect((await logRows(cockpit, 'nothing')).length).toBe(0);
  });

  it('lets other queries of the process run while a stream is being read', async () => {
    const streamed = await executor.stream(
      requestFor(source, 'select id from sales order by id', { purpose: 'download' }),
    );
    const iterator = streamed.rows[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toHaveLength(300);
    // A reader that takes its time: the cockpit's database still answers other queries meanwhile.
    const other = (await cockpit.database.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
      rows: { answer: number }[];
    };
    expect(other.rows[0]?.answer).toBe(42);
    let rows = first.value.length;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      rows += next.value.length;
    expect(rows).toBe(2000);
  });

  it('closes a stream that is not read to its end', async () => {
    const streamed = await executor.stream(
      requestFor(source, 'select id from sales', { purpose: 'download' }),
    );
    await streamed.close();
    await streamed.close();
    expect((await executor.run(requestFor(source, 'select count(*)::int from sales'))).rows).toEqual([
      [2000],
    ]);
  });

  it('cannot read anything but its own tables', async () => {
    const attempts = [
      'select * from public."user"',
      'select * from "user"',
      'select * from pg_catalog.pg_class',
      'select relname from pg_class',
      'select * from pg_user',
      'select * from information_schema.tables',
      `select * from "${schemaB}".sales`,
      'select * from drizzle.__drizzle_migrations',
      "select query_to_xml('select * from public.user', true, true, '')",
      "select set_config('search_path', 'public', true)",
      "select pg_read_file('/etc/passwd')",
      "select current_setting('search_path')",
      'set search_path to public',
      'select * from sales, lateral (select * from public.session) s',
      "select 'public.user'::regclass::oid",
      'with recursive x as (select 1) select * from x, pg_namespace',
      `select * from sales where id in (select id from "${schemaB}".sales)`,
    ];
    for (const text of attempts) {
      const error = await thrown(executor.run(requestFor(source, text)));
      expect(error, text).toBeInstanceOf(SqlRefused);
    }
    // Another organisation names the first one's table: refused, not found.
    const other = { ...source, id: `up-${cockpit.orgB}`, organisationId: cockpit.orgB };
    expect(await thrown(executor.run(requestFor(other, `select * from "${schemaA}".sales`)))).toBeInstanceOf(
      SqlRefused,
    );
    expect((await executor.run(requestFor(other, 'select note from sales'))).rows).toEqual([
      ['other organisation'],
    ]);
  });

  it('refuses a run as timed out past the statement timeout: PostgreSQL cancels it, PGlite between batches', async () => {
    // A clock that runs 0.6 s per reading: the limit of 1 s is past by the second batch of 300 rows.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 600));
    try {
      const result = executor.run(requestFor(source, 'select id from sales order by id'));
      if (driver === 'pglite') expect(await thrown(result)).toBeInstanceOf(QueryTimedOut);
      // PostgreSQL enforces the limit itself (`cancels a statement past the timeout`); its clock is its own.
      else expect((await result).rows).toHaveLength(2000);
    } finally {
      clock.mockRestore();
    }
    // A run within the limit is answered.
    expect((await executor.run(requestFor(source, 'select id from sales order by id'))).rows).toHaveLength(
      2000,
    );
  });

  it('binds text that tries to escape as a value', async () => {
    const result = await executor.run(
      requestFor(source, 'select id from sales where note = {{note}}', { values: { note: "x' OR '1'='1" } }),
    );
    expect(result.rows).toEqual([]);
    const count = (await cockpit.database.db.execute(
      sql.raw(`select count(*)::int as n from "${schemaA}".sales`),
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]?.n).toBe(2000);
  });

  it('keeps the query log 30 days', async () => {
    const db = cockpit.database.db;
    const entry = {
      organisationId: cockpit.orgA,
      userId: null,
      dataSourceName: 'uploads',
      definitionName: 'retention',
      target: null,
      purpose: 'report' as const,
      parameters: {},
      rows: 1,
      milliseconds: 1,
      cacheHit: false,
      error: null,
    };
    await db.insert(queryLog).values([
      { ...entry, at: new Date(Date.now() - 31 * 86_400_000) },
      { ...entry, at: new Date(Date.now() - 29 * 86_400_000) },
    ]);
    await pruneQueryLog(db);
    expect(
      (await logRows(cockpit, 'retention')).map((row) =>
        Math.round((Date.now() - row.at.getTime()) / 86_400_000),
      ),
    ).toEqual([29]);
    // Inserting prunes now and then (here: every time).
    await db.insert(queryLog).values({ ...entry, at: new Date(Date.now() - 40 * 86_400_000) });
    await createQueryLogWriter(db, capturingLog().log, () => 0)(entry);
    expect(await logRows(cockpit, 'retention')).toHaveLength(2);
  });

  it('describes and tests the uploaded tables', async () => {
    const described = await executor.describe(source);
    expect(described.tables).toEqual([
      {
        schema: schemaA,
        name: 'sales',
        columns: [
          { name: 'id', type: 'integer' },
          { name: 'region', type: 'text' },
          { name: 'day', type: 'date' },
          { name: 'amount', type: 'numeric' },
          { name: 'note', type: 'text' },
        ],
      },
    ]);
    expect(await executor.test(source)).toMatchObject({
      ok: true,
      readOnlySession: true,
      accountCanWrite: false,
    });
  });

  // PGlite has no statement timeout (no timer signal in WebAssembly) and no server of its own.
  if (driver !== 'postgres') return;

  it('cancels a statement past the timeout (PostgreSQL)', async () => {
    const error = await thrown(
      executor.run(requestFor(source, 'select count(*) from generate_series(1, 1000000000)')),
    );
    expect(error).toBeInstanceOf(QueryTimedOut);
  });

  it("refuses the cockpit's own database as a PostgreSQL source, even when listed", async () => {
    const policy = createDataSourceHostPolicy({ allowed: ['127.0.0.1'], ownDatabase: cockpit.ownDatabase });
    expect(
      await policy.problem('127.0.0.1', {
        kind: 'postgres',
        port: 5432,
        database: cockpit.ownDatabase!.database,
      }),
    ).toContain("cockpit's own database");
    const own = createExecutor({ db: cockpit.database.db, log: capturingLog().log, hostPolicy: policy });
    try {
      const pgSource: ExecutorSource = {
        id: 'own',
        organisationId: cockpit.orgA,
        name: 'own',
        kind: 'postgres',
        version: 1,
        password: null,
        connection: {
          host: '127.0.0.1',
          port: 5432,
          database: cockpit.ownDatabase!.database,
          user: 'postgres',
          tls: 'off',
          poolSize: 1,
          statementTimeoutSeconds: 5,
          rowLimit: 10,
        },
      };
      expect(await thrown(own.run(requestFor(pgSource, 'select * from "user"')))).toBeInstanceOf(
        SourceUnavailable,
      );
    } finally {
      await own.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { DefinitionParameter, QueryPurpose } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/db/core-tables';
import {
  type Executor,
  type ExecutorSource,
  type RunRequest,
  createExecutor,
  createDataSourceHostPolicy,
  SqlRefused,
} from '../src/reports';
import { uploadsSchemaName } from '../src/data-sources';
import { openTestDatabase, testDrivers } from './helpers/build-test-app';

// The statement guard through the executor (docs/decisions/037-statement-guard-allow-list.md): over
// uploaded tables the array spellings of reg* casts are refused and no other organisation's schema name
// reaches any answer; placeholders are typed, so date arithmetic on a parameter works; an empty
// multi-choice matches no row on both databases. PGlite always, PostgreSQL when TEST_DATABASE_URL is
// set, MariaDB on 127.0.0.1:3306 when it runs (CI=true: required).

const runInCi = process.env.CI === 'true' || process.env.CI === '1';
const mariadbUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect({ host: '127.0.0.1', port: 3306 });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});
if (!mariadbUp)
  console.warn('statement-guard-sources: MariaDB on 127.0.0.1:3306 is not running — its tests are skipped');

const silentLog = (() => {
  const nothing = () => {};
  const log = {
    info: nothing,
    warn: nothing,
    error: nothing,
    debug: nothing,
    trace: nothing,
    fatal: nothing,
    level: 'silent',
  };
  return Object.assign(log, { child: () => log }) as unknown as FastifyBaseLogger;
})();

const label = { en: 'x' };
const parameters: DefinitionParameter[] = [
  { name: 'day', type: 'date', label, required: false },
  { name: 'note', type: 'text', label, required: false },
  { name: 'n', type: 'number', label, required: false },
  {
    name: 'region',
    type: 'multi-choice',
    label,
    required: false,
    options: [{ value: 'North' }, { value: 'South' }],
  },
  { name: 'period', type: 'date-range', label, required: false },
];

function requestFor(source: ExecutorSource, sqlText: string, values: RunRequest['values'] = {}): RunRequest {
  return {
    source,
    definition: {
      name: `def_${randomBytes(3).toString('hex')}`,
      version: 1,
      sql: sqlText,
      parameters,
      cacheSeconds: 0,
    },
    values,
    today: '2026-06-30',
    user: { id: null, email: 'member@example.com', attributes: {} },
    purpose: 'report' as QueryPurpose,
  };
}

async function outcome(promise: Promise<{ rows: unknown[] }>): Promise<{ text: string; refused: boolean }> {
  try {
    return { text: JSON.stringify((await promise).rows), refused: false };
  } catch (error) {
    return {
      text: `${(error as Error).message} ${JSON.stringify(error)}`,
      refused: error instanceof SqlRefused,
    };
  }
}

describe.each(testDrivers())('statement guard over uploaded tables (%s)', (driver) => {
  let executor: Executor;
  let source: ExecutorSource;
  let schemaA: string;
  let schemaB: string;
  let close: () => Promise<void>;
  let direct: (text: string) => Promise<string>;

  beforeAll(async () => {
    const { database, dropDatabase } = await openTestDatabase(driver);
    await database.migrate();
    const db = database.db;
    const [a] = await db
      .insert(organisations)
      .values({ name: `Org A ${randomBytes(3).toString('hex')}` })
      .returning();
    const [b] = await db
      .insert(organisations)
      .values({ name: `Org B ${randomBytes(3).toString('hex')}` })
      .returning();
    schemaA = uploadsSchemaName(a!.id);
    schemaB = uploadsSchemaName(b!.id);
    for (const schema of [schemaA, schemaB]) {
      await db.execute(sql.raw(`CREATE SCHEMA "${schema}"`));
      await db.execute(
        sql.raw(`CREATE TABLE "${schema}".sales (id integer, region text, day date, note text)`),
      );
    }
    await db.execute(
      sql.raw(
        `INSERT INTO "${schemaA}".sales VALUES (1, 'North', '2026-03-15', 'a'), (2, 'South', '2026-04-01', 'b')`,
      ),
    );
    executor = createExecutor({
      db,
      log: silentLog,
      hostPolicy: createDataSourceHostPolicy({ allowed: [], ownDatabase: null }),
    });
    source = {
      id: `up-${a!.id}`,
      organisationId: a!.id,
      name: 'uploads',
      kind: 'uploads',
      version: 1,
      connection: null,
      password: null,
    };
    direct = async (text) =>
      JSON.stringify(((await db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows);
    close = async () => {
      await executor.close();
      await database.close();
      await dropDatabase();
    };
  });

  afterAll(async () => {
    await close?.();
  });

  it("refuses reg* casts in their array spellings; no other organisation's schema appears in any answer", async () => {
    // The oids around the other organisation's table (a shared server's oids run far past 16384).
    const oid = Number(
      JSON.parse(await direct(`select '"${schemaB}".sales'::regclass::oid::int as oid`))[0].oid,
    );
    const around = `generate_series(${oid - 50}, ${oid + 50}) g`;
    const attempts = [
      `select (('{'||g||'}')::_regclass)[1]::text from ${around}`,
      "select '{1,10}'::_regrole",
      `select (('{'||g||'}')::pg_catalog._regclass)[1]::text from ${around}`,
      `select (cast('{' || g || '}' as regclass[]))[1]::text from ${around}`,
      `select ('{' || g || '}')::"_regnamespace" from ${around}`,
    ];
    // Run directly, the first lists the other organisation's table: what the guard stands between.
    expect(await direct(attempts[0]!)).toContain(schemaB);
    for (const text of attempts) {
      const answer = await outcome(executor.run(requestFor(source, text)));
      expect(answer.refused, text).toBe(true);
      expect(answer.text).not.toContain(schemaB);
    }
  });

  it('binds each parameter with its declared type: date arithmetic, date_trunc, extract, concat, is not null', async () => {
    const result = await executor.run(
      requestFor(
        source,
        "select {{day}} + 1, date_trunc('month', {{day}})::date, extract(year from {{day}})::int, concat('--', {{note}}), {{day}} is not null, {{n}} * 2, {{period.from}} + 1",
        { day: '2026-03-15', note: 'x', n: 1.5, period: { from: '2026-01-31', to: '2026-02-28' } },
      ),
    );
    expect(result.rows).toEqual([['2026-03-16', '2026-03-01', 2026, '--x', true, 3, '2026-02-01']]);
  });

  it('matches no row with an empty multi-choice outside [[ ]] (as MySQL does), and every row with <> all', async () => {
    expect(
      (
        await executor.run(
          requestFor(source, 'select id from sales where region = any({{region}})', { region: [] }),
        )
      ).rows,
    ).toEqual([]);
    expect(
      (
        await executor.run(
          requestFor(source, 'select id from sales where region <> all({{region}}) order by id', {
            region: [],
          }),
        )
      ).rows,
    ).toEqual([[1], [2]]);
    const refused = await outcome(
      executor.run(
        requestFor(source, 'select id from sales where region in ({{region}})', { region: ['North'] }),
      ),
    );
    expect(refused.refused).toBe(true);
    expect(refused.text).toContain('= any({{region}})');
  });
});

describe.runIf(mariadbUp || runInCi)('statement guard over a MariaDB source', () => {
  const table = `guard_${randomBytes(3).toString('hex')}`;
  const readerPassword = `reader-${randomBytes(6).toString('hex')}`;
  let direct: mysql.Connection;
  let executor: Executor;
  let source: ExecutorSource;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (!mariadbUp) throw new Error('MariaDB on 127.0.0.1:3306 is required in CI');
    direct = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    await direct.query(`CREATE TABLE ${table} (id int primary key, region varchar(20))`);
    await direct.query(`INSERT INTO ${table} VALUES (1, 'North'), (2, 'South')`);
    // A reporting account as decision 041 admits it: SELECT on the table, nothing global.
    await direct.query(`CREATE USER '${table}'@'%' IDENTIFIED BY '${readerPassword}'`);
    await direct.query(`GRANT SELECT ON test.${table} TO '${table}'@'%'`);
    const { database, dropDatabase } = await openTestDatabase('pglite');
    await database.migrate();
    const [a] = await database.db
      .insert(organisations)
      .values({ name: `Org ${randomBytes(3).toString('hex')}` })
      .returning();
    executor = createExecutor({
      db: database.db,
      log: silentLog,
      hostPolicy: createDataSourceHostPolicy({ allowed: ['127.0.0.1'], ownDatabase: null }),
    });
    source = {
      id: 'my-guard',
      organisationId: a!.id,
      name: 'shop',
      kind: 'mysql',
      version: 1,
      connection: {
        host: '127.0.0.1',
        port: 3306,
        database: 'test',
        user: table,
        tls: 'off',
        poolSize: 2,
        statementTimeoutSeconds: 30,
        rowLimit: 1000,
      },
      password: readerPassword,
    };
    close = async () => {
      await executor.close();
      await database.close();
      await dropDatabase();
    };
  });

  afterAll(async () => {
    await direct?.query(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
    await direct?.query(`DROP USER IF EXISTS '${table}'@'%'`).catch(() => {});
    await direct?.end();
    await close?.();
  });

  it('matches no row with an empty multi-choice in `in (…)`, and every row with `not in (…)` — as PostgreSQL does', async () => {
    expect(
      (
        await executor.run(
          requestFor(source, `select id from ${table} where region in ({{region}})`, { region: [] }),
        )
      ).rows,
    ).toEqual([]);
    expect(
      (
        await executor.run(
          requestFor(source, `select id from ${table} where region not in ({{region}}) order by id`, {
            region: [],
          }),
        )
      ).rows,
    ).toEqual([[1], [2]]);
  });

  it('refuses `--1`, SLEEP and a locking subquery before they reach the server', async () => {
    for (const text of [
      `select id, 1 --1 from ${table}`,
      'select sleep(2)',
      `select id from (select id from ${table} lock in share mode) q`,
    ]) {
      expect((await outcome(executor.run(requestFor(source, text)))).refused, text).toBe(true);
    }
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiErrorSchema, apiRoutes, dashboardResponseSchema, pathOf } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportQueryLimiter } from '../src/reports';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// decision 009: one member cannot stall the server with report requests — at most 4 report/tile queries
// per user at once (429 with Retry-After beyond), a statement timeout on report queries (503 with
// Retry-After, PostgreSQL), and large answers compressed.

const report = pathOf(apiRoutes.getReport, { name: 'totalviewlayout' });

describe.each(testDrivers())('report query limits (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, { salesRows: 5_000, env: { REPORT_STATEMENT_TIMEOUT_MS: '300' } });
  });
  afterAll(() => t?.close());

  const get = async (url: string, email: string = demoUsers.member, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(await t.bearer(email)), ...headers } });
  const userIdOf = async (email: string) =>
    (await get('/api/user/settings', email)).json<{ userId: string }>().userId;

  it('refuses a fifth report or tile query of one user with 429 and Retry-After; other users go on', async () => {
    const member = await userIdOf(demoUsers.member);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Four report queries of this member are running (or waiting for their turn).
    const running = Array.from({ length: 4 }, () => t.app.reportQueryLimiter.run(member, () => held));
    try {
      const refused = await get(report);
      expect(refused.statusCode).toBe(429);
      expect(apiErrorSchema.parse(refused.json()).error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const dashboard = dashboardResponseSchema.parse(
        (await get(pathOf(apiRoutes.getDashboard, { layoutId: 101 }))).json(),
      );
      const tile = await get(
        pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: dashboard.tiles[0]!.id }),
      );
      expect(tile.statusCode).toBe(429);
      expect(Number(tile.headers['retry-after'])).toBeGreaterThan(0);

      // Another user is not limited by this member's queries (on PGlite it waits its turn).
      const other = get(report, demoUsers.admin);
      release();
      expect((await other).statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(running);
    }
    // Done: this member's reports load again.
    expect((await get(report)).statusCode).toBe(200);
    expect(t.app.reportQueryLimiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('never has more than 4 of 20 parallel requests of one user in the limiter', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(report, demoUsers.basic)));
    const statuses = answers.map((answer) => answer.statusCode);
    // A basic user may open reports; every answer is either the report or a 429.
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(4);
  });

  it('compresses large answers with brotli or gzip, as the client accepts', async () => {
    const plain = await get(report);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json();
    expect(plain.body.length).toBeGreaterThan(1024);

    const brotli = await get(report, demoUsers.member, { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(expected);
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length * 0.6);

    const gzip = await get(report, demoUsers.member, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);
  });

  // PGlite cannot cancel a running statement (decision 027): this one is PostgreSQL's.
  if (driver === 'postgres')
    it('cancels a report query past the statement timeout: 503 with Retry-After', async () => {
      // Another connection holds the daily sales table: the report's query waits for it and is
      // cancelled by PostgreSQL after REPORT_STATEMENT_TIMEOUT_MS.
      const blocker = await (t.database.db as unknown as { $client: pg.Pool }).$client.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table sales_daily in access exclusive mode');
        const started = Date.now();
        // Afresh (the page's refresh): the report's result may be in the cache from the tests above.
        const answer = await get(`${report}?refresh=true`);
        expect(answer.statusCode).toBe(503);
        expect(apiErrorSchema.parse(answer.json()).error.code).toBe('QUERY_TIMED_OUT');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await blocker.query('rollback').catch(() => {});
        blocker.release();
      }
      expect((await get(report)).statusCode).toBe(200);
    });
});

describe('the report query limiter', () => {
  const log = { warn: () => {} } as never;

  /** A stand-in for node-postgres: the limiter opens a transaction and sets the timeout in it. */
  const fakePg = () =>
    ({ transaction: (fn: (tx: unknown) => unknown) => fn({ execute: async () => {} }) }) as never;

  it('lets the queries of all users run at most maxConcurrent at once, the rest in order', async () => {
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    };
    const limiter = createReportQueryLimiter({
      db: fakePg(),
      log,
      maxPerUser: 4,
      statementTimeoutMs: 5_000,
      maxConcurrent: 2,
    });
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((user) => limiter.run(user, work)));
    expect(most).toBe(2);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 503 when a query waited for its turn longer than the statement timeout', async () => {
    const limiter = createReportQueryLimiter({
      db: fakePg(),
      log,
      maxPerUser: 4,
      statementTimeoutMs: 50,
      maxConcurrent: 1,
    });
    let release = () => {};
    const held = limiter.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(limiter.run('b', async () => 'never')).rejects.toMatchObject({
      statusCode: 503,
      headers: { 'retry-after': expect.any(String) },
    });
    release();
    await held;
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'sets the statement timeout inside its own transaction',
    async () => {
      const { openTestDatabase } = await import('./helpers/build-test-app');
      const { database, dropDatabase } = await openTestDatabase('postgres');
      try {
        const limiter = createReportQueryLimiter({
          db: database.db,
          log,
          maxPerUser: 4,
          statementTimeoutMs: 100,
        });
        await expect(limiter.run('a', (db) => db.execute(sql`select pg_sleep(2)`))).rejects.toMatchObject({
          statusCode: 503,
        });
        const timeout = await limiter.run('a', (db) => db.execute(sql`show statement_timeout`));
        expect(JSON.stringify(timeout)).toContain('100ms');
      } finally {
        await database.close();
        await dropDatabase();
      }
    },
  );
});

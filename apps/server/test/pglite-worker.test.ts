import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, embeddedClient, openDatabase } from '../src/db/database';
import type { PgliteThreadClient } from '../src/db/pglite-client';
import { createUploadsDriver } from '../src/reports';
import { uploadsSchemaName } from '../src/data-sources';
import { type TestApp, buildTestApp } from './helpers/build-test-app';
import { migratedPgliteTemplate } from './helpers/database-templates';

// The embedded database in its worker thread (docs/decisions/039-embedded-database-in-a-worker.md): the
// calls the server makes cross to the worker and back as PGlite answers them in process; a long
// statement there leaves the server's event loop free; a worker that dies stops every call with a
// clear error and the instance reports itself not ready.

type Rows<T> = { rows: T[] };

/** A statement that keeps PGlite busy for a while (PGlite has no pg_sleep that could stop it). */
const longStatement = sql`select count(*)::int as n from generate_series(1, 3000000) as a(i) where i % 7 = 3`;

describe('PGlite in its worker thread', () => {
  let database: DatabaseHandle;
  let client: PgliteThreadClient;

  beforeAll(async () => {
    database = await openDatabase({
      driver: 'pglite',
      dataDir: null,
      loadDataDir: await migratedPgliteTemplate(),
    });
    client = embeddedClient(database.db)!;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers queries with the caller’s parsers and PGlite’s own types', async () => {
    const result = await client.query<unknown[]>(
      `select $1::int as a, now()::timestamptz as at, '2024-01-02'::date as day, 12345678901::bigint as big`,
      [7],
      { rowMode: 'array', parsers: { 1082: (text) => `day ${text}` } },
    );
    expect(result.fields.map((field) => field.name)).toEqual(['a', 'at', 'day', 'big']);
    const [a, at, day] = result.rows[0]!;
    expect(a).toBe(7);
    expect(at).toBeInstanceOf(Date);
    expect(day).toBe('day 2024-01-02');
    // Drizzle keeps timestamps as text through its parsers.
    const drizzle = (await database.db.execute(
      sql`select '2024-01-02 03:04:05'::timestamp as at`,
    )) as unknown as Rows<{ at: unknown }>;
    expect(drizzle.rows[0]!.at).toBe('2024-01-02 03:04:05');
  });

  it('gives a failed statement’s SQLSTATE and position to the caller', async () => {
    const error = await client
      .query('select nothing_here from pg_class')
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '42703', position: expect.any(String) });
    expect((error as Error).message).toMatch(/nothing_here/);
    // The session goes on after a failure.
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('commits a transaction, rolls back on a throw, and holds other calls back while one is open', async () => {
    await client.exec('create table worker_t (n int)');
    await client.transaction(async (tx) => {
      await tx.query('insert into worker_t values ($1)', [1]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into worker_t values ($1)', [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');

    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into worker_t values (3)');
      order.push('inserted');
      await held;
      order.push('committing');
    });
    // Outside the transaction: waits in the worker until it ends, then sees its row.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = client.query<{ n: number }>('select n from worker_t order by n').then((result) => {
      order.push('outside');
      return result.rows.map((row) => row.n);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([1, 3]);
    expect(order).toEqual(['inserted', 'committing', 'outside']);

    // Drizzle's transactions (and their savepoints) go the same way.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_t values (4)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into worker_t values (5)`);
          inner.rollback();
        })
        .catch(() => {});
    });
    expect(
      (await client.query<{ n: number }>('select n from worker_t order by n')).rows.map((row) => row.n),
    ).toEqual([1, 3, 4]);
  });

  it('reads a cursor batch by batch inside a transaction, and a WITH HOLD cursor after it', async () => {
    const batches: number[][] = [];
    await client.transaction(async (tx) => {
      await tx.query('declare c no scroll cursor for select i from generate_series(1, 5) as s(i)');
      for (;;) {
        const batch = await tx.query<unknown[]>('fetch forward 2 from c', [], { rowMode: 'array' });
        if (batch.rows.length === 0) break;
        batches.push(batch.rows.map((row) => row[0] as number));
      }
    });
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);

    await client.transaction(async (tx) => {
      await tx.query(
        'declare held no scroll cursor with hold for select i from generate_series(1, 3) as s(i)',
      );
    });
    expect((await client.query<{ i: number }>('fetch forward 2 from held')).rows).toEqual([
      { i: 1 },
      { i: 2 },
    ]);
    await client.query('close held');
  });

  it('reads an uploaded table through the uploads driver: the transaction ends before the rows are used', async () => {
    const organisationId = '0b7c1a52-3f0e-4a61-9d43-6a1d2c3b4e5f';
    const schema = uploadsSchemaName(organisationId);
    await client.exec(
      `create schema "${schema}"; create table "${schema}".numbers as select i from generate_series(1, 25) as s(i)`,
    );
    const driver = createUploadsDriver(database.db);
    const source = { id: 'uploads-1', organisationId, name: 'uploads', version: 1 };
    const run = (maxRows?: number) => ({
      text: 'select i from numbers where i > $1 order by i',
      values: [0],
      timeoutSeconds: 10,
      firstRows: 4,
      ...(maxRows === undefined ? {} : { maxRows }),
      templatePosition: (offset: number) => offset,
    });

    const bounded = await driver.open(source, run(21));
    // Nothing read beyond the first batch yet, and still the session is free for everybody else.
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const read: unknown[] = [];
    for (let batch = await bounded.next(4); batch.length > 0; batch = await bounded.next(4))
      read.push(...batch.map((row) => row[0]));
    await bounded.close();
    expect(read).toEqual(Array.from({ length: 21 }, (_, index) => index + 1));

    // A stream: a cursor WITH HOLD read batch by batch with plain calls.
    const stream = await driver.open(source, run());
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const streamed: unknown[] = [];
    for (let batch = await stream.next(10); batch.length > 0; batch = await stream.next(10))
      streamed.push(...batch.map((row) => row[0]));
    await stream.close();
    expect(streamed).toHaveLength(25);
  });

  it('forwards NOTIFY to a listener, and stops when told', async () => {
    const payloads: string[] = [];
    const stop = await database.listen('worker_channel', {
      onNotify: (payload) => payloads.push(payload),
      onReconnect: () => {},
    });
    await database.db.execute(sql`select pg_notify('worker_channel', 'one')`);
    await client.transaction(async (tx) => {
      await tx.query(`notify worker_channel, 'two'`);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payloads).toEqual(['one', 'two']);
    await stop();
    await database.db.execute(sql`select pg_notify('worker_channel', 'three')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payloads).toEqual(['one', 'two']);
  });

  it('dumps its data, and a database started from the dump has it', async () => {
    await client.exec(`create table dumped (v text); insert into dumped values ('kept')`);
    const dump = await client.dumpDataDir('none');
    const copy = await openDatabase({ driver: 'pglite', dataDir: null, loadDataDir: dump });
    try {
      const result = (await copy.db.execute(sql`select v from dumped`)) as unknown as Rows<{ v: string }>;
      expect(result.rows).toEqual([{ v: 'kept' }]);
    } finally {
      await copy.close();
    }
  });

  it('keeps the data on disk across a close and a reopen, and holds the data-directory lock while open', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-worker-disk-'));
    const dataDir = path.join(dir, 'pglite');
    try {
      const first = await openDatabase({ driver: 'pglite', dataDir });
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
      expect(await first.migrate()).toBeGreaterThan(0);
      await first.db.execute(sql`create table on_disk (v int)`);
      await first.db.execute(sql`insert into on_disk values (42)`);
      await first.close();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
      const second = await openDatabase({ driver: 'pglite', dataDir });
      try {
        expect(await second.migrate()).toBe(0);
        const result = (await second.db.execute(sql`select v from on_disk`)) as unknown as Rows<{
          v: number;
        }>;
        expect(result.rows).toEqual([{ v: 42 }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    await database.db.execute(longStatement);
    const took = performance.now() - started;
    clearInterval(timer);
    // Roughly one tick per 10 ms while PGlite worked; on the server's thread there would be none.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(took / 10 / 4);
  });
});

describe('the server while the embedded database works', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a request while a long statement runs, before that statement is done', async () => {
    const finished: string[] = [];
    const long = t.database.db.execute(longStatement).then(() => finished.push('long statement'));
    // Give the statement time to reach the worker.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    finished.push('health');
    expect(health.statusCode).toBe(200);
    await long;
    expect(finished).toEqual(['health', 'long statement']);
  });
});

describe('a worker thread that dies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails every call with a clear error, tells the server, and the instance is not ready', async () => {
    const stopped: Error[] = [];
    t.database.onStopped((error) => stopped.push(error));
    const client = embeddedClient(t.database.db)!;
    const pending = t.database.db.execute(longStatement).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await client.thread.terminate();

    const failure = await pending;
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message) + String((failure as Error).cause)).toMatch(
      /embedded database stopped/,
    );
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.message).toMatch(
      /^PGlite is closed: the embedded database stopped: its worker thread exited with code 1/,
    );
    await expect(client.query('select 1')).rejects.toThrow(/embedded database stopped/);

    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'down' } });
  });
});

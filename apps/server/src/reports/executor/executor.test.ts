import type { DataSourceKind } from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { SourceCursor, StatementRun } from './driver-types';
import { QueryTimedOut } from './executor-errors';
import { type ExecutorSource, type RunRequest, createExecutor } from './executor';
import type { ResultRow } from './result-values';
import type { SourceDriver } from './source-drivers';

// THE executor as a list of steps over drivers registered by kind (docs/decisions/038-one-run-path.md),
// with a driver of its own: both outputs get the same row limit, concurrency and deadline.

const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
// The query log's writer catches its own failures: a database that refuses every insert will do here.
const noDatabase = new Proxy(
  {},
  {
    get() {
      return () => {
        throw new Error('no database in this test');
      };
    },
  },
) as unknown as Database;
const hostPolicy = { problem: async () => null, resolve: async () => '127.0.0.1' } as never;

function fakeDriver(rows: number, options: { hang?: boolean } = {}) {
  const runs: StatementRun[] = [];
  const driver: SourceDriver = {
    guardDialect: 'postgres',
    templateDialect: 'postgres',
    async open(_source, run): Promise<SourceCursor> {
      runs.push(run);
      if (options.hang) {
        // Cancelled only through the deadline's signal, as a database driver cancels its statement.
        await new Promise((_resolve, reject) =>
          run.signal?.addEventListener('abort', () => reject(new Error('57014'))),
        );
      }
      const all: ResultRow[] = Array.from({ length: rows }, (_, index) => [index + 1]);
      let offset = 0;
      return {
        columns: [{ name: 'n', kind: 'number', type: 'integer' }],
        async next(max) {
          const batch = all.slice(offset, offset + max);
          offset += batch.length;
          return batch;
        },
        async close() {},
      };
    },
    describe: async () => ({ tables: [], truncated: false }),
    test: async () => {
      throw new Error('not here');
    },
    connectionsInUse: () => new Map(),
    forget: async () => {},
    close: async () => {},
  };
  return { driver, runs };
}

const source: ExecutorSource = {
  id: 'fake-1',
  organisationId: 'org',
  name: 'fake',
  kind: 'postgres',
  version: 1,
  connection: {
    host: 'db',
    port: 5432,
    database: 'd',
    user: 'u',
    tls: 'off',
    poolSize: 1,
    statementTimeoutSeconds: 1,
    rowLimit: 3,
  },
  password: null,
};

const request: RunRequest = {
  source,
  definition: { name: 'numbers', version: 1, sql: 'select n from numbers', parameters: [], cacheSeconds: 0 },
  values: {},
  today: '2026-06-30',
  user: { id: 'reader', email: 'reader@example.com', attributes: {} },
  purpose: 'report',
};

function executorWith(driver: SourceDriver, concurrency?: { calls: string[] }) {
  return createExecutor({
    db: noDatabase,
    log: silent,
    hostPolicy,
    drivers: new Map<DataSourceKind, SourceDriver>([['postgres', driver]]),
    deadlineMarginMs: 0,
    rowRules: async () => [],
    ...(concurrency
      ? {
          concurrency: {
            limit: async <T>(userId: string, work: () => Promise<T>) => {
              concurrency.calls.push(`limit ${userId}`);
              return work();
            },
            hold: async (userId: string) => {
              concurrency.calls.push(`hold ${userId}`);
              return {
                opened: () => concurrency.calls.push('opened'),
                release: () => concurrency.calls.push('released'),
              };
            },
          },
        }
      : {}),
  });
}

describe('the executor', () => {
  it('lists its steps in the order every run passes them', () => {
    expect(executorWith(fakeDriver(1).driver).steps).toEqual([
      'metrics',
      'log',
      'guard',
      'row-rules',
      'bind',
      'limit',
      'cache',
      'run',
    ]);
  });

  it("runs a source's driver from the registry, and refuses a kind without one", async () => {
    const { driver, runs } = fakeDriver(2);
    const executor = executorWith(driver);
    expect((await executor.run(request)).rows).toEqual([[1], [2]]);
    expect(runs).toHaveLength(1);
    await expect(executor.run({ ...request, source: { ...source, kind: 'mysql' } })).rejects.toMatchObject({
      detail: expect.stringMatching(/no driver/),
    });
  });

  it("cuts a whole result and a stream alike at the source's row limit", async () => {
    const { driver, runs } = fakeDriver(10);
    const executor = executorWith(driver);
    const result = await executor.run(request);
    expect(result.rows).toEqual([[1], [2], [3]]);
    expect(result.cutAtRows).toBe(3);
    // A stream asked for more than the source allows still gets the source's limit.
    const stream = await executor.stream({ ...request, rowLimit: 1_000_000 });
    const streamed: ResultRow[] = [];
    for await (const batch of stream.rows) streamed.push(...batch);
    expect(streamed).toEqual([[1], [2], [3]]);
    expect(stream.cutAtRows()).toBe(3);
    // Both statements carried the timeout and the deadline's signal to the driver.
    expect(runs.map((run) => [run.timeoutSeconds, run.signal instanceof AbortSignal])).toEqual([
      [1, true],
      [1, true],
    ]);
  });

  it("takes the reader's concurrency for both outputs: a stream holds its place until it ends", async () => {
    const calls: string[] = [];
    const executor = executorWith(fakeDriver(2).driver, { calls });
    await executor.run(request);
    const stream = await executor.stream(request);
    expect(calls).toEqual(['limit reader', 'hold reader', 'opened']);
    for await (const _batch of stream.rows) void _batch;
    expect(calls.at(-1)).toBe('released');
  });

  it('cancels a statement past the deadline and answers as timed out', async () => {
    const executor = executorWith(fakeDriver(1, { hang: true }).driver);
    const started = performance.now();
    await expect(executor.run(request)).rejects.toBeInstanceOf(QueryTimedOut);
    await expect(executor.stream(request)).rejects.toBeInstanceOf(QueryTimedOut);
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});

import { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedWork, settleEach } from '../src/lib/job-batches';

// Batched background work (lib/job-batches.ts) with the real pg-boss on an embedded database: a backlog
// is worked without a polling interval per job, and a failing job of a batch retries alone.

describe('jobs worked in batches', () => {
  let database: PGlite;
  let boss: PgBoss;

  beforeAll(async () => {
    database = new PGlite();
    boss = new PgBoss({ db: fromPglite(database), backend: 'pglite', schedule: false, supervise: false });
    boss.on('error', () => {});
    await boss.start();
  }, 120_000);
  afterAll(async () => {
    await boss?.stop({ graceful: false });
    await database?.close();
  });

  it(
    'works a backlog of twelve without waiting a polling interval between batches, and retries only the failing job',
    { timeout: 120_000 },
    async () => {
      const queue = 'batched';
      await boss.createQueue(queue, { retryLimit: 1, retryDelay: 0 });
      for (let index = 0; index < 12; index++) await boss.send(queue, { index });
      const attempts = new Map<number, number>();
      const done = new Set<number>();
      let resolveAll: () => void = () => {};
      const allDone = new Promise<void>((resolve) => (resolveAll = resolve));
      const started = Date.now();
      // A polling interval of 60 s: without fetching again at once, twelve jobs in batches of four would
      // take two minutes.
      await boss.work<{ index: number }>(queue, { ...batchedWork, pollingIntervalSeconds: 60 }, (jobs) =>
        settleEach(jobs, async (job) => {
          const count = (attempts.get(job.data.index) ?? 0) + 1;
          attempts.set(job.data.index, count);
          if (job.data.index === 5 && count === 1) throw new Error('the mail server refused');
          done.add(job.data.index);
          if (done.size === 12) resolveAll();
        }),
      );
      await allDone;
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(attempts.get(5)).toBe(2);
      for (let index = 0; index < 12; index++) if (index !== 5) expect(attempts.get(index)).toBe(1);
    },
  );
});

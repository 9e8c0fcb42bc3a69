import type { Job, JobResult } from 'pg-boss';

// Background jobs fetched in batches (decision 029): a pg-boss worker waits its polling interval after
// each fetch, so one job per fetch caps a process at one job per second per worker. A batch is worked at
// once and each of its jobs settles on its own (`perJobResults`), so one failing job retries alone.

/** Options for `boss.work` that fetch `batchSize` jobs at a time and fetch again at once while batches come back full. */
export const batchedWork = { batchSize: 4, burstWhenBatchFull: true, perJobResults: true } as const;

/** Works every job of a batch at once; each is completed, or failed (→ its own retry) with its error. */
export function settleEach<Data>(
  jobs: Job<Data>[],
  work: (job: Job<Data>) => Promise<void>,
): Promise<JobResult[]> {
  return Promise.all(
    jobs.map(async (job): Promise<JobResult> => {
      try {
        await work(job);
        return { id: job.id, status: 'completed' };
      } catch (error) {
        return {
          id: job.id,
          status: 'failed',
          output: { message: error instanceof Error ? error.message : String(error) },
        };
      }
    }),
  );
}

import { describe, expect, it } from 'vitest';
import type { ResultStream } from '../executor-types';
import type { ResultRow } from '../result-values';
import { type Answer, type RunContext, type RunStep, runSteps, whenStreamEnds } from './run-context';

const answer: Answer = {
  output: 'rows',
  result: {
    columns: [],
    rows: [[1]],
    cutAtRows: null,
    dataAsOf: new Date(0),
    fromCache: false,
    parameters: {},
  },
};

function streamOf(batches: ResultRow[][], failAt?: number): ResultStream & { closed: number } {
  const stream = {
    closed: 0,
    columns: [],
    parameters: {},
    rows: (async function* () {
      for (const [index, batch] of batches.entries()) {
        if (index === failAt) throw new Error('source failed');
        yield batch;
      }
    })(),
    cutAtRows: () => null,
    async close() {
      stream.closed += 1;
    },
  };
  return stream;
}

describe('the run path', () => {
  it('runs its steps in order, each around the next, the last one answering', async () => {
    const seen: string[] = [];
    const step = (name: RunStep['name']): RunStep => ({
      name,
      async run(_context, next) {
        seen.push(`${name} in`);
        const answered = await next();
        seen.push(`${name} out`);
        return answered;
      },
    });
    const last: RunStep = { name: 'run', run: async () => answer };
    await expect(runSteps([step('log'), step('guard'), last], {} as RunContext)).resolves.toBe(answer);
    expect(seen).toEqual(['log in', 'guard in', 'guard out', 'log out']);
  });

  it('fails when no step answers', async () => {
    await expect(runSteps([], {} as RunContext)).rejects.toThrow(/without an answer/);
  });

  it("tells an outer step a stream's end once: read to its end, failed, or closed early", async () => {
    const ends: { rows: number; error: unknown }[] = [];
    const read = whenStreamEnds(streamOf([[[1], [2]], [[3]]]), (outcome) => void ends.push(outcome));
    for await (const batch of read.rows) expect(batch.length).toBeGreaterThan(0);
    await read.close();
    expect(ends).toEqual([{ rows: 3, error: null }]);

    const failing = whenStreamEnds(streamOf([[[1]], [[2]]], 1), (outcome) => void ends.push(outcome));
    await expect(
      (async () => {
        for await (const _batch of failing.rows) void _batch;
      })(),
    ).rejects.toThrow('source failed');
    expect(ends[1]).toMatchObject({ rows: 1, error: expect.any(Error) });

    const inner = streamOf([[[1]]]);
    const abandoned = whenStreamEnds(inner, (outcome) => void ends.push(outcome));
    await abandoned.close();
    await abandoned.close();
    expect(inner.closed).toBe(2);
    expect(ends[2]).toEqual({ rows: 0, error: null });
    expect(ends).toHaveLength(3);
  });
});

import type { IntegrityChallenge, IntegritySolution } from '@cockpit/contracts';
import type { SolveRequest, SolveResponse } from './integrity-worker';

/** A solver: the Web Worker in the browser; tests pass their own. */
export type ChallengeSolver = (
  challenge: IntegrityChallenge,
  timeoutMs: number,
) => Promise<IntegritySolution>;

/** Solves one challenge in a fresh Web Worker, which ends with the answer. */
export const solveInWorker: ChallengeSolver = (challenge, timeoutMs) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./integrity-worker.ts', import.meta.url), {
      type: 'module',
      name: 'integrity',
    });
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error('The integrity check took too long.'));
    }, timeoutMs + 5_000);
    worker.addEventListener('message', (event: MessageEvent<SolveResponse>) => {
      clearTimeout(timer);
      worker.terminate();
      if (event.data.ok) resolve(event.data.solution);
      else reject(new Error(`The integrity challenge could not be solved: ${event.data.error}`));
    });
    worker.addEventListener('error', (event) => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(`The integrity worker failed: ${event.message}`));
    });
    worker.postMessage({ challenge, timeoutMs } satisfies SolveRequest);
  });

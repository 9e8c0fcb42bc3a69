/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { IntegrityChallenge } from '@cockpit/contracts';

/**
 * The proof-of-work solver, off the main thread (security hardening: "the SPA solves one in a Web Worker at start-up,
 * not blocking the first paint"). PBKDF2 runs in the browser's WebCrypto; one message in (the
 * challenge), one out (the solution, or an error text).
 */
export type SolveRequest = { challenge: IntegrityChallenge; timeoutMs: number };
export type SolveResponse =
  | { ok: true; solution: { counter: number; derivedKey: string; time?: number } }
  | { ok: false; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<SolveRequest>) => {
  const { challenge, timeoutMs } = event.data;
  solveChallenge({ challenge, deriveKey, timeout: timeoutMs })
    .then((solution) => {
      const answer: SolveResponse = solution
        ? {
            ok: true,
            solution: {
              counter: solution.counter,
              derivedKey: solution.derivedKey,
              time: Math.round(solution.time ?? 0),
            },
          }
        : { ok: false, error: 'timed out' };
      scope.postMessage(answer);
    })
    .catch((error: unknown) => {
      scope.postMessage({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies SolveResponse);
    });
});

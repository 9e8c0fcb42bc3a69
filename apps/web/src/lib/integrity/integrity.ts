import { apiRoutes, type IntegritySolution } from '@cockpit/contracts';
import { api } from '../api-client';
import { clearIntegrityRefusal, useIntegrityStore, type IntegrityStatus } from './integrity-state';
import { solveInWorker, type ChallengeSolver } from './solve-in-worker';

/**
 * App integrity (docs/product.md §1 "checks app integrity with a captcha provider; the integrity token refreshes
 * automatically"; docs/product.md §D.3; security hardening). At start-up a Web Worker solves the server's proof-of-work
 * challenge and the solution is exchanged for an integrity token of about an hour, kept in memory and
 * renewed before it expires. Sign-in and sign-up send it (api-client); without it the server refuses them.
 *
 * None of this goes through TanStack Query, so the global loading indicator never sees it (docs/product.md §D.3
 * ignore list: "the integrity refresh does not show the global spinner").
 */
// The state the login screen reads is in integrity-state.ts: the screen draws without this module.
export { clearIntegrityRefusal, useIntegrityStore, type IntegrityStatus };

/** Renew this long before the token expires. */
export const renewBeforeExpiryMs = 5 * 60_000;
/** Waits between failed attempts; after the last the status is `failed` and a slow retry continues. */
const retryDelaysMs = [1_000, 4_000, 15_000];
const slowRetryMs = 60_000;
const solveTimeoutMs = 60_000;

let token: { value: string; expiresAt: number } | null = null;
let running: Promise<string | null> | null = null;
let renewTimer: ReturnType<typeof setTimeout> | undefined;
let solver: ChallengeSolver = solveInWorker;
let now: () => number = () => Date.now();
/** Bumped by a reset, so a run that started before it stops instead of writing stale state. */
let generation = 0;

function usable(): string | null {
  return token && token.expiresAt - 5_000 > now() ? token.value : null;
}

function schedule(delayMs: number): void {
  clearTimeout(renewTimer);
  renewTimer = setTimeout(() => void refreshIntegrity(), Math.max(delayMs, 1_000));
}

async function obtainOnce(): Promise<{ value: string; expiresAt: number }> {
  const { challenge } = await api.call(apiRoutes.getIntegrityChallenge);
  const solution: IntegritySolution = await solver(challenge, solveTimeoutMs);
  const answer = await api.call(apiRoutes.verifyIntegrity, { body: { challenge, solution } });
  const expiresAt = Date.parse(answer.expiresAt);
  if (typeof answer.token !== 'string' || Number.isNaN(expiresAt))
    throw new Error('The integrity answer has no token.');
  return { value: answer.token, expiresAt };
}

/**
 * Gets a fresh token (solving a new challenge); concurrent callers share one run. Resolves with the
 * token, or null after the quick retries failed (a slow retry keeps going in the background).
 */
export function refreshIntegrity(): Promise<string | null> {
  running ??= (async () => {
    const run = generation;
    useIntegrityStore.setState({ status: 'checking' });
    for (let attempt = 0; ; attempt += 1) {
      try {
        const obtained = await obtainOnce();
        if (run !== generation) return null;
        token = obtained;
        useIntegrityStore.setState({ status: 'ready' });
        schedule(token.expiresAt - renewBeforeExpiryMs - now());
        return token.value;
      } catch (error) {
        if (run !== generation) return null;
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          console.error('The app integrity check failed', error);
          useIntegrityStore.setState({ status: 'failed' });
          schedule(slowRetryMs);
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Start-up: begins the check without waiting for it (the first paint does not wait). */
export function startIntegrity(): void {
  if (usable() === null && running === null) void refreshIntegrity();
}

/**
 * The token for a sign-in: the held one, or the one being solved right now (the form waits for it).
 * `null` when none can be had; the server will then refuse and the login screen explains why.
 */
export async function getIntegrityToken(): Promise<string | null> {
  const held = usable();
  if (held !== null) return held;
  return running ?? refreshIntegrity();
}

/** The server refused a sign-in for want of integrity: forget the token and solve a new challenge. */
export function integrityRefused(): void {
  token = null;
  useIntegrityStore.setState({ refused: true });
  void refreshIntegrity();
}

/** Tests: a solver instead of the worker, a clock, and a clean slate. */
export function resetIntegrityForTests(options: { solver?: ChallengeSolver; now?: () => number } = {}): void {
  clearTimeout(renewTimer);
  generation += 1;
  token = null;
  running = null;
  solver = options.solver ?? solveInWorker;
  now = options.now ?? (() => Date.now());
  useIntegrityStore.setState({ status: 'idle', refused: false });
}

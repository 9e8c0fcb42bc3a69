import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntegrityChallenge } from '@cockpit/contracts';
import { stubApi } from '../../testing/stub-api';
import { jsonResponse } from '../../testing/test-utils';
import { resetIntegrityForTests } from './integrity';
import { useIntegrityStore } from './integrity-state';
import { getIntegrityToken, integrityRefused, retryIntegrity, startIntegrityCheck } from './lazy-integrity';

// The integrity check loaded after the first paint (decision 011): a sign-in that comes first still gets
// the token — it waits for the check, which shows as "checking" — and a check already begun is shared.

const challenge: IntegrityChallenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'aa',
    salt: 'bb',
    cost: 1,
    keyLength: 32,
    keyPrefix: 'cc',
    expiresAt: 2_000_000_000,
  },
  signature: 'dd',
};

function stubIntegrityApi(tokens: string[]) {
  let issued = 0;
  return stubApi({
    'GET /api/integrity/challenge': () => jsonResponse({ challenge }),
    'POST /api/integrity/verify': () => {
      const token = tokens[Math.min(issued, tokens.length - 1)]!;
      issued += 1;
      return jsonResponse({ token, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    },
  });
}

/** A solver the test finishes by hand, so the "checking" state can be looked at. */
function manualSolver() {
  const pending: (() => void)[] = [];
  const solver = vi.fn(
    () =>
      new Promise<{ counter: number; derivedKey: string }>((resolve) => {
        pending.push(() => resolve({ counter: 7, derivedKey: 'ee' }));
      }),
  );
  const finish = () => pending.splice(0).forEach((resolve) => resolve());
  return { solver, finish };
}

beforeEach(() => {
  resetIntegrityForTests({ solver: vi.fn(async () => ({ counter: 7, derivedKey: 'ee' })) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the integrity check, loaded on demand', () => {
  it('a sign-in before the start-up check waits for the token, and the screen shows "checking" meanwhile', async () => {
    stubIntegrityApi(['token-1']);
    const { solver, finish } = manualSolver();
    resetIntegrityForTests({ solver });

    const token = getIntegrityToken();
    await vi.waitFor(() => expect(solver).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(useIntegrityStore.getState().status).toBe('checking');
    finish();
    await expect(token).resolves.toBe('token-1');
    expect(useIntegrityStore.getState().status).toBe('ready');
  });

  it('a sign-in while the start-up check runs shares that run', async () => {
    stubIntegrityApi(['token-1', 'token-2']);
    const { solver, finish } = manualSolver();
    resetIntegrityForTests({ solver });

    startIntegrityCheck();
    await vi.waitFor(() => expect(solver).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const token = getIntegrityToken();
    finish();
    await expect(token).resolves.toBe('token-1');
    expect(solver).toHaveBeenCalledTimes(1);
  });

  it('a refusal is shown at once and a new check runs', async () => {
    stubIntegrityApi(['token-1', 'token-2']);
    const solver = vi.fn(async () => ({ counter: 7, derivedKey: 'ee' }));
    resetIntegrityForTests({ solver });
    await expect(getIntegrityToken()).resolves.toBe('token-1');
    integrityRefused();
    expect(useIntegrityStore.getState().refused).toBe(true);
    await expect(getIntegrityToken()).resolves.toBe('token-2');
    expect(solver).toHaveBeenCalledTimes(2);
  });

  it('"check again" runs a new check', async () => {
    const calls = stubIntegrityApi(['token-1']);
    retryIntegrity();
    await vi.waitFor(() => expect(useIntegrityStore.getState().status).toBe('ready'), { timeout: 10_000 });
    expect(calls.filter((call) => call.path === '/api/integrity/verify')).toHaveLength(1);
  });
});

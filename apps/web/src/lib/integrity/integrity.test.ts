import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes, integrityTokenHeader, type ApiRoute, type IntegrityChallenge } from '@cockpit/contracts';
import { createApiClient } from '../api-client';
import { stubApi } from '../../testing/stub-api';
import { jsonResponse } from '../../testing/test-utils';
import {
  getIntegrityToken,
  integrityRefused,
  refreshIntegrity,
  renewBeforeExpiryMs,
  resetIntegrityForTests,
  startIntegrity,
  useIntegrityStore,
} from './integrity';

// App integrity in the SPA (decision 007): solved at start-up, kept, renewed before expiry, sent on sign-in.

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

function stubIntegrityApi(tokens: string[], expiresInMs = 3_600_000) {
  let issued = 0;
  return stubApi({
    'GET /api/integrity/challenge': () => jsonResponse({ challenge }),
    'POST /api/integrity/verify': () => {
      const token = tokens[Math.min(issued, tokens.length - 1)]!;
      issued += 1;
      return jsonResponse({ token, expiresAt: new Date(Date.now() + expiresInMs).toISOString() });
    },
  });
}

const solver = vi.fn(async () => ({ counter: 7, derivedKey: 'ee' }));

beforeEach(() => {
  solver.mockClear();
  resetIntegrityForTests({ solver });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('app integrity', () => {
  it('solves the challenge and exchanges the solution for a token', async () => {
    const calls = stubIntegrityApi(['token-1']);
    startIntegrity();
    expect(await getIntegrityToken()).toBe('token-1');
    expect(useIntegrityStore.getState().status).toBe('ready');
    expect(solver).toHaveBeenCalledWith(challenge, expect.any(Number));
    const verify = calls.find((call) => call.path === '/api/integrity/verify');
    expect(verify?.body).toMatchObject({ challenge, solution: { counter: 7, derivedKey: 'ee' } });
    // Kept: asking again solves nothing new.
    expect(await getIntegrityToken()).toBe('token-1');
    expect(solver).toHaveBeenCalledTimes(1);
  });

  it('renews the token before it expires, by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    stubIntegrityApi(['token-1', 'token-2'], 3_600_000);
    expect(await refreshIntegrity()).toBe('token-1');
    await vi.advanceTimersByTimeAsync(3_600_000 - renewBeforeExpiryMs + 1_000);
    await vi.waitFor(() => expect(solver).toHaveBeenCalledTimes(2));
    expect(await getIntegrityToken()).toBe('token-2');
  });

  it('retries, then reports the failure (the login screen shows it) and keeps trying slowly', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/integrity/challenge': () => jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    const result = refreshIntegrity();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await result).toBeNull();
    expect(useIntegrityStore.getState().status).toBe('failed');
    stubIntegrityApi(['token-late']);
    await vi.advanceTimersByTimeAsync(61_000);
    await vi.waitFor(() => expect(useIntegrityStore.getState().status).toBe('ready'));
    expect(await getIntegrityToken()).toBe('token-late');
  });

  it('starts over when the server refused a sign-in', async () => {
    stubIntegrityApi(['token-1', 'token-2']);
    expect(await refreshIntegrity()).toBe('token-1');
    integrityRefused();
    expect(useIntegrityStore.getState().refused).toBe(true);
    expect(await getIntegrityToken()).toBe('token-2');
  });

  it('is sent by the API client on sign-in and sign-up only', async () => {
    const calls: { path: string; header: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        calls.push({
          path: new URL(request.url).pathname,
          header: request.headers.get(integrityTokenHeader),
        });
        return jsonResponse({});
      }),
    );
    const client = createApiClient({
      origin: () => 'http://localhost',
      getToken: async () => 'bearer',
      getIntegrityToken: async () => 'integrity-token',
      retryDelayMs: 0,
    });
    await client.call(apiRoutes.signInWithEmail, { body: { email: 'a@example.com', password: 'x' } });
    // Not a route of the app, but the rule covers the library's sign-up too.
    const signUp: ApiRoute = {
      operationId: 'signUp',
      method: 'POST',
      path: '/api/auth/sign-up/email',
      security: 'public',
    };
    await client.call(signUp, { body: {} } as never);
    await client.call(apiRoutes.signOut);
    await client.call(apiRoutes.getMenu);
    expect(calls.map((call) => [call.path, call.header])).toEqual([
      ['/api/auth/sign-in/email', 'integrity-token'],
      ['/api/auth/sign-up/email', 'integrity-token'],
      ['/api/auth/sign-out', null],
      ['/api/navigation/menu', null],
    ]);
  });
});

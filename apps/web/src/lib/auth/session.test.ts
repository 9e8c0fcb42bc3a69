import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes, tokenCheckParam } from '@cockpit/contracts';
import { jsonResponse } from '../../testing/test-utils';
import { queryClient } from '../react-query';
import {
  renewBeforeExpiryMs,
  resetSessionForTests,
  sessionReady,
  setSessionEndedHandler,
  signIn,
  signOut,
  startSession,
  useSessionStore,
} from './session';
import { getToken, waitForToken } from './token-store';

// docs/product.md §D.3: session cookie → short-lived bearer token in memory, renewed before it expires.

function makeToken(expiresInSeconds: number, subject = 'user-1'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: subject, exp })}.signature`;
}

type Handler = (request: Request) => Response | Promise<Response>;
const log: string[] = [];

function stubServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname } = new URL(request.url);
    log.push(`${request.method} ${pathname}`);
    const handler = handlers[`${request.method} ${pathname}`];
    if (!handler) return jsonResponse({ error: { code: 'NOT_FOUND', message: pathname } }, 404);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const noSession = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'No session' } }, 401);
/** The token endpoint while the database is unreachable: it cannot say (decision 009 "Outages"). */
const unavailable = () =>
  new Response(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly.' } }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
  });

beforeEach(() => {
  log.length = 0;
  resetSessionForTests();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session start-up', () => {
  it('asks for a token with the cookie and holds it in memory only', async () => {
    const token = makeToken(900);
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: (request) => {
        expect(request.headers.get('authorization')).toBeNull();
        return jsonResponse({ token });
      },
    });
    await expect(startSession()).resolves.toBe('signed-in');
    expect(getToken()).toBe(token);
    expect(JSON.stringify(localStorage)).not.toContain(token);
    await expect(waitForToken()).resolves.toBe(token);
  });

  it('asks as a session check: "no session" is `{ token: null }`, signed out without an error', async () => {
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: (request) => {
        expect(new URL(request.url).searchParams.get(tokenCheckParam)).toBe('true');
        return jsonResponse({ token: null });
      },
    });
    await expect(sessionReady()).resolves.toBe('signed-out');
    expect(getToken()).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('is signed out when the server has no session (401), without logging an error', async () => {
    stubServer({ [`GET ${apiRoutes.getToken.path}`]: noSession });
    await expect(sessionReady()).resolves.toBe('signed-out');
    expect(getToken()).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });
});

describe('token renewal', () => {
  it(`renews ${renewBeforeExpiryMs / 1000} s before the token expires`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const first = makeToken(900);
    const second = makeToken(1800);
    const tokens = [first, second];
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () => jsonResponse({ token: tokens.shift() ?? 'none' }),
    });
    await startSession();
    expect(getToken()).toBe(first);

    await vi.advanceTimersByTimeAsync(900_000 - renewBeforeExpiryMs - 5_000);
    expect(getToken()).toBe(first);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getToken()).toBe(second);
  });

  it('a session ended on the server sends the browser to /login at the next renewal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    let calls = 0;
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () =>
        ++calls === 1 ? jsonResponse({ token: makeToken(120) }) : noSession(),
    });
    await startSession();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(useSessionStore.getState().status).toBe('signed-out');
  });
});

// Decision 009 "Outages": only a real "no session" signs out. While the server cannot say (503, no
// connection) the person stays where they are, sees the notice, and the session asks again with back-off.
describe('while the service is briefly unavailable', () => {
  it('a reload during an outage waits, shows the notice and retries with back-off, then carries on signed in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const token = makeToken(900);
    let down = true;
    const times: number[] = [];
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () => {
        times.push(Date.now());
        return down ? unavailable() : jsonResponse({ token });
      },
    });
    let settled: string | undefined;
    void sessionReady().then((status) => (settled = status));

    await vi.advanceTimersByTimeAsync(30_000);
    expect(settled).toBeUndefined();
    expect(useSessionStore.getState()).toMatchObject({ status: 'unknown', serviceUnavailable: true });
    // Asked again and again, each time after a longer pause than before (the client's one retry aside).
    expect(times.length).toBeGreaterThan(3);
    const pauses = times.slice(1).map((time, index) => time - times[index]!);
    expect(Math.max(...pauses)).toBeGreaterThan(Math.min(...pauses));

    down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe('signed-in');
    expect(getToken()).toBe(token);
    expect(useSessionStore.getState().serviceUnavailable).toBe(false);
  });

  it('a renewal that falls in an outage keeps the person signed in with the notice, and renews once it is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    const first = makeToken(120);
    const second = makeToken(900);
    let phase: 'up' | 'down' | 'back' = 'up';
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () =>
        phase === 'up'
          ? jsonResponse({ token: first })
          : phase === 'down'
            ? unavailable()
            : jsonResponse({ token: second }),
    });
    await startSession();
    phase = 'down';
    await vi.advanceTimersByTimeAsync(90_000);
    expect(ended).not.toHaveBeenCalled();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', serviceUnavailable: true });

    phase = 'back';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getToken()).toBe(second);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', serviceUnavailable: false });
    expect(ended).not.toHaveBeenCalled();
  });

  it('no connection at all counts as unavailable too; a real 401 afterwards still signs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let offline = true;
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () => {
        if (offline) throw new TypeError('Failed to fetch');
        return noSession();
      },
    });
    let settled: string | undefined;
    void sessionReady().then((status) => (settled = status));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).toBeUndefined();
    expect(useSessionStore.getState().serviceUnavailable).toBe(true);
    offline = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe('signed-out');
    expect(useSessionStore.getState().serviceUnavailable).toBe(false);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in, then fetches the first token', async () => {
    const token = makeToken(900);
    let signedIn = false;
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () => (signedIn ? jsonResponse({ token }) : noSession()),
      [`POST ${apiRoutes.signInWithEmail.path}`]: async (request) => {
        expect(await request.json()).toEqual({ email: 'max@example.com', password: 'pw' });
        signedIn = true;
        return jsonResponse({ user: {} });
      },
    });
    await startSession();
    await signIn({ email: 'max@example.com', password: 'pw' });
    expect(getToken()).toBe(token);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', signInPending: false });
  });

  it('throws the 401 of wrong credentials to the form and stays signed out', async () => {
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: noSession,
      [`POST ${apiRoutes.signInWithEmail.path}`]: () =>
        jsonResponse({ error: { code: 'INVALID', message: 'Invalid email or password' } }, 401),
    });
    await startSession();
    await expect(signIn({ email: 'max@example.com', password: 'wrong' })).rejects.toMatchObject({
      status: 401,
    });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', signInPending: false });
  });

  it('docs/product.md §4 log-out: navigates to /login first, then signs out on the server, drops token and cache', async () => {
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () => jsonResponse({ token: makeToken(900) }),
      [`POST ${apiRoutes.signOut.path}`]: () => jsonResponse({ success: true }),
    });
    await startSession();
    queryClient.setQueryData(['user-settings', 'en'], { userDisplayName: 'Max' });
    useSessionStore.setState({ signInPending: true });
    const navigate = vi.fn((to: string) => {
      log.push(`navigate ${to}`);
    });
    await signOut(navigate);
    expect(log).toEqual([
      `GET ${apiRoutes.getToken.path}`,
      'navigate /login',
      `POST ${apiRoutes.signOut.path}`,
    ]);
    expect(getToken()).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', signInPending: false });
    expect(queryClient.getQueryData(['user-settings', 'en'])).toBeUndefined();
  });

  it('ends the local session even when the server cannot be reached', async () => {
    stubServer({
      [`GET ${apiRoutes.getToken.path}`]: () => jsonResponse({ token: makeToken(900) }),
      [`POST ${apiRoutes.signOut.path}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await startSession();
    await signOut(() => undefined);
    expect(getToken()).toBeNull();
    expect(useSessionStore.getState().status).toBe('signed-out');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, menuResponseSchema, tokenResponseSchema } from '@cockpit/contracts';
import { jsonResponse } from '../testing/test-utils';
import { ApiRequestError, createApiClient, type ApiClientDependencies } from './api-client';
import { getToken, setToken } from './auth/token-store';
import type { ClientParams } from './client-params';

// spec §7 (calls), §8 (errors), DESIGN.md §4: every rule of the one API client.

const params: ClientParams = { isoLanguageName: 'de-AT', cultureName: 'de-AT', currencySymbol: '€' };

type Call = { url: URL; method: string; headers: Headers; body: string | null; isFormData: boolean };

function setup(responses: Array<Response | Error>, overrides: Partial<ApiClientDependencies> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const isFormData = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
    calls.push({
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: request.body ? await request.text() : null,
      isFormData,
    });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const onUnauthorized = vi.fn();
  const getTokenMock = vi.fn(async () => 'token-1');
  const client = createApiClient({
    fetch: fetchMock as typeof fetch,
    getToken: getTokenMock,
    getClientParams: () => params,
    onUnauthorized,
    retryDelayMs: 0,
    origin: () => 'http://localhost:3000',
    ...overrides,
  });
  return { client, calls, fetchMock, onUnauthorized, getTokenMock };
}

const menu = { groups: [] };

let errorSpy: ReturnType<typeof vi.spyOn>;
let warnSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('bearer token (spec §7 "carries an Authorization header with a bearer token")', () => {
  it('adds the bearer token to protected /api calls', async () => {
    const { client, calls } = setup([jsonResponse(menu)]);
    await client.get(apiPaths.menu, { schema: menuResponseSchema });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('waits until a token exists before sending', async () => {
    let release: (token: string) => void = () => undefined;
    const tokenPromise = new Promise<string>((resolve) => {
      release = resolve;
    });
    const { client, fetchMock } = setup([jsonResponse(menu)], { getToken: () => tokenPromise });
    const pending = client.get(apiPaths.menu, { schema: menuResponseSchema });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    release('late-token');
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('authorization')).toBe('Bearer late-token');
  });

  it('uses the session token store by default (waits for the token it is given)', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(menu));
    const client = createApiClient({ fetch: fetchMock as typeof fetch, retryDelayMs: 0, origin: () => 'http://localhost:3000' });
    const pending = client.get(apiPaths.menu, { schema: menuResponseSchema });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    setToken('from-store');
    await pending;
    expect((fetchMock.mock.calls[0] as unknown as [Request])[0].headers.get('authorization')).toBe('Bearer from-store');
    expect(getToken()).toBe('from-store');
  });

  it('a protected call made before the token store is loaded waits for it (the login route loads it later)', async () => {
    vi.resetModules();
    const fresh = await import('./api-client');
    const fetchMock = vi.fn(async () => jsonResponse(menu));
    const client = fresh.createApiClient({ fetch: fetchMock as typeof fetch, retryDelayMs: 0, origin: () => 'http://localhost:3000' });
    const pending = client.get(apiPaths.menu, { schema: menuResponseSchema });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    // Loading the store registers it with the client (api-client.ts setTokenSource).
    const store = await import('./auth/token-store');
    store.setToken('loaded-later');
    await pending;
    expect((fetchMock.mock.calls[0] as unknown as [Request])[0].headers.get('authorization')).toBe('Bearer loaded-later');
  });

  it.each([apiPaths.health, apiPaths.translations, apiPaths.token, apiPaths.signIn])(
    'sends %s without a token and without waiting for one',
    async (path) => {
      const { client, calls, getTokenMock } = setup([jsonResponse({ token: 'x' })]);
      await client.get(path);
      expect(getTokenMock).not.toHaveBeenCalled();
      expect(calls[0]?.headers.get('authorization')).toBeNull();
    },
  );

  it('leaves URLs without an api segment alone', async () => {
    const { client, calls, getTokenMock } = setup([new Response('ok')]);
    await client.get('/assets/file.txt');
    expect(getTokenMock).not.toHaveBeenCalled();
    expect(calls[0]?.url.search).toBe('');
  });
});

describe('query parameters and body fields (spec §7)', () => {
  it('GET adds useBackendTranslation=false, currencySymbol and isoLanguageName', async () => {
    const { client, calls } = setup([jsonResponse(menu)]);
    await client.get(apiPaths.menu, { schema: menuResponseSchema, searchParams: { own: 'yes' } });
    const search = calls[0]?.url.searchParams;
    expect(search?.get('useBackendTranslation')).toBe('false');
    expect(search?.get('currencySymbol')).toBe('€');
    expect(search?.get('isoLanguageName')).toBe('de-AT');
    expect(search?.get('own')).toBe('yes');
  });

  it('GET on a public /api path gets the parameters too', async () => {
    const { client, calls } = setup([jsonResponse({ Translations: {} })]);
    await client.get(apiPaths.translations, { searchParams: { lang: 'en' } });
    expect(calls[0]?.url.searchParams.get('useBackendTranslation')).toBe('false');
    expect(calls[0]?.url.searchParams.get('lang')).toBe('en');
  });

  it('leaves out values that are not known yet', async () => {
    const { client, calls } = setup([jsonResponse(menu)], {
      getClientParams: () => ({ isoLanguageName: 'en', cultureName: undefined, currencySymbol: undefined }),
    });
    await client.get(apiPaths.menu);
    expect(calls[0]?.url.searchParams.has('currencySymbol')).toBe(false);
    expect(calls[0]?.url.searchParams.get('isoLanguageName')).toBe('en');
  });

  it('POST with a JSON body adds useBackendTranslation, isoLanguageName, cultureName, currencySymbol', async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    await client.post(apiPaths.pins, { json: { name: 'sales' } });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({
      name: 'sales',
      useBackendTranslation: false,
      isoLanguageName: 'de-AT',
      cultureName: 'de-AT',
      currencySymbol: '€',
    });
    // Body fields, not query parameters, for POST.
    expect(calls[0]?.url.searchParams.has('useBackendTranslation')).toBe(false);
  });

  it('PUT with a JSON body is extended the same way', async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    await client.put(apiPaths.pins, { json: { name: 'sales', pinned: true } });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ pinned: true, useBackendTranslation: false });
  });

  it("keeps the caller's own value of an added field (a new currency symbol being saved)", async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    await client.put(apiPaths.userSettings, { json: { currencySymbol: 'CHF' } });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ currencySymbol: 'CHF', isoLanguageName: 'de-AT' });
  });

  it('leaves FormData bodies alone', async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    const form = new FormData();
    form.set('file', 'content');
    await client.post('/api/uploads', { body: form });
    expect(calls[0]?.isFormData).toBe(true);
    expect(calls[0]?.body).not.toContain('useBackendTranslation');
    expect(calls[0]?.body).not.toContain('isoLanguageName');
  });

  it('does not extend the auth library’s calls', async () => {
    const { client, calls } = setup([jsonResponse({})]);
    await client.post(apiPaths.signIn, { json: { email: 'a@example.com', password: 'x' } });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ email: 'a@example.com', password: 'x' });
  });
});

describe('retry once (spec §7, DESIGN.md §4)', () => {
  it('retries a network error once and succeeds', async () => {
    const { client, fetchMock } = setup([new TypeError('Failed to fetch'), jsonResponse(menu)]);
    await expect(client.get(apiPaths.menu, { schema: menuResponseSchema })).resolves.toEqual(menu);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a 5xx once, then gives up and rethrows', async () => {
    const failure = { error: { code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' } };
    const { client, fetchMock } = setup([jsonResponse(failure, 503), jsonResponse(failure, 503), jsonResponse(menu)]);
    const error = await client.get(apiPaths.menu).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' });
  });

  it.each(['post', 'patch'] as const)('never retries a %s: it could act twice', async (method) => {
    const unavailable = { error: { code: 'SERVICE_UNAVAILABLE', message: 'try later' } };
    for (const failure of [jsonResponse(unavailable, 503), new TypeError('Failed to fetch')]) {
      const { client, fetchMock } = setup([failure, new Response(null, { status: 204 })]);
      await expect(client[method](apiPaths.pins, { json: { name: 'a' } })).rejects.toBeDefined();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it.each(['put', 'delete'] as const)('retries an idempotent %s once', async (method) => {
    const { client, fetchMock } = setup([jsonResponse({}, 503), new Response(null, { status: 204 })]);
    await client[method](apiPaths.pins);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([502, 504])('retries a %i once', async (status) => {
    const { client, fetchMock } = setup([jsonResponse({}, status), jsonResponse(menu)]);
    await expect(client.get(apiPaths.menu, { schema: menuResponseSchema })).resolves.toEqual(menu);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([400, 404, 409, 429, 500, 501])('never retries a %i', async (status) => {
    const { client, fetchMock } = setup([jsonResponse({ error: { code: 'X', message: 'no' } }, status), jsonResponse(menu)]);
    await expect(client.get(apiPaths.menu)).rejects.toMatchObject({ status });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rethrows a network error after the retry and logs it', async () => {
    const { client, fetchMock } = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    await expect(client.get(apiPaths.menu)).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(errorSpy).toHaveBeenCalled();
  });
});

describe('error responses (spec §8)', () => {
  it('401 on a protected call drops the token and sends the browser to /login', async () => {
    setToken('old');
    const { client, onUnauthorized } = setup([jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'expired' } }, 401)]);
    await expect(client.get(apiPaths.userSettings)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('401 from sign-in (wrong password) is left to the caller: no redirect', async () => {
    const { client, onUnauthorized } = setup([jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Invalid' } }, 401)]);
    await expect(client.post(apiPaths.signIn, { json: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(errorSpy).toHaveBeenCalled();
  });

  it('403 only warns "Forbidden error. Error 403" (and rethrows)', async () => {
    const { client, onUnauthorized } = setup([jsonResponse({ error: { code: 'FORBIDDEN', message: 'no' } }, 403)]);
    await expect(client.get(apiPaths.appConfig)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(warnSpy).toHaveBeenCalledWith('Forbidden error. Error 403');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs every error response to the console and rethrows it', async () => {
    const { client } = setup([jsonResponse({ error: { code: 'NOT_FOUND', message: 'Unknown report' } }, 404)]);
    const error = await client.get('/api/reports/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('404'));
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('Unknown report'));
  });

  it('keeps the status text when the error body is not JSON', async () => {
    const { client } = setup([new Response('<html>bad gateway</html>', { status: 404, statusText: 'Not Found' })]);
    await expect(client.get(apiPaths.menu)).rejects.toMatchObject({ status: 404, code: 'HTTP_404' });
  });

  it('does not log statuses the caller expects (no session at start-up)', async () => {
    const { client } = setup([jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'no session' } }, 401)]);
    await expect(client.get(apiPaths.token, { expectedStatuses: [401] })).rejects.toMatchObject({ status: 401 });
    expect(errorSpy).not.toHaveBeenCalled();
  });
});

describe('responses are parsed with the contracts schemas', () => {
  it('returns the parsed body', async () => {
    const { client } = setup([jsonResponse({ token: 'abc', extra: 1 })]);
    await expect(client.get(apiPaths.token, { schema: tokenResponseSchema })).resolves.toEqual({ token: 'abc' });
  });

  it('rejects a body that does not match the schema', async () => {
    const { client } = setup([jsonResponse({ groups: 'nope' })]);
    await expect(client.get(apiPaths.menu, { schema: menuResponseSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(errorSpy).toHaveBeenCalled();
  });
});

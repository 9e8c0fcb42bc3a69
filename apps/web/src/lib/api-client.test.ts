import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes, type ApiRoute } from '@cockpit/contracts';
import { jsonResponse } from '../testing/test-utils';
import { ApiRequestError, createApiClient, setTokenSource, type ApiClientDependencies } from './api-client';
import { clearToken, getToken, setToken, waitForToken } from './auth/token-store';
import type { ClientParams } from './client-params';

// docs/product.md §7 (calls), §8 (errors), docs/product.md §D.4: every rule of the one API client.

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
    fetch: fetchMock,
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

/** A route outside the contracts, for rules that hold for any URL. */
function fakeRoute(method: ApiRoute['method'], path: string): ApiRoute {
  return { operationId: 'test', method, path, security: 'bearer' };
}

let errorSpy: ReturnType<typeof vi.spyOn>;
let warnSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('bearer token (docs/product.md §7 "carries an Authorization header with a bearer token")', () => {
  it('adds the bearer token to protected /api calls', async () => {
    const { client, calls } = setup([jsonResponse(menu)]);
    await client.call(apiRoutes.getMenu);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('waits until a token exists before sending', async () => {
    let release: (token: string) => void = () => undefined;
    const tokenPromise = new Promise<string>((resolve) => {
      release = resolve;
    });
    const waiting = vi.fn(() => tokenPromise);
    const { client, fetchMock } = setup([jsonResponse(menu)], { getToken: waiting });
    const pending = client.call(apiRoutes.getMenu);
    // The call has asked for the token and holds there: nothing is sent until it exists.
    await vi.waitFor(() => expect(waiting).toHaveBeenCalled());
    expect(fetchMock).not.toHaveBeenCalled();
    release('late-token');
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('authorization')).toBe('Bearer late-token');
  });

  it('uses the session token store by default (waits for the token it is given)', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(menu));
    const client = createApiClient({
      fetch: fetchMock,
      retryDelayMs: 0,
      origin: () => 'http://localhost:3000',
    });
    // The store's own wait, observed: the call has reached it before the token is set.
    const asked = vi.fn();
    setTokenSource({
      waitForToken: () => {
        asked();
        return waitForToken();
      },
      clearToken,
    });
    try {
      const pending = client.call(apiRoutes.getMenu);
      await vi.waitFor(() => expect(asked).toHaveBeenCalled());
      expect(fetchMock).not.toHaveBeenCalled();
      setToken('from-store');
      await pending;
    } finally {
      setTokenSource({ waitForToken, clearToken });
    }
    expect((fetchMock.mock.calls[0] as unknown as [Request])[0].headers.get('authorization')).toBe(
      'Bearer from-store',
    );
    expect(getToken()).toBe('from-store');
  });

  it('a protected call made before the token store is loaded waits for it (the login route loads it later)', async () => {
    vi.resetModules();
    const fresh = await import('./api-client');
    let storeLoaded = false;
    // Whenever the request goes out, the store must already be there (the module load below takes
    // a turn of the event loop, so a call that did not wait would have gone out before).
    const fetchMock = vi.fn(async () => {
      expect(storeLoaded).toBe(true);
      return jsonResponse(menu);
    });
    const client = fresh.createApiClient({
      fetch: fetchMock,
      retryDelayMs: 0,
      origin: () => 'http://localhost:3000',
    });
    const pending = client.call(apiRoutes.getMenu);
    // Loading the store registers it with the client (api-client.ts setTokenSource).
    const store = await import('./auth/token-store');
    storeLoaded = true;
    store.setToken('loaded-later');
    await pending;
    expect((fetchMock.mock.calls[0] as unknown as [Request])[0].headers.get('authorization')).toBe(
      'Bearer loaded-later',
    );
  });

  it.each([apiRoutes.getHealth, apiRoutes.getTranslations, apiRoutes.getToken, apiRoutes.signInWithEmail])(
    'sends $method $path without a token and without waiting for one',
    async (route) => {
      const { client, calls, getTokenMock } = setup([jsonResponse({ token: 'x' })]);
      await client.call(route, {});
      expect(getTokenMock).not.toHaveBeenCalled();
      expect(calls[0]?.headers.get('authorization')).toBeNull();
    },
  );

  it('leaves URLs without an api segment alone', async () => {
    const { client, calls, getTokenMock } = setup([jsonResponse({})]);
    await client.call(fakeRoute('GET', '/assets/file.txt'), {});
    expect(getTokenMock).not.toHaveBeenCalled();
    expect(calls[0]?.url.search).toBe('');
  });
});

describe('query parameters and body fields (docs/product.md §7)', () => {
  it('GET adds useBackendTranslation=false, currencySymbol and isoLanguageName', async () => {
    const { client, calls } = setup([jsonResponse(menu)]);
    await client.call(fakeRoute('GET', '/api/navigation/menu'), { query: { own: 'yes' } } as never);
    const search = calls[0]?.url.searchParams;
    expect(search?.get('useBackendTranslation')).toBe('false');
    expect(search?.get('currencySymbol')).toBe('€');
    expect(search?.get('isoLanguageName')).toBe('de-AT');
    expect(search?.get('own')).toBe('yes');
  });

  it('GET on a public /api path gets the parameters too', async () => {
    const { client, calls } = setup([jsonResponse({ Translations: {} })]);
    await client.call(apiRoutes.getTranslations, { query: { lang: 'en' } });
    expect(calls[0]?.url.searchParams.get('useBackendTranslation')).toBe('false');
    expect(calls[0]?.url.searchParams.get('lang')).toBe('en');
  });

  it('leaves out values that are not known yet', async () => {
    const { client, calls } = setup([jsonResponse(menu)], {
      getClientParams: () => ({ isoLanguageName: 'en', cultureName: undefined, currencySymbol: undefined }),
    });
    await client.call(apiRoutes.getMenu);
    expect(calls[0]?.url.searchParams.has('currencySymbol')).toBe(false);
    expect(calls[0]?.url.searchParams.get('isoLanguageName')).toBe('en');
  });

  it('POST with a JSON body adds useBackendTranslation, isoLanguageName, cultureName, currencySymbol', async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    await client.call(apiRoutes.recordRecent, { body: { kind: 'report', name: 'sales' } });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({
      kind: 'report',
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
    await client.call(apiRoutes.updatePin, { body: { kind: 'report', name: 'sales', isPinned: true } });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
      isPinned: true,
      useBackendTranslation: false,
    });
  });

  it("keeps the caller's own value of an added field (a new currency symbol being saved)", async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    await client.call(apiRoutes.updateUserSettings, {
      body: { uiLanguage: 'de-AT', uiCulture: 'de-CH', currencySymbol: 'CHF', displayName: 'Anna' },
    });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
      currencySymbol: 'CHF',
      isoLanguageName: 'de-AT',
    });
  });

  it('leaves FormData bodies alone', async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    const form = new FormData();
    form.set('file', 'content');
    await client.call(fakeRoute('POST', '/api/uploads'), { body: form } as never);
    expect(calls[0]?.isFormData).toBe(true);
    expect(calls[0]?.body).not.toContain('useBackendTranslation');
    expect(calls[0]?.body).not.toContain('isoLanguageName');
  });

  it('does not extend the auth library’s calls', async () => {
    const { client, calls } = setup([jsonResponse({})]);
    await client.call(apiRoutes.signInWithEmail, { body: { email: 'a@example.com', password: 'x' } });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ email: 'a@example.com', password: 'x' });
  });
});

describe('retry once (docs/product.md §7, docs/product.md §D.4)', () => {
  it('retries a network error once and succeeds', async () => {
    const { client, fetchMock } = setup([new TypeError('Failed to fetch'), jsonResponse(menu)]);
    await expect(client.call(apiRoutes.getMenu)).resolves.toEqual(menu);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a 5xx once, then gives up and rethrows', async () => {
    const failure = { error: { code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' } };
    const { client, fetchMock } = setup([
      jsonResponse(failure, 503),
      jsonResponse(failure, 503),
      jsonResponse(menu),
    ]);
    const error = await client.call(apiRoutes.getMenu).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database unavailable',
    });
  });

  it.each([fakeRoute('POST', '/api/user/recents'), fakeRoute('PATCH', '/api/notifications/a')])(
    'never retries a $method: it could act twice',
    async (route) => {
      const unavailable = { error: { code: 'SERVICE_UNAVAILABLE', message: 'try later' } };
      for (const failure of [jsonResponse(unavailable, 503), new TypeError('Failed to fetch')]) {
        const { client, fetchMock } = setup([failure, new Response(null, { status: 204 })]);
        await expect(client.call(route, { body: { name: 'a' } } as never)).rejects.toBeDefined();
        expect(fetchMock).toHaveBeenCalledTimes(1);
      }
    },
  );

  it.each([fakeRoute('PUT', '/api/navigation/pins'), apiRoutes.clearRecents])(
    'retries an idempotent $method once',
    async (route) => {
      const { client, fetchMock } = setup([jsonResponse({}, 503), new Response(null, { status: 204 })]);
      await client.call(route, {});
      expect(fetchMock).toHaveBeenCalledTimes(2);
    },
  );

  it.each([502, 504])('retries a %i once', async (status) => {
    const { client, fetchMock } = setup([jsonResponse({}, status), jsonResponse(menu)]);
    await expect(client.call(apiRoutes.getMenu)).resolves.toEqual(menu);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([400, 404, 409, 429, 500, 501])('never retries a %i', async (status) => {
    const { client, fetchMock } = setup([
      jsonResponse({ error: { code: 'X', message: 'no' } }, status),
      jsonResponse(menu),
    ]);
    await expect(client.call(apiRoutes.getMenu)).rejects.toMatchObject({ status });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rethrows a network error after the retry and logs it', async () => {
    const { client, fetchMock } = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    await expect(client.call(apiRoutes.getMenu)).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(errorSpy).toHaveBeenCalled();
  });
});

describe('error responses (docs/product.md §8)', () => {
  it('401 on a protected call drops the token and sends the browser to /login', async () => {
    setToken('old');
    const { client, onUnauthorized } = setup([
      jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'expired' } }, 401),
    ]);
    await expect(client.call(apiRoutes.getUserSettings)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('401 from sign-in (wrong password) is left to the caller: no redirect', async () => {
    const { client, onUnauthorized } = setup([
      jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Invalid' } }, 401),
    ]);
    await expect(
      client.call(apiRoutes.signInWithEmail, { body: { email: 'a@b.c', password: 'x' } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(errorSpy).toHaveBeenCalled();
  });

  it('403 only warns "Forbidden error. Error 403" (and rethrows)', async () => {
    const { client, onUnauthorized } = setup([
      jsonResponse({ error: { code: 'FORBIDDEN', message: 'no' } }, 403),
    ]);
    await expect(client.call(apiRoutes.getAppConfig)).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(warnSpy).toHaveBeenCalledWith('Forbidden error. Error 403');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs every error response to the console and rethrows it', async () => {
    const { client } = setup([
      jsonResponse({ error: { code: 'NOT_FOUND', message: 'Unknown report' } }, 404),
    ]);
    const error = await client.call(apiRoutes.getReport, { params: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('404'));
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('Unknown report'));
  });

  it('keeps the status text when the error body is not JSON', async () => {
    const { client } = setup([
      new Response('<html>bad gateway</html>', { status: 404, statusText: 'Not Found' }),
    ]);
    await expect(client.call(apiRoutes.getMenu)).rejects.toMatchObject({ status: 404, code: 'HTTP_404' });
  });

  it('does not log statuses the caller expects (no session at start-up)', async () => {
    const { client } = setup([jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'no session' } }, 401)]);
    await expect(client.call(apiRoutes.getToken, { expectedStatuses: [401] })).rejects.toMatchObject({
      status: 401,
    });
    expect(errorSpy).not.toHaveBeenCalled();
  });
});

describe('one response rule (decision 026)', () => {
  it('returns the JSON body as the server sent it, typed by the route, not checked again', async () => {
    const { client } = setup([jsonResponse({ token: 'abc', extra: 1 })]);
    // No schema runs in the browser: a field the route does not declare is not stripped.
    await expect(client.call(apiRoutes.getToken)).resolves.toEqual({ token: 'abc', extra: 1 });
  });

  it('resolves an empty answer (204) with null, whatever the route', async () => {
    const { client } = setup([new Response(null, { status: 204 }), new Response(null, { status: 204 })]);
    await expect(client.call(apiRoutes.clearRecents)).resolves.toBeNull();
    await expect(client.call(apiRoutes.getMenu)).resolves.toBeNull();
  });

  it('rejects a successful answer that is not JSON as INVALID_RESPONSE and logs it', async () => {
    const { client } = setup([new Response('<html>proxy page</html>', { status: 200 })]);
    await expect(client.call(apiRoutes.getMenu)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 200,
    });
    expect(errorSpy).toHaveBeenCalled();
  });

  it('fetches a file route (a report download) with the bearer token and answers its bytes and name', async () => {
    const { client, calls } = setup([
      new Response('day,amount\r\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="monthly-sales.csv"',
        },
      }),
    ]);
    const file = await client.download(apiRoutes.downloadReport, {
      params: { name: 'monthly-sales' },
      query: { format: 'csv', values: '{"regions":["North"]}' },
    });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token-1');
    expect(calls[0]?.url.pathname).toBe('/api/reports/monthly-sales/download');
    expect(calls[0]?.url.searchParams.get('values')).toBe('{"regions":["North"]}');
    expect(file.fileName).toBe('monthly-sales.csv');
    expect(await file.blob.text()).toBe('day,amount\r\n');
  });

  it('answers a refused download as the same ApiRequestError a call gets', async () => {
    const { client } = setup([
      jsonResponse({ error: { code: 'USER_ATTRIBUTE_MISSING', message: 'not for you' } }, 403),
    ]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      client.download(apiRoutes.downloadReport, {
        params: { name: 'monthly-sales' },
        query: { format: 'xlsx' },
      }),
    ).rejects.toMatchObject({ status: 403, code: 'USER_ATTRIBUTE_MISSING' });
  });
});

describe('routes of the contracts (decision 025)', () => {
  it("uses the route's method and fills its path parameters, URL-encoded", async () => {
    const { client, calls } = setup([jsonResponse({})]);
    await client.call(apiRoutes.getDashboardTile, { params: { layoutId: 7, tileId: 'a b/c' } });
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.pathname).toBe('/api/dashboards/7/tiles/a%20b%2Fc');
  });

  it('sends the body of a PATCH route with its parameters', async () => {
    const { client, calls } = setup([jsonResponse({})]);
    await client.call(apiRoutes.updateNotification, { params: { uid: 'n-1' }, body: { wasRead: true } });
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.url.pathname).toBe('/api/notifications/n-1');
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ wasRead: true });
  });
});

describe('uploads with progress (onUploadProgress)', () => {
  /** The XMLHttpRequest an upload uses, answering at once after reporting two steps of progress. */
  function stubXhr(status: number, body: string) {
    const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
    class FakeXhr {
      upload: {
        onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      } = { onprogress: null };
      status = 0;
      statusText = '';
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request = { method: '', url: '', headers: {} as Record<string, string>, body: null as unknown };
      open(method: string, url: string) {
        this.request.method = method;
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name.toLowerCase()] = value;
      }
      abort() {}
      send(payload: unknown) {
        this.request.body = payload;
        sent.push(this.request);
        queueMicrotask(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          this.status = status;
          this.responseText = body;
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return sent;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('sends the FormData with the bearer token through XMLHttpRequest and reports the progress', async () => {
    const sent = stubXhr(200, JSON.stringify({ table: 't', rowsImported: 1, rowsTotal: 1, milliseconds: 3 }));
    const { client, fetchMock } = setup([]);
    const progress: number[] = [];
    const body = new FormData();
    body.append('options', '{}');
    const answer = await client.call(apiRoutes.uploadTable, {
      params: { name: 'uploads' },
      body,
      onUploadProgress: (fraction) => progress.push(fraction),
    });
    expect(answer).toEqual({ table: 't', rowsImported: 1, rowsTotal: 1, milliseconds: 3 });
    expect(progress).toEqual([0.5, 1]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'http://localhost:3000/api/management/data-sources/uploads/uploads',
      headers: { authorization: 'Bearer token-1', accept: 'application/json' },
    });
    expect(sent[0]!.body).toBe(body);
  });

  it("keeps an error answer's detail and reports it like every error (logged, 401 → /login)", async () => {
    stubXhr(
      400,
      JSON.stringify({
        error: { code: 'BAD_REQUEST', message: 'Row 2', detail: { row: 2, column: 'a', value: 'x' } },
      }),
    );
    const { client, onUnauthorized } = setup([]);
    const error = await client
      .call(apiRoutes.uploadTable, {
        params: { name: 'uploads' },
        body: new FormData(),
        onUploadProgress: () => {},
      })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Row 2',
      detail: { row: 2, column: 'a', value: 'x' },
    });
    expect(errorSpy).toHaveBeenCalled();

    stubXhr(401, JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'no' } }));
    await expect(
      client.call(apiRoutes.uploadTable, {
        params: { name: 'uploads' },
        body: new FormData(),
        onUploadProgress: () => {},
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

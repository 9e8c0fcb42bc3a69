import ky, { HTTPError, type KyInstance } from 'ky';
import {
  type ApiCallInput,
  type ApiError,
  type ApiResponse,
  type ApiRoute,
  type AccountSetUpGate,
  type RouteSecurity,
  accountSetUpGateOfCode,
  authApiPrefix,
  integrityRequirementOf,
  integrityTokenHeader,
  pathOf,
} from '@cockpit/contracts';
import { getClientParams, type ClientParams } from './client-params';

/**
 * THE HTTP client of the app (docs/conventions.md: one client, no `fetch` in components). Its rules — the
 * bearer token, the query and body extensions, one retry of idempotent calls, 401 and 403 — are those of
 * docs/product.md §7, §8 and §D.4; every call names a contracts route (decision 025) and answers are read
 * by one response rule (decision 026). Uploads with progress go through XMLHttpRequest, which reports
 * upload progress where fetch cannot, under the same rules but without timeout or retry.
 */

/** An error answer of the API (`{ error: { code, message } }`, docs/product.md §D.4) or a failed call. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly method: string;
  readonly url: string;
  /** `error.detail` of the answer, when a route gives one (an upload's bad value: row, column, value). */
  readonly detail: unknown;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    method: string;
    url: string;
    detail?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiRequestError';
    this.status = options.status;
    this.code = options.code;
    this.method = options.method;
    this.url = options.url;
    this.detail = options.detail;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/**
 * The service could not answer right now — a gateway, an outage (503 with Retry-After), no connection,
 * or a timeout — as opposed to an answer. Callers that must not conclude anything from it (the session
 * check: only a real 401 means "signed out", decision 009 "Outages") wait and ask again.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof ApiRequestError) return (retriedStatuses as readonly number[]).includes(error.status);
  // fetch rejects with a TypeError when there is no connection; ky's timeout is a TimeoutError.
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}

/** `{ error: { code, message } }` (contracts `ApiError`), or null for any other body. */
export function readApiError(body: unknown): ApiError | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return null;
  const { code, message } = error;
  return typeof code === 'string' && typeof message === 'string' ? { error: { code, message } } : null;
}

type SearchParams = Record<string, string | number | boolean | undefined>;
type JsonBody = Record<string, unknown>;

/** How one call behaves, besides what it sends. */
export type CallOptions = {
  signal?: AbortSignal;
  /**
   * Statuses that are a normal answer for this call, not an error to report (e.g. 401 from the token
   * endpoint means "no session"). They are still thrown, but not logged.
   */
  expectedStatuses?: readonly number[];
  /**
   * A FormData upload that reports how much of it was sent (0–1). Sent with XMLHttpRequest — fetch has no
   * upload progress over HTTP/1.1 — and without the timeout and the retry (a large file takes its time,
   * and a POST is never sent twice anyway).
   */
  onUploadProgress?: (fraction: number) => void;
};

/** What `call` takes for a route: its parameters, query and body where it has them, and call options. */
export type CallInput<Route extends ApiRoute> = ApiCallInput<Route> & CallOptions;

/** The input may be left out when the route needs none (no path parameters, no body, no required query). */
type CallArguments<Route extends ApiRoute> =
  object extends ApiCallInput<Route> ? [input?: CallInput<Route>] : [input: CallInput<Route>];

type RequestOptions = CallOptions & {
  /** The route's security (decision 025): only `bearer` routes wait for and carry the token. */
  security?: RouteSecurity;
  searchParams?: SearchParams;
  json?: unknown;
  body?: FormData;
  /** `file`: the answer is a file (`api.download`), not JSON. */
  answer?: 'json' | 'file';
};

/** A file the server sent: its bytes and the name from `Content-Disposition` (null when it gives none). */
export type DownloadedFile = { blob: Blob; fileName: string | null };

function fileNameOf(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? null;
}

export type ApiClientDependencies = {
  fetch?: typeof globalThis.fetch;
  /** Resolves with the bearer token (docs/product.md §7: waits until one exists). */
  getToken?: () => Promise<string>;
  getClientParams?: () => ClientParams;
  /** docs/product.md §8: 401 → the browser goes to /login. */
  onUnauthorized?: () => void;
  /** Delay before the single retry; 0 in tests. */
  retryDelayMs?: number;
  timeoutMs?: number;
  /** Base for relative paths (the page's origin in the browser). */
  origin?: () => string;
  /** The app integrity token for sign-in and sign-up (security hardening; lib/integrity). */
  getIntegrityToken?: () => Promise<string | null>;
};

const apiSegment = /(^|\/)api(\/|$)/;

function resolveUrl(path: string, origin: string): URL {
  return new URL(path, origin);
}

/** docs/product.md §7: "every request whose URL contains an api segment". */
export function isApiUrl(url: URL): boolean {
  return apiSegment.test(url.pathname);
}

/** `/api/auth/*` belongs to the auth library and authenticates with the session cookie (docs/product.md §D.3). */
export function isAuthUrl(url: URL): boolean {
  return url.pathname === authApiPrefix || url.pathname.startsWith(`${authApiPrefix}/`);
}

/**
 * Calls that take credentials need the app integrity token (decision 007): the routes the contracts mark
 * `integrity` and the auth library's credential paths they declare — the same lookup the server refuses
 * them by (contracts `integrityRequirementOf`).
 */
export function needsIntegrity(url: URL, method: string): boolean {
  return method.toUpperCase() === 'POST' && integrityRequirementOf(url.pathname) !== null;
}

/** The session's token store (auth/token-store.ts), as the client needs it. */
export type TokenSource = { waitForToken: () => Promise<string>; clearToken: () => void };

let tokenSource: TokenSource | null = null;
let announceTokenSource: (source: TokenSource) => void = () => undefined;
const tokenSourceSet = new Promise<TokenSource>((resolve) => {
  announceTokenSource = resolve;
});

/**
 * The token store registers itself here when it is loaded — with the session, after the login screen
 * has been drawn (decision 011: the login route's download does without it). A call that needs a token
 * before then waits, as it waits for a token anyway (docs/product.md §7).
 */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
  announceTokenSource(source);
}

async function waitForToken(): Promise<string> {
  return (tokenSource ?? (await tokenSourceSet)).waitForToken();
}

let integrityTokenProvider: () => Promise<string | null> = () => Promise.resolve(null);

/** The app wires lib/integrity in at start-up (app/bootstrap.ts), as it does the 401 handling. */
export function setIntegrityTokenProvider(provider: () => Promise<string | null>): void {
  integrityTokenProvider = provider;
}

/**
 * Calls that carry the bearer token: `/api` URLs of routes the contracts declare `bearer` — not the public
 * ones, not the auth library's (decision 025).
 */
export function needsBearer(url: URL, security: RouteSecurity | undefined): boolean {
  return isApiUrl(url) && !isAuthUrl(url) && security === 'bearer';
}

function isJsonBody(value: unknown): value is JsonBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function securityOf(context: Record<string, unknown>): RouteSecurity | undefined {
  const { security } = context;
  return security === 'bearer' || security === 'session' || security === 'public' ? security : undefined;
}

function defined(values: Record<string, string | boolean | undefined>): Record<string, string | boolean> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | boolean
  >;
}

/**
 * docs/product.md §7 "a failed call is retried once", for calls that may safely be sent twice (RFC 9110 §9.2.2
 * idempotent methods): a POST that reached the server and failed on the way back — a notification batch,
 * say — must not go out again.
 */
export const retriedMethods = ['get', 'head', 'options', 'put', 'delete'] as const;

/** A gateway or an overloaded server (503 with Retry-After): worth one more try. 500 is a bug, not luck. */
export const retriedStatuses = [502, 503, 504] as const;

function isRetryable(error: Error): boolean {
  if (error.name === 'AbortError') return false;
  if (error instanceof HTTPError)
    return (retriedStatuses as readonly number[]).includes(error.response.status);
  // A network failure (fetch rejects with a TypeError) or a timeout.
  return true;
}

async function toApiRequestError(error: HTTPError, method: string, url: string): Promise<ApiRequestError> {
  const { status, statusText } = error.response;
  let body: unknown = null;
  try {
    body = await error.response.clone().json();
  } catch {
    // Not JSON (a proxy's error page, say): keep the status text.
  }
  return errorFromAnswer(status, statusText, body, method, url);
}

function errorFromAnswer(status: number, statusText: string, body: unknown, method: string, url: string) {
  const apiError = readApiError(body);
  const detail = (body as { error?: { detail?: unknown } } | null)?.error?.detail;
  return new ApiRequestError({
    status,
    code: apiError?.error.code ?? `HTTP_${status}`,
    message: apiError?.error.message ?? (statusText || `HTTP ${status}`),
    method,
    url,
    ...(detail !== undefined ? { detail } : {}),
  });
}

/** A FormData POST through XMLHttpRequest, for its upload progress; answers as ky's path does. */
function sendWithProgress(
  method: string,
  url: string,
  body: FormData,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<{ status: number; statusText: string; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError(`Network error: ${method} ${url}`));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

export function createApiClient(dependencies: ApiClientDependencies = {}) {
  const {
    getToken = waitForToken,
    getClientParams: readParams = getClientParams,
    onUnauthorized = () => {
      window.location.assign('/login');
    },
    retryDelayMs = 300,
    timeoutMs = 30_000,
    origin = () => window.location.origin,
  } = dependencies;

  const http: KyInstance = ky.create({
    // Resolved per call so tests can replace `globalThis.fetch` after the client is created.
    fetch: (input, init) => (dependencies.fetch ?? globalThis.fetch)(input, init),
    timeout: timeoutMs,
    throwHttpErrors: true,
    // docs/product.md §7 "a failed call is retried once": idempotent methods, network errors and 502/503/504 only.
    retry: {
      limit: 1,
      methods: [...retriedMethods],
      statusCodes: [...retriedStatuses],
      retryOnTimeout: true,
      delay: () => retryDelayMs,
      shouldRetry: ({ error }) => isRetryable(error),
    },
    hooks: {
      beforeRequest: [
        async (request, options) => {
          const url = new URL(request.url);
          if (needsIntegrity(url, request.method)) {
            const integrity = await (dependencies.getIntegrityToken ?? integrityTokenProvider)();
            if (integrity) request.headers.set(integrityTokenHeader, integrity);
            return;
          }
          if (!needsBearer(url, securityOf(options.context))) return;
          const token = await getToken();
          request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  /** A failed answer, whichever way it was sent: reported as docs/product.md §8 says, then thrown. */
  function report(apiError: ApiRequestError, url: URL, options: RequestOptions): never {
    const expected = options.expectedStatuses?.includes(apiError.status) ?? false;
    if (!expected) {
      // docs/product.md §8 "any error response: logged to the console and rethrown".
      console.error(
        `API error ${apiError.status} ${apiError.method} ${url.pathname}: ${apiError.code} ${apiError.message}`,
      );
    }
    if (apiError.status === 401 && needsBearer(url, options.security)) {
      // docs/product.md §8 "HTTP 401: browser goes to /login". A 401 from /api/auth/* is an answer about the
      // session itself (wrong password, no session) and is left to the caller.
      tokenSource?.clearToken(); // none registered: no token is held
      onUnauthorized();
    } else if (apiError.status === 403) {
      // docs/product.md §8 "HTTP 403: logs a warning 'Forbidden error. Error 403' only".
      console.warn('Forbidden error. Error 403');
      // Decisions 021, 022: a set-up gate is pending that the held token did not announce yet.
      const gate = accountSetUpGateOfCode(apiError.code);
      if (gate) accountSetUpHandler(gate);
    }
    throw apiError;
  }

  async function uploadWithProgress(
    method: string,
    url: URL,
    body: FormData,
    onProgress: (fraction: number) => void,
    options: RequestOptions,
  ): Promise<unknown> {
    const token = needsBearer(url, options.security) ? await getToken() : null;
    const answer = await sendWithProgress(method, url.toString(), body, token, onProgress, options.signal);
    let parsed: unknown = null;
    try {
      parsed = answer.text === '' ? null : (JSON.parse(answer.text) as unknown);
    } catch {
      if (answer.status < 300) {
        const error = new ApiRequestError({
          status: answer.status,
          code: 'INVALID_RESPONSE',
          message: `Unexpected response from ${method} ${url.pathname}: not JSON`,
          method,
          url: url.toString(),
        });
        console.error('API error', error);
        throw error;
      }
    }
    if (answer.status >= 200 && answer.status < 300) return parsed;
    return report(
      errorFromAnswer(answer.status, answer.statusText, parsed, method, url.toString()),
      url,
      options,
    );
  }

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    const url = resolveUrl(path, origin());
    const extend = isApiUrl(url) && !isAuthUrl(url);
    const params = readParams();

    const searchParams = new URLSearchParams(url.search);
    for (const [key, value] of Object.entries(options.searchParams ?? {})) {
      if (value !== undefined) searchParams.set(key, String(value));
    }
    if (extend && method.toUpperCase() === 'GET') {
      // docs/product.md §7 "GET to api: query parameters useBackendTranslation (false), currencySymbol and
      // isoLanguageName are added".
      const added = defined({
        useBackendTranslation: 'false',
        currencySymbol: params.currencySymbol,
        isoLanguageName: params.isoLanguageName,
      });
      for (const [key, value] of Object.entries(added)) searchParams.set(key, String(value));
    }
    url.search = searchParams.toString();

    let json = options.json;
    if (extend && isJsonBody(json) && !(options.body instanceof FormData)) {
      // docs/product.md §7 "POST to api: the body is extended with useBackendTranslation (false), isoLanguageName,
      // cultureName and currencySymbol; form-data bodies are left alone". PUT/PATCH bodies likewise.
      // A field the caller sets itself wins: saving a new currency symbol (PUT /api/user/settings)
      // must not be overwritten by the one currently in use.
      json = {
        ...defined({
          useBackendTranslation: false,
          isoLanguageName: params.isoLanguageName,
          cultureName: params.cultureName,
          currencySymbol: params.currencySymbol,
        }),
        ...json,
      };
    }

    const upperMethod = method.toUpperCase();
    const href = url.toString();
    if (options.onUploadProgress && options.body instanceof FormData) {
      return uploadWithProgress(upperMethod, url, options.body, options.onUploadProgress, options);
    }
    try {
      const response = await http(href, {
        method,
        ...(json !== undefined ? { json } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        // A file may take longer than an answer to arrive; the retry rules stay.
        ...(options.answer === 'file' ? { timeout: false as const } : {}),
        headers: { Accept: options.answer === 'file' ? '*/*' : 'application/json' },
        context: { security: options.security },
      });
      if (options.answer === 'file') {
        return {
          blob: await response.blob(),
          fileName: fileNameOf(response.headers.get('content-disposition')),
        };
      }
      // The one response rule (decision 026): JSON as the server serialised it through the route's
      // schema, `null` for an empty answer.
      const text = await response.text();
      if (text === '') return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        const error = new ApiRequestError({
          status: response.status,
          code: 'INVALID_RESPONSE',
          message: `Unexpected response from ${upperMethod} ${url.pathname}: not JSON`,
          method: upperMethod,
          url: href,
        });
        console.error('API error', error);
        throw error;
      }
    } catch (error) {
      if (error instanceof ApiRequestError) throw error;
      if (error instanceof HTTPError) report(await toApiRequestError(error, upperMethod, href), url, options);
      if (error instanceof Error && error.name === 'AbortError') throw error;
      // A network failure after the retry, a timeout, or a body that is not JSON.
      console.error(`API call failed: ${upperMethod} ${url.pathname}`, error);
      throw error;
    }
  }

  /** The route's path with its parameters filled in (URL-encoded). */
  const routePath = (route: ApiRoute, params: Record<string, string | number> | undefined) =>
    pathOf(route, ...((params ? [params] : []) as []));

  /**
   * Calls one route of the API (decision 025): `api.call(apiRoutes.updateUser, { params: { id }, body })`.
   * Resolves with the route's answer (the one response rule, decision 026).
   */
  function call<Route extends ApiRoute>(
    route: Route,
    ...[input]: CallArguments<Route>
  ): Promise<ApiResponse<Route>> {
    const { params, query, body, signal, expectedStatuses, onUploadProgress } = (input ??
      {}) as CallOptions & {
      params?: Record<string, string | number>;
      query?: SearchParams;
      body?: unknown;
    };
    return request(route.method, routePath(route, params), {
      security: route.security,
      searchParams: query,
      ...(body instanceof FormData ? { body } : { json: body }),
      ...(signal ? { signal } : {}),
      ...(expectedStatuses ? { expectedStatuses } : {}),
      ...(onUploadProgress ? { onUploadProgress } : {}),
    }) as Promise<ApiResponse<Route>>;
  }

  /** A route that answers a file (decision 027 downloads): `api.download(apiRoutes.downloadReport, { params, query })`. */
  function download<Route extends ApiRoute>(
    route: Route,
    ...[input]: CallArguments<Route>
  ): Promise<DownloadedFile> {
    const { params, query, signal } = (input ?? {}) as CallOptions & {
      params?: Record<string, string | number>;
      query?: SearchParams;
    };
    return request(route.method, routePath(route, params), {
      security: route.security,
      searchParams: query,
      answer: 'file',
      ...(signal ? { signal } : {}),
    }) as Promise<DownloadedFile>;
  }

  return { call, download };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let accountSetUpHandler: (gate: AccountSetUpGate) => void = () => undefined;

/**
 * The app follows a set-up gate the server refused a call for (403 `PASSWORD_CHANGE_REQUIRED` or
 * `TWO_FACTOR_REQUIRED`, decisions 021, 022) as it follows one the token announces (app/bootstrap.ts).
 */
export function setAccountSetUpHandler(handler: (gate: AccountSetUpGate) => void): void {
  accountSetUpHandler = handler;
}

let unauthorizedHandler: () => void = () => {
  window.location.assign('/login');
};

/** The app wires 401 handling to the router and the session at start-up (app/router.tsx). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The app's one client instance. */
export const api: ApiClient = createApiClient({
  onUnauthorized: () => {
    unauthorizedHandler();
  },
});

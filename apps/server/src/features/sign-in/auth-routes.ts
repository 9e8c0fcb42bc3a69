import {
  apiRoutes,
  authApiPrefix,
  errorCodes,
  singleSignOnCallbackPath,
  tokenCheckParam,
} from '@cockpit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from '../../app-types';
import { errorCodeForStatus, internalErrorMessage } from '../../lib/http-error';
import { databaseIsDown, unavailableRetryAfterSeconds } from '../../plugins/database-unavailable';
import { integrityRequirementOf } from '../../auth/account-policy';
import { normalisedAuthPath } from '../../auth/credential-endpoint';
import { cookiePrefix } from '../../auth/create-auth';
import { unavailableMessage } from '../../plugins/error-handler';

/**
 * The endpoints of the auth library the app uses (docs/product.md §D.3): sign-in, sign-out and the exchange of the
 * session for a bearer token. Every other one answers 404 (decision 009) — `update-user` would set a name
 * past the display-name rules, `change-password` keep the other sessions, `list-sessions` hand session
 * tokens to JavaScript; the app's own routes do those things. Compared in the library's routing spelling.
 */
export const allowedAuthEndpoints: ReadonlySet<string> = new Set([
  `GET ${apiRoutes.getToken.path}`,
  `POST ${apiRoutes.signInWithEmail.path}`,
  `POST ${apiRoutes.signOut.path}`,
  // Two-factor sign-in (decision 021): turn on/off with the password, confirm a key, the code step.
  `POST ${apiRoutes.enableTwoFactor.path}`,
  `POST ${apiRoutes.disableTwoFactor.path}`,
  `POST ${apiRoutes.verifyTwoFactorCode.path}`,
  `POST ${apiRoutes.verifyRecoveryCode.path}`,
  // Single sign-on (decision 020): the provider's URL for an e-mail, and the provider's way back.
  `POST ${apiRoutes.startSingleSignOn.path}`,
  `GET ${singleSignOnCallbackPath}`,
]);

const hopByHopHeaders = new Set([
  'connection',
  'content-length',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The Fastify glue for better-auth: `/api/auth/*` is converted to a Web `Request`, answered by
 * `auth.handler`, and copied back. These routes authenticate with the session cookie, not a bearer
 * token (docs/product.md §D.3 "Sign-in"). Error answers are normalised to `{ error: { code, message } }`. The sign-in guard
 * (plugins/sign-in-guard.ts) adds the integrity token and the sign-in limits to the credential endpoints.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: `${authApiPrefix}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const webRequest = toWebRequest(request, app.config.publicUrl);
      // The path exactly as better-auth will route it (security hardening: integrity token and sign-in limits).
      const credentialEndpoint = integrityRequirementOf(new URL(webRequest.url).pathname);
      if (credentialEndpoint) {
        if (await app.signInGuard.before(request, reply, credentialEndpoint)) return reply;
      }
      const endpoint = `${request.method} ${normalisedAuthPath(new URL(webRequest.url).pathname)}`;
      if (!allowedAuthEndpoints.has(endpoint)) {
        if (credentialEndpoint) await app.signInGuard.after(request, credentialEndpoint, 404, null);
        return reply.status(404).send({ error: { code: errorCodes.notFound, message: 'Not found' } });
      }
      let response: Response;
      try {
        response = await app.auth.handler(webRequest);
      } catch (error) {
        // Not an answer of the library (auth/create-auth.ts `onAPIError.throw`): logged here through the
        // redacting serializer (lib/log-redaction.ts), then handled like its own 500s (503 when the
        // database is down).
        request.log.error({ err: error }, 'better-auth: request failed');
        response = new Response(null, { status: 500, statusText: 'Internal Server Error' });
      }
      if (response.status === 401 && isTokenExchange(request) && hasSessionCookie(request)) {
        // The library answers "no session" when it could not look the session up. While the database is
        // unreachable that is not known: 503, so the web app keeps the person signed in and asks again
        // (decision 009 "Outages") instead of sending them to the login screen.
        if (await databaseIsDown(app.db)) return sendUnavailable(reply, request);
      }
      if (response.status === 401 && isTokenCheck(request)) {
        // The web app's session check: "no session" is an answer, not a failed request (tokenCheckParam).
        return reply
          .status(200)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ token: null }));
      }
      if (credentialEndpoint) {
        const userId = response.ok ? await signedInUserId(response) : null;
        await app.signInGuard.after(request, credentialEndpoint, response.status, userId);
      }
      return sendWebResponse(response, reply, request, app);
    },
  });
};

/** `GET /api/auth/token`, with or without the session check. */
function isTokenExchange(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' && new URL(request.url, 'http://localhost').pathname === apiRoutes.getToken.path
  );
}

/** `GET /api/auth/token?check=true`: answered 200 `{ token: null }` without a session (contracts `tokenCheckParam`). */
function isTokenCheck(request: FastifyRequest): boolean {
  if (!isTokenExchange(request)) return false;
  return new URL(request.url, 'http://localhost').searchParams.get(tokenCheckParam) === 'true';
}

/** The request carries a session cookie (`cockpit.session_token`, `__Secure-` on https). */
function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').includes(`${cookiePrefix}.session_token=`);
}

function sendUnavailable(reply: FastifyReply, request: FastifyRequest) {
  request.log.warn({ event: 'auth.token.unavailable' }, 'token exchange: database unavailable');
  return reply
    .status(503)
    .header('retry-after', String(unavailableRetryAfterSeconds))
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: { code: errorCodes.unavailable, message: unavailableMessage } }));
}

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopByHopHeaders.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // better-auth records the client address with the session: the one TRUST_PROXY lets Fastify derive (decision 009).
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  // The path comes from the request, the origin from PUBLIC_URL (never from the Host header).
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** The user id in better-auth's sign-in answer (for the log only). */
async function signedInUserId(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } } | null;
    return typeof body?.user?.id === 'string' ? body.user.id : null;
  } catch {
    return null;
  }
}

/** Codes better-auth may answer with that the web app understands as they are. */
const passedThroughCodes = new Set<string>([errorCodes.singleSignOnRequired, errorCodes.integrityRequired]);

async function sendWebResponse(response: Response, reply: FastifyReply, request: FastifyRequest, app: App) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || hopByHopHeaders.has(name)) continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status < 400) return reply.send(withoutSessionToken(request.url, text));

  // Expected refusals (wrong password, bad origin) are not errors.
  if (response.status < 500)
    request.log.debug({ status: response.status }, 'better-auth refused the request');
  // better-auth answers `{ code, message }`; the web app expects our error shape for every /api call.
  let message = response.statusText || 'Request failed';
  let code: string = errorCodeForStatus(response.status);
  try {
    const parsed = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') message = parsed.message;
    if (typeof parsed.code === 'string' && passedThroughCodes.has(parsed.code)) code = parsed.code;
  } catch {
    // not JSON: keep the status text
  }
  if (response.status >= 500) {
    // better-auth turns a lost database into its own 500; the API promises 503 for that (decision 009).
    const unavailable = await databaseIsDown(app.db);
    request.log.error({ status: response.status, message, databaseDown: unavailable }, 'auth handler failed');
    if (unavailable) {
      reply.status(503).header('retry-after', String(unavailableRetryAfterSeconds));
      code = errorCodes.unavailable;
      message = unavailableMessage;
    } else {
      code = errorCodes.internal;
      message = internalErrorMessage;
    }
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.send(JSON.stringify({ error: { code, message } }));
}

/**
 * better-auth also puts the session token into the JSON of sign-in and get-session; the SPA must only
 * ever hold it in the HttpOnly cookie, so it is removed from those bodies.
 */
function withoutSessionToken(url: string, text: string): string | null {
  if (text === '') return null;
  const pathname = url.split('?')[0] ?? '';
  const answersWithSession =
    pathname.endsWith('/sign-in/email') ||
    pathname.endsWith('/get-session') ||
    // The code step of a two-factor sign-in answers like a sign-in (decision 021).
    normalisedAuthPath(pathname).startsWith('/api/auth/two-factor/verify');
  if (!answersWithSession) return text;
  try {
    const body = JSON.parse(text) as { token?: unknown; session?: { token?: unknown } | null } | null;
    if (body && typeof body === 'object') {
      delete body.token;
      if (body.session && typeof body.session === 'object') delete body.session.token;
    }
    return JSON.stringify(body);
  } catch {
    return text;
  }
}

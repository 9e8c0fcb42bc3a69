import { apiPaths, errorCodes } from '@cockpit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import { errorCodeForStatus, internalErrorMessage } from '../lib/http-error';
import { databaseIsDown } from './database-unavailable';
import { credentialEndpointOf } from './sign-in-guard';

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
 * token (DESIGN.md §3). Error answers are normalised to `{ error: { code, message } }`.
 */
export function registerAuthRoutes(app: App): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${apiPaths.authPrefix}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const webRequest = toWebRequest(request, app.config.publicUrl);
      // The path exactly as better-auth will route it (issue 7: integrity token and sign-in limits).
      const credentialEndpoint = credentialEndpointOf(new URL(webRequest.url).pathname);
      if (credentialEndpoint) {
        if (await app.signInGuard.before(request, reply, credentialEndpoint)) return reply;
      }
      const response = await app.auth.handler(webRequest);
      if (credentialEndpoint) {
        const userId = response.ok ? await signedInUserId(response) : null;
        await app.signInGuard.after(request, credentialEndpoint, response.status, userId);
      }
      return sendWebResponse(response, reply, request, app);
    },
  });
}

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopByHopHeaders.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // better-auth rate-limits by client address; only the socket address is trusted here.
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
const passedThroughCodes = new Set<string>([errorCodes.integrityRequired]);

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
    // better-auth turns a lost database into its own 500; the API promises 503 for that (issue 7).
    const unavailable = await databaseIsDown(app.db);
    request.log.error({ status: response.status, message, databaseDown: unavailable }, 'auth handler failed');
    if (unavailable) {
      reply.status(503);
      code = errorCodes.unavailable;
      message = 'The service is temporarily unavailable. Please try again shortly.';
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
  if (!pathname.endsWith('/sign-in/email') && !pathname.endsWith('/get-session')) return text;
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

import { apiPaths } from '@cockpit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import { errorCodeForStatus, internalErrorMessage } from '../lib/http-error';

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
      const response = await app.auth.handler(toWebRequest(request, app.config.publicUrl));
      return sendWebResponse(response, reply, request);
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

async function sendWebResponse(response: Response, reply: FastifyReply, request: FastifyRequest) {
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
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') message = parsed.message;
  } catch {
    // not JSON: keep the status text
  }
  if (response.status >= 500) {
    request.log.error({ status: response.status, message }, 'auth handler failed');
    message = internalErrorMessage;
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.send(JSON.stringify({ error: { code: errorCodeForStatus(response.status), message } }));
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

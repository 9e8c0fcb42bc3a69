import { vi } from 'vitest';
import { setToken } from '../lib/auth/token-store';
import { jsonResponse } from './test-utils';

/** One recorded call to the stubbed API. */
export type StubCall = { method: string; path: string; search: URLSearchParams; body: unknown };

type Handler = (call: StubCall) => Response | Promise<Response>;

/**
 * Replaces `fetch` with a tiny fake API: `routes` maps "METHOD /path" to a handler; anything else is a
 * 404 in the API's error shape. A token is set so protected calls go out at once. Returns the calls.
 */
export function stubApi(routes: Record<string, Handler>): StubCall[] {
  setToken('a.b.c');
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const text = request.body ? await request.text() : '';
      const call: StubCall = {
        method: request.method,
        path: url.pathname,
        search: url.searchParams,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      if (!handler) return jsonResponse({ error: { code: 'NOT_FOUND', message: call.path } }, 404);
      return handler(call);
    }),
  );
  return calls;
}

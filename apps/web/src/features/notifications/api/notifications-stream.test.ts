import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes, type NotificationStreamEvent } from '@cockpit/contracts';
import { connectNotificationsStream, type StreamStatus } from './notifications-stream';

// The fetch-based SSE client (docs/product.md §D.5): bearer token per connection, events checked against the
// contracts' shape (stream-event.ts), reconnect after the server ends the stream (token expiry) or the network fails.

const encoder = new TextEncoder();
const sse = (event: NotificationStreamEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** A streaming response the test writes to and ends. */
function streamingResponse(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const response = new Response(
    status === 200 ? body : JSON.stringify({ error: { code: 'X', message: 'x' } }),
    {
      status,
      headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' },
    },
  );
  return {
    response,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const snapshot: NotificationStreamEvent = {
  type: 'snapshot',
  notifications: [],
  hasMore: false,
  unreadCount: 0,
};

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
});

function connect(responses: Array<ReturnType<typeof streamingResponse> | Error>, tokens: string[]) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const next = responses.shift();
    if (!next) return new Promise<Response>(() => {});
    if (next instanceof Error) throw next;
    return next.response;
  });
  const events: NotificationStreamEvent[] = [];
  const statuses: StreamStatus[] = [];
  const renewToken = vi.fn(async () => 'renewed');
  let tokenIndex = 0;
  disconnect = connectNotificationsStream(
    { onEvent: (event) => events.push(event), onStatus: (status) => statuses.push(status) },
    {
      fetch: fetchMock as unknown as typeof fetch,
      getToken: async () => tokens[Math.min(tokenIndex++, tokens.length - 1)] ?? 'none',
      renewToken,
      minBackoffMs: 1,
      maxBackoffMs: 4,
      origin: () => 'http://localhost',
    },
  );
  return { requests, events, statuses, renewToken, fetchMock };
}

describe('connectNotificationsStream', () => {
  it('sends the bearer token and delivers the parsed events in order', async () => {
    const first = streamingResponse();
    const { requests, events, statuses } = connect([first], ['token-1']);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0]!.url).pathname).toBe(apiRoutes.streamNotifications.path);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-1');
    first.send(': heartbeat\n\n');
    first.send(sse(snapshot));
    first.send('event: upsert\ndata: {"type":"upsert","notification":{"broken":true}}\n\n');
    first.send(sse({ type: 'remove', uid: 'n1', unreadCount: 0 }));
    await vi.waitFor(() => expect(events).toHaveLength(2));
    // The malformed event is skipped, not fatal.
    expect(events).toEqual([snapshot, { type: 'remove', uid: 'n1', unreadCount: 0 }]);
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('reconnects with the current token when the server ends the stream (token expiry)', async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    const { requests, events, statuses } = connect([first, second], ['token-1', 'token-2']);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    first.send(sse(snapshot));
    first.end();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.headers.get('authorization')).toBe('Bearer token-2');
    second.send(sse(snapshot));
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('keeps trying after network failures, and renews a refused token', async () => {
    const last = streamingResponse();
    const { requests, events, renewToken } = connect(
      [new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), streamingResponse(401), last],
      ['token-1'],
    );
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    expect(renewToken).toHaveBeenCalledTimes(1);
    last.send(sse(snapshot));
    await vi.waitFor(() => expect(events).toEqual([snapshot]));
  });

  it('stops for good when disconnected', async () => {
    const first = streamingResponse();
    const { requests, fetchMock } = connect([first, streamingResponse()], ['token-1']);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    disconnect?.();
    first.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

import { apiRoutes, type NotificationStreamEvent, notificationStreamEventSchema } from '@cockpit/contracts';

// `app.inject` cannot stream: notification tests listen on a real port and read the stream with fetch,
// as the browser's fetch-based client does.

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: NotificationStreamEvent[];
  /** Raw lines that were comments (heartbeats). */
  comments: number;
  /** Resolves with the first event (from `fromIndex` on) that matches, or rejects after `timeoutMs`. */
  next(
    predicate: (event: NotificationStreamEvent) => boolean,
    options?: { fromIndex?: number; timeoutMs?: number },
  ): Promise<NotificationStreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openNotificationStream(baseUrl: string, token: string | null): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${apiRoutes.streamNotifications.path}`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: controller.signal,
  });
  const events: NotificationStreamEvent[] = [];
  const listeners = new Set<() => void>();
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    events,
    comments: 0,
    next: (predicate, { fromIndex = 0, timeoutMs = 20_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(fromIndex).find(predicate);
          if (!found) return false;
          listeners.delete(onEvent);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const onEvent = () => void check();
        const timer = setTimeout(() => {
          listeners.delete(onEvent);
          reject(
            new Error(
              `no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) listeners.add(onEvent);
      }),
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) return stream;

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data === '') {
            if (block.startsWith(':')) stream.comments += 1;
            continue;
          }
          events.push(notificationStreamEventSchema.parse(JSON.parse(data)));
          for (const listener of [...listeners]) listener();
        }
      }
    } catch {
      // Aborted by `close()` or the connection was cut: the stream has ended either way.
    }
  })();
  return stream;
}

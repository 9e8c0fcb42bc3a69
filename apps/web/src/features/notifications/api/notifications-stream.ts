import { fetchEventSource } from '@microsoft/fetch-event-source';
import { apiRoutes, type NotificationStreamEvent, notificationStreamHeartbeatMs } from '@cockpit/contracts';
import { refreshToken } from '../../../lib/auth/session';
import { waitForToken } from '../../../lib/auth/token-store';
import { parseStreamEvent } from './stream-event';

/**
 * `GET /api/notifications/stream` (docs/product.md §D.5). Not through the API client: ky reads whole bodies and
 * EventSource cannot send headers, so this uses a fetch-based SSE client — with the same bearer rule as
 * every `/api` call (docs/product.md §7: it waits for a token). Each (re)connect asks for the current token, so a
 * stream the server ends at token expiry comes back with the renewed one. After a failure it waits with
 * exponential backoff (1 s … 30 s, jittered), or less when the browser reports it is online again.
 */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export type StreamCallbacks = {
  onEvent: (event: NotificationStreamEvent) => void;
  onStatus: (status: StreamStatus) => void;
};

export type StreamDependencies = {
  getToken?: () => Promise<string>;
  /** After a 401: the held token was refused; get another (the session module handles a dead session). */
  renewToken?: () => Promise<string | null>;
  fetch?: typeof globalThis.fetch;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** No byte (event or heartbeat) for this long: the connection is dead even if the socket says nothing. */
  idleTimeoutMs?: number;
  /** Base for the relative path (the page's origin in the browser). */
  origin?: () => string;
};

/** A connection that delivered a snapshot and lasted this long was healthy: the next one starts at once. */
const healthyAfterMs = 5_000;

class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`notifications stream refused: HTTP ${status}`);
    this.name = 'StreamRefused';
  }
}

/** Waits `ms`, or less when the browser comes back online, or until `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

/** Opens the stream and keeps it open until the returned function is called. */
export function connectNotificationsStream(
  callbacks: StreamCallbacks,
  dependencies: StreamDependencies = {},
): () => void {
  const {
    getToken = waitForToken,
    renewToken = refreshToken,
    minBackoffMs = 1_000,
    maxBackoffMs = 30_000,
    idleTimeoutMs = notificationStreamHeartbeatMs * 2.5,
    origin = () => window.location.origin,
  } = dependencies;
  const stop = new AbortController();
  let failures = 0;

  const connectOnce = async (): Promise<{ healthy: boolean; refused: number | null }> => {
    const token = await getToken();
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    stop.signal.addEventListener('abort', abortAttempt);
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abortAttempt, idleTimeoutMs);
    };
    const startedAt = Date.now();
    let snapshotReceived = false;
    let refused: number | null = null;

    // Every chunk of the body (heartbeat comments included, which the SSE parser hides) resets the watchdog.
    const watchedFetch: typeof globalThis.fetch = async (input, init) => {
      const response = await (dependencies.fetch ?? globalThis.fetch)(input, init);
      if (!response.body) return response;
      const watched = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            touch();
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(watched, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };

    try {
      touch();
      await fetchEventSource(new URL(apiRoutes.streamNotifications.path, origin()).toString(), {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: attempt.signal,
        // Keep listening in a background tab: the bell and the toast must stay current.
        openWhenHidden: true,
        fetch: watchedFetch,
        onopen: async (response) => {
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith('text/event-stream')) throw new StreamRefused(response.status);
        },
        onmessage: (message) => {
          let event: NotificationStreamEvent | null;
          try {
            event = parseStreamEvent(JSON.parse(message.data));
          } catch {
            return;
          }
          // An event this client does not understand (a newer server) is skipped, not fatal.
          if (!event) return;
          if (event.type === 'snapshot' && !snapshotReceived) {
            snapshotReceived = true;
            callbacks.onStatus('live');
          }
          callbacks.onEvent(event);
        },
        onerror: (error: unknown) => {
          // No retries inside the library: the next attempt needs a fresh token (handled below).
          throw error;
        },
      });
    } catch (error) {
      if (error instanceof StreamRefused) refused = error.status;
    } finally {
      clearTimeout(watchdog);
      stop.signal.removeEventListener('abort', abortAttempt);
    }
    return { healthy: snapshotReceived && Date.now() - startedAt >= healthyAfterMs, refused };
  };

  void (async () => {
    callbacks.onStatus('connecting');
    while (!stop.signal.aborted) {
      const { healthy, refused } = await connectOnce();
      if (stop.signal.aborted) break;
      callbacks.onStatus('reconnecting');
      // The token was refused (expired while the tab slept, or revoked): renew it before trying again.
      if (refused === 401) await renewToken();
      failures = healthy ? 0 : failures + 1;
      const base = failures === 0 ? minBackoffMs : Math.min(maxBackoffMs, minBackoffMs * 2 ** (failures - 1));
      // Jitter: after a server restart, all clients do not come back in the same instant.
      await pause(base / 2 + Math.random() * (base / 2), stop.signal);
    }
  })();

  return () => stop.abort();
}

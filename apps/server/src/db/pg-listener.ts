import pg from 'pg';

/** What a LISTEN subscription reports (docs/product.md §D.5: one LISTEN connection per server process). */
export interface ListenHandlers {
  /** Each NOTIFY payload on the channel, in commit order. */
  onNotify: (payload: string) => void;
  /**
   * The connection was lost and is listening again: notifications sent meanwhile were missed, so the
   * subscriber must reload what it shows (never called for PGlite, which runs in-process).
   */
  onReconnect: () => void;
  /** A lost connection or a failed reconnect attempt (for the log); listening goes on. */
  onError?: (error: Error) => void;
}

/** Stops listening and closes the connection. */
export type StopListening = () => Promise<void>;

/** A NOTIFY payload as a JSON object, or `null` when it is none: the subscriber checks its fields. */
export function payloadObject(payload: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

export interface PgListenerOptions {
  connectionString: string;
  channel: string;
  handlers: ListenHandlers;
  /** First retry after this long, doubling up to `maxBackoffMs` (with jitter). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A `select 1` on the connection this often finds a connection that died without an error. */
  pingIntervalMs?: number;
}

/** How the listener shows up in `pg_stat_activity` (operators and the reconnect test find it by this). */
export const listenerApplicationName = 'cockpit-notifications-listener';

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTEN on a dedicated `pg.Client`: not one from the pool, because a pooled connection is handed to other
 * queries and LISTEN is bound to its session. When the connection drops (server restart, network,
 * `pg_terminate_backend`) it reconnects with exponential backoff and then calls `onReconnect`.
 * The first connection is awaited, so a wrong URL fails the start-up instead of retrying silently.
 */
export async function listenWithPgClient(options: PgListenerOptions): Promise<StopListening> {
  const { connectionString, channel, handlers } = options;
  const minBackoffMs = options.minBackoffMs ?? 100;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;

  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString,
      application_name: listenerApplicationName,
      keepAlive: true,
    });
    // Without an 'error' listener a dropped connection would crash the process.
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, new Error('the listen connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    return next;
  };

  function lose(which: pg.Client, error: Error): void {
    if (stopped || which !== client) return; // an old client's late event, or our own shutdown
    client = null;
    which.removeAllListeners();
    which.on('error', () => {});
    void which.end().catch(() => {});
    handlers.onError?.(error);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (stopped) return;
    const base = Math.min(maxBackoffMs, minBackoffMs * 2 ** attempt);
    attempt += 1;
    // Jitter: many processes that lost the same database do not all come back in the same millisecond.
    const delay = base / 2 + Math.random() * (base / 2);
    retryTimer = setTimeout(() => void reconnect(), delay);
    retryTimer.unref();
  }

  async function reconnect(): Promise<void> {
    if (stopped) return;
    try {
      const next = await connect();
      if (stopped) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      attempt = 0;
      handlers.onReconnect();
    } catch (error) {
      handlers.onError?.(error instanceof Error ? error : new Error(String(error)));
      scheduleReconnect();
    }
  }

  client = await connect();

  // A half-open TCP connection (a network cut without a reset) raises no error: probe it now and then.
  const pingTimer = setInterval(() => {
    const current = client;
    if (!current) return;
    const timeout = setTimeout(
      () => lose(current, new Error('the listen connection did not answer')),
      10_000,
    );
    current.query('select 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        lose(current, error instanceof Error ? error : new Error(String(error)));
      },
    );
  }, pingIntervalMs);
  pingTimer.unref();

  return async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(pingTimer);
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  };
}

import type { ServerResponse } from 'node:http';
import {
  type Notification,
  type NotificationStreamEvent,
  notificationStreamHeartbeatMs,
} from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import { type StopListening, payloadObject } from '../../db/pg-listener';
import type { NotificationsRepository } from './notifications-repository';

/** The channel the trigger of migration `notifications-sql` notifies on. */
export const notificationsChannel = 'notifications_changed';

/** What the trigger sends: ids only (docs/product.md §D.5), or `truncate` for the whole table. */
type Change = { op: 'insert' | 'update' | 'delete'; uid: string; userId: string } | { op: 'truncate' };
/** A change waiting to be loaded and sent, with when its notice arrived (delivery lag, decision 018). */
type QueuedChange = Change & { op: 'insert' | 'update' | 'delete'; arrivedAt: number };

export function parseChange(payload: string): Change | null {
  const value = payloadObject(payload);
  if (!value) return null;
  const { op, uid, userId } = value;
  if (op === 'truncate') return { op };
  if (
    (op === 'insert' || op === 'update' || op === 'delete') &&
    typeof uid === 'string' &&
    typeof userId === 'string'
  ) {
    return { op, uid, userId };
  }
  return null;
}

/**
 * One open `GET /api/notifications/stream`. Kept deliberately small (live notifications: ≤ 30 KB per open stream,
 * most of which is Node's socket): no timers of its own, no copy of the notifications.
 */
interface Stream {
  readonly userId: string;
  /** The session the token belongs to: ending it (sign-out, revocation) ends the stream at once. */
  readonly sessionId: string;
  readonly res: ServerResponse;
  readonly expiresAtSec: number;
  /** Events that arrived while a snapshot was loading; sent right after it. `null` once live. */
  pending: string[] | null;
  /** Only the newest requested snapshot is written (an older one may miss events buffered since). */
  snapshotGeneration: number;
  closed: boolean;
}

export interface NotificationStreamsOptions {
  repository: NotificationsRepository;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  /** Told, per sent batch, the seconds from the oldest change notice's arrival to the events being written. */
  onDelivered?: (lagSeconds: number) => void;
}

/** A user with more open streams than this (tabs, devices) loses the oldest. */
const maxStreamsPerUser = 20;
/** A client that does not read (its socket buffer grows past this) is cut off; it reconnects and resyncs. */
const maxBufferedBytes = 512 * 1024;
/** Events buffered during one snapshot load; beyond that the stream is closed and starts over. */
const maxPendingEvents = 1_000;
/**
 * Changed rows are loaded this many at a time (one `uid = any(…)` query each), with up to
 * `loadConcurrency` loads running while earlier batches are sent: a "send to all" of 5,000 is then two or
 * three overlapping queries instead of ten in a row (decision 017: within 1 s to every stream).
 */
const loadBatchSize = 2_000;
const loadConcurrency = 3;
/** Snapshots reloaded in parallel after the listener reconnected. */
const resnapshotConcurrency = 8;
/** No stream outlives this, whatever its token says. */
const maxStreamSeconds = 3_600;

const encodeEvent = (event: NotificationStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
const heartbeat = ':\n\n';

/**
 * The registry of open notification streams of this server process (docs/product.md §D.5): userId → streams.
 * It LISTENs on the database once; for each change it loads the row (batched) and sends `upsert` or
 * `remove` to that user's streams only. When the listener reconnects (changes may have been missed) every
 * stream gets a fresh snapshot. One shared timer sends heartbeats and ends streams whose token expired.
 */
export class NotificationStreams {
  private readonly byUser = new Map<string, Set<Stream>>();
  /** Token expiry (epoch second) → streams ending then. */
  private readonly expiries = new Map<number, Set<Stream>>();
  private readonly changes = new Map<string, QueuedChange>();
  private readonly repository: NotificationsRepository;
  private readonly log: FastifyBaseLogger;
  private readonly heartbeatMs: number;
  private readonly onDelivered: ((lagSeconds: number) => void) | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private lastHeartbeat = Date.now();
  private stopListening: StopListening | null = null;
  private flushScheduled = false;
  private flushing = false;
  private snapshotGeneration = 0;
  private openCount = 0;

  constructor(options: NotificationStreamsOptions) {
    this.repository = options.repository;
    this.log = options.log;
    this.heartbeatMs = options.heartbeatMs ?? notificationStreamHeartbeatMs;
    this.onDelivered = options.onDelivered;
  }

  /** Open streams in this process. */
  get size(): number {
    return this.openCount;
  }

  async start(listen: DatabaseHandle['listen'] | undefined): Promise<void> {
    this.ticker = setInterval(() => this.tick(), 1_000);
    this.ticker.unref();
    if (!listen) {
      this.log.warn('notifications: no database listener given, streams only receive snapshots');
      return;
    }
    this.stopListening = await listen(notificationsChannel, {
      onNotify: (payload) => this.onNotify(payload),
      onReconnect: () => {
        this.log.info({ streams: this.size }, 'notifications: listener reconnected, resending snapshots');
        void this.resnapshotAll();
      },
      onError: (error) => this.log.warn({ err: error }, 'notifications: listener connection lost'),
    });
  }

  /** Ends every stream (their clients reconnect to another process) and stops listening. */
  async stop(): Promise<void> {
    clearInterval(this.ticker);
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) this.close(stream);
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  /**
   * Takes over a response whose SSE headers are written: sends the snapshot, then the user's changes,
   * until the client leaves, the token expires at `expiresAtSec`, or the server stops.
   */
  open(userId: string, sessionId: string, res: ServerResponse, expiresAtSec: number): void {
    const stream: Stream = {
      userId,
      sessionId,
      res,
      expiresAtSec: Math.min(expiresAtSec, Math.floor(Date.now() / 1000) + maxStreamSeconds),
      pending: [],
      snapshotGeneration: 0,
      closed: false,
    };
    res.on('close', () => this.close(stream));
    // Registered before the snapshot is loaded: changes arriving meanwhile are buffered, not lost.
    this.register(stream);
    void this.sendSnapshot(userId, [stream]);
  }

  /**
   * Sessions ended in this process (security hardening: sign-out, revocation, deactivation close the stream);
   * `sessionId: null` ends all of the user's streams.
   */
  endSessions({ userId, sessionId }: { userId: string; sessionId: string | null }): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      if (sessionId === null || stream.sessionId === sessionId) this.close(stream);
    }
  }

  /** Sends one event to every open stream of these users (a catalogue change reaches an organisation). */
  broadcast(userIds: Iterable<string>, event: NotificationStreamEvent): void {
    for (const userId of userIds) this.sendToUser(userId, event);
  }

  /** Users with an open stream in this process. */
  connectedUserIds(): string[] {
    return [...this.byUser.keys()];
  }

  private register(stream: Stream): void {
    let streams = this.byUser.get(stream.userId);
    if (!streams) {
      streams = new Set();
      this.byUser.set(stream.userId, streams);
    }
    if (streams.size >= maxStreamsPerUser) {
      const oldest = streams.values().next().value;
      if (oldest) this.close(oldest);
    }
    streams.add(stream);
    let expiring = this.expiries.get(stream.expiresAtSec);
    if (!expiring) {
      expiring = new Set();
      this.expiries.set(stream.expiresAtSec, expiring);
    }
    expiring.add(stream);
    this.openCount += 1;
  }

  private close(stream: Stream, destroy = false): void {
    if (stream.closed) return;
    stream.closed = true;
    stream.pending = null;
    this.openCount -= 1;
    const streams = this.byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.userId);
    const expiring = this.expiries.get(stream.expiresAtSec);
    expiring?.delete(stream);
    if (expiring?.size === 0) this.expiries.delete(stream.expiresAtSec);
    if (destroy) stream.res.destroy();
    else if (!stream.res.writableEnded) stream.res.end();
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.closed) return;
    stream.res.write(chunk);
    if (stream.res.writableLength > maxBufferedBytes) {
      this.log.warn({ userId: stream.userId }, 'notifications: client does not read its stream, closing it');
      this.close(stream, true);
    }
  }

  private sendToUser(userId: string, event: NotificationStreamEvent): void {
    const streams = this.byUser.get(userId);
    if (!streams) return;
    const chunk = encodeEvent(event);
    for (const stream of [...streams]) {
      if (stream.pending === null) {
        this.write(stream, chunk);
      } else if (stream.pending.length < maxPendingEvents) {
        stream.pending.push(chunk);
      } else {
        this.close(stream);
      }
    }
  }

  /** Loads the user's notifications once and sends them to the given streams as a `snapshot`. */
  private async sendSnapshot(userId: string, streams: Stream[]): Promise<void> {
    const generations = streams.map((stream) => {
      // Buffer from now on: this snapshot's query starts after this point, so events buffered before it
      // (for an older snapshot still loading) are already in it.
      stream.pending = [];
      stream.snapshotGeneration = ++this.snapshotGeneration;
      return stream.snapshotGeneration;
    });
    let page: { notifications: Notification[]; hasMore: boolean };
    let unreadCount: number;
    try {
      // The newest page, and the count of every unread one for the bell (older pages: GET /api/notifications).
      [page, unreadCount] = await Promise.all([
        this.repository.listPage(userId, null),
        this.repository.countUnread([userId]).then((counts) => counts.get(userId) ?? 0),
      ]);
    } catch (error) {
      // Database unreachable: end the streams, the clients retry with backoff and get a snapshot later.
      this.log.error({ err: error }, 'notifications: could not load a snapshot');
      for (const stream of streams) this.close(stream);
      return;
    }
    const chunk = encodeEvent({ type: 'snapshot', ...page, unreadCount });
    streams.forEach((stream, index) => {
      if (stream.closed || stream.snapshotGeneration !== generations[index]) return;
      const pending = stream.pending ?? [];
      stream.pending = null;
      this.write(stream, chunk);
      for (const event of pending) this.write(stream, event);
    });
  }

  /** After the listener missed changes (reconnect, TRUNCATE): every stream starts over. */
  private async resnapshotAll(): Promise<void> {
    const users = [...this.byUser.entries()].map(([userId, streams]) => ({ userId, streams: [...streams] }));
    let next = 0;
    const worker = async () => {
      while (next < users.length) {
        const entry = users[next++];
        if (entry) await this.sendSnapshot(entry.userId, entry.streams);
      }
    };
    await Promise.all(Array.from({ length: resnapshotConcurrency }, worker));
  }

  private onNotify(payload: string): void {
    const change = parseChange(payload);
    if (!change) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'notifications: ignoring an unknown change payload');
      return;
    }
    if (change.op === 'truncate') {
      void this.resnapshotAll();
      return;
    }
    // Most changes concern users without a stream on this process: no query at all for them.
    if (!this.byUser.has(change.userId)) return;
    const key = `${change.uid}:${change.userId}`;
    // Only the last change of a row counts; re-inserting keeps the order of last changes.
    this.changes.delete(key);
    this.changes.set(key, { ...change, arrivedAt: performance.now() });
    if (!this.flushScheduled && !this.flushing) {
      this.flushScheduled = true;
      // Collect what arrives in the same I/O turn (a send to a whole organisation) into one query.
      setImmediate(() => {
        this.flushScheduled = false;
        void this.flush();
      });
    }
  }

  /**
   * Sends queued changes batch by batch in the order their notices arrived. Loads of later batches run
   * while earlier ones are sent; a row that changed again sits in a later batch whose load starts after
   * that notice arrived, and batches are sent in order, so the last state a stream gets is the newest.
   */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      const loading: Promise<() => void>[] = [];
      while (this.changes.size > 0 || loading.length > 0) {
        while (this.changes.size > 0 && loading.length < loadConcurrency) {
          const batch = [...this.changes.values()].slice(0, loadBatchSize);
          for (const change of batch) this.changes.delete(`${change.uid}:${change.userId}`);
          loading.push(this.loadBatch(batch));
        }
        const send = await loading.shift();
        send?.();
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Loads a batch's rows; resolves with the function that sends them (never rejects). */
  private async loadBatch(batch: QueuedChange[]): Promise<() => void> {
    const wanted = batch.filter((change) => change.op !== 'delete' && this.byUser.has(change.userId));
    let rows: Map<string, Notification>;
    let unread: Map<string, number>;
    try {
      // Every event carries the user's unread count after it: the bell counts what is not listed too.
      [rows, unread] = await Promise.all([
        this.repository.findByUids(wanted.map((change) => change.uid)),
        this.repository.countUnread(
          [...new Set(batch.map((change) => change.userId))].filter((id) => this.byUser.has(id)),
        ),
      ]);
    } catch (error) {
      return () => {
        this.log.error({ err: error }, 'notifications: could not load changed notifications');
        // Their streams can no longer be trusted to be complete: they reconnect and resync.
        for (const change of wanted)
          for (const stream of [...(this.byUser.get(change.userId) ?? [])]) this.close(stream);
      };
    }
    return () => {
      for (const change of batch) {
        const row = change.op === 'delete' ? undefined : rows.get(change.uid);
        // Deleted, or moved to someone else meanwhile: gone for this user.
        const unreadCount = unread.get(change.userId) ?? 0;
        if (row && row.userId === change.userId)
          this.sendToUser(change.userId, { type: 'upsert', notification: row, unreadCount });
        else this.sendToUser(change.userId, { type: 'remove', uid: change.uid, unreadCount });
      }
      const oldest = batch[0];
      if (oldest && this.onDelivered) this.onDelivered((performance.now() - oldest.arrivedAt) / 1000);
    };
  }

  /** Once a second: end streams whose token expired; every `heartbeatMs` a comment line to all. */
  private tick(): void {
    const nowSec = Math.floor(Date.now() / 1000);
    for (const [second, streams] of this.expiries) {
      // The client reconnects with a fresh token (live notifications).
      if (second <= nowSec) for (const stream of [...streams]) this.close(stream);
    }
    if (Date.now() - this.lastHeartbeat >= this.heartbeatMs) {
      this.lastHeartbeat = Date.now();
      for (const streams of this.byUser.values()) {
        for (const stream of streams) if (stream.pending === null) this.write(stream, heartbeat);
      }
    }
  }
}

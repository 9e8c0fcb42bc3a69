import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../app-types';
import type { Database, DatabaseHandle } from '../db/database';
import { type StopListening, payloadObject } from '../db/pg-listener';
import type { SessionEvent } from '../auth/session-events';
import { declaredPlugin, pluginNames } from './declared-plugin';

/**
 * Things one server process learns that every process must act on (docs/product.md §D.2 "Scale-out path":
 * "a session ended, a user changed, a pin, a catalogue change travels over LISTEN/NOTIFY"). Payloads
 * carry ids only (a NOTIFY payload is limited to 8,000 bytes).
 */
export type ClusterEvent =
  /** An administrator changed the organisation's catalogue: menus, favourites and dashboards reload. */
  | { type: 'catalogue-changed'; organisationId: string }
  /** A user pinned or unpinned something: that user's cached menus are stale. */
  | { type: 'pins-changed'; organisationId: string; userId: string }
  /** Sessions ended (`sessionId: null`: all of the user's) or a user changed: auth/session-events.ts. */
  | SessionEvent;

export type ClusterEventType = ClusterEvent['type'];
type EventOf<T extends ClusterEventType> = Extract<ClusterEvent, { type: T }>;
type Listener<T extends ClusterEventType> = (event: EventOf<T>) => void;

/** The channel of migration-free NOTIFYs between server processes (the trigger channel is another). */
export const clusterEventsChannel = 'cockpit_cluster_events';

const eventTypes: ReadonlySet<string> = new Set<ClusterEventType>([
  'catalogue-changed',
  'pins-changed',
  'sessions-ended',
  'user-changed',
]);

/** A payload of another process, or `null` when it is not one of ours (never trusted blindly). */
export function parseClusterMessage(payload: string): { from: string; event: ClusterEvent } | null {
  const value = payloadObject(payload);
  if (!value) return null;
  const { from, event } = value;
  if (typeof from !== 'string' || typeof event !== 'object' || event === null) return null;
  const fields = event as Record<string, unknown>;
  if (typeof fields.type !== 'string' || !eventTypes.has(fields.type)) return null;
  const text = (key: string) => typeof fields[key] === 'string';
  switch (fields.type) {
    case 'catalogue-changed':
      return text('organisationId') ? { from, event: event as ClusterEvent } : null;
    case 'pins-changed':
      return text('organisationId') && text('userId') ? { from, event: event as ClusterEvent } : null;
    case 'sessions-ended':
      return text('userId') && (fields.sessionId === null || text('sessionId'))
        ? { from, event: event as ClusterEvent }
        : null;
    case 'user-changed':
      return text('userId') ? { from, event: event as ClusterEvent } : null;
    default:
      return null;
  }
}

/**
 * One event path between server processes. `announce` applies the event in this process at once (so the
 * very next request here already sees it) and sends it with `pg_notify`; every other process LISTENing
 * on the same database applies it when it arrives (within milliseconds). Its own NOTIFY is recognised
 * by the process id and not applied twice. PGlite runs in-process, where the same NOTIFY simply loops
 * back and is skipped.
 */
export class ClusterEvents {
  /** Identifies this process's own messages. */
  readonly processId = randomUUID();
  private readonly listeners = new Map<ClusterEventType, Set<(event: ClusterEvent) => void>>();
  private stopListening: StopListening | null = null;
  private readonly missedListeners = new Set<() => void>();

  constructor(
    private readonly db: Database,
    private readonly log: App['log'],
  ) {}

  /** Returns the function that unsubscribes. */
  on<T extends ClusterEventType>(type: T, listener: Listener<T>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const entry = listener as (event: ClusterEvent) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  /**
   * Events may have been missed (the LISTEN connection was lost and is back): the listener should drop
   * everything it remembered. Returns the function that unsubscribes.
   */
  onMissed(listener: () => void): () => void {
    this.missedListeners.add(listener);
    return () => this.missedListeners.delete(listener);
  }

  /**
   * Applies the event here and tells the other processes. Call it after the change is committed: a
   * process that reloads on the event must find the new state.
   */
  async announce(event: ClusterEvent): Promise<void> {
    this.apply(event);
    try {
      await this.db.execute(
        sql`select pg_notify(${clusterEventsChannel}, ${JSON.stringify({ from: this.processId, event })})`,
      );
    } catch (error) {
      // The change is committed; other processes fall back to their cache lifetimes (decision 014).
      this.log.warn({ err: error, type: event.type }, 'cluster events: could not announce an event');
    }
  }

  async start(listen: DatabaseHandle['listen'] | undefined): Promise<void> {
    if (!listen) return;
    this.stopListening = await listen(clusterEventsChannel, {
      onNotify: (payload) => {
        const message = parseClusterMessage(payload);
        if (!message) {
          this.log.warn({ payload: payload.slice(0, 200) }, 'cluster events: ignoring an unknown payload');
          return;
        }
        if (message.from !== this.processId) this.apply(message.event);
      },
      // Events may have been missed while the connection was down: whatever they would have dropped
      // is dropped now (listeners of `onMissed`).
      onReconnect: () => {
        this.log.info('cluster events: listener reconnected, dropping what was remembered');
        for (const listener of this.missedListeners) listener();
      },
      onError: (error) => this.log.warn({ err: error }, 'cluster events: listener connection lost'),
    });
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  private apply(event: ClusterEvent): void {
    for (const listener of this.listeners.get(event.type) ?? []) {
      try {
        listener(event);
      } catch (error) {
        // One failing listener must not keep the others from hearing about it.
        this.log.error({ err: error, type: event.type }, 'cluster events: a listener failed');
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Events every server process applies (plugins/cluster-events.ts). */
    clusterEvents: ClusterEvents;
  }
}

export interface ClusterEventsOptions {
  /** The database's LISTEN; without it (a test app) events stay in this process. */
  listen?: DatabaseHandle['listen'];
}

/** Decorates `app.clusterEvents`; listening starts when the app is ready and stops when it closes. */
export const clusterEventsPlugin = declaredPlugin<ClusterEventsOptions>(
  pluginNames.clusterEvents,
  [pluginNames.database],
  (app, { listen }) => {
    const events = new ClusterEvents(app.db, app.log);
    app.decorate('clusterEvents', events);
    app.addHook('onReady', async () => events.start(listen));
    app.addHook('onClose', async () => events.stop());
  },
);

/** A session that ended: `sessionId: null` means every session of the user (deactivation). */
export interface EndedSession {
  userId: string;
  sessionId: string | null;
}

/** The events below, as plugins/cluster-events.ts carries them to every server process. */
export type SessionEvent =
  | { type: 'sessions-ended'; userId: string; sessionId: string | null }
  /** A user's stored account changed (settings, role, subscription, active). */
  | { type: 'user-changed'; userId: string };
type SessionEventType = SessionEvent['type'];

type EndedListener = (ended: EndedSession) => void;
type UserChangedListener = (userId: string) => void;

/**
 * What SessionEvents needs of plugins/cluster-events.ts: `announce` applies an event in this process at
 * once and sends it to every other server process; `on` hears both. Declared here, so that auth/ does not
 * import plugins/ (docs/decisions/023-layers-enforced-by-lint.md).
 */
export interface SessionEventBus {
  announce(event: SessionEvent): Promise<void>;
  on<T extends SessionEventType>(
    type: T,
    listener: (event: Extract<SessionEvent, { type: T }>) => void,
  ): () => void;
}

/**
 * Tells every server process that sessions ended or a user's stored account changed (decision 009,
 * docs/product.md §D.2), so streams close and the bearer check reads the user again. Emitting applies the
 * event here at once, then announces it to the other processes (decision 017): emit only after the change
 * is committed, since another process that hears it reloads from the database.
 */
export class SessionEvents {
  constructor(private readonly bus: SessionEventBus = new InProcessBus()) {}

  /** Returns the function that unsubscribes. Hears this process's events and every other process's. */
  onEnded(listener: EndedListener): () => void {
    return this.bus.on('sessions-ended', ({ userId, sessionId }) => listener({ userId, sessionId }));
  }

  /** Returns the function that unsubscribes. Hears this process's events and every other process's. */
  onUserChanged(listener: UserChangedListener): () => void {
    return this.bus.on('user-changed', ({ userId }) => listener(userId));
  }

  emitEnded({ userId, sessionId }: EndedSession): void {
    // The bus logs a failed announcement itself; listeners here have already run.
    void this.bus.announce({ type: 'sessions-ended', userId, sessionId });
  }

  emitUserChanged(userId: string): void {
    void this.bus.announce({ type: 'user-changed', userId });
  }
}

/** One process only (unit tests of the caches): events go to this process's listeners. */
class InProcessBus implements SessionEventBus {
  private readonly listeners = new Map<SessionEventType, Set<(event: SessionEvent) => void>>();

  on<T extends SessionEventType>(
    type: T,
    listener: (event: Extract<SessionEvent, { type: T }>) => void,
  ): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const entry = listener as (event: SessionEvent) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  announce(event: SessionEvent): Promise<void> {
    for (const listener of this.listeners.get(event.type) ?? []) {
      try {
        listener(event);
      } catch {
        // One failing listener must not keep the others from hearing about it.
      }
    }
    return Promise.resolve();
  }
}

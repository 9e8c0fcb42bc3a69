import { createGuardedCache } from '../lib/guarded-cache';
import type { SessionEvents } from './session-events';
import type { ActiveSession } from './authenticated-user';

/**
 * How long "this session is alive and its user active" is trusted without asking the database again.
 * The security requirements allow up to the bearer token's lifetime (15 min) for access to stop; here it
 * stops at once, because sign-out, session revocation, password changes, deactivation and account
 * changes are announced through SessionEvents and drop the entry — in every server instance, over
 * LISTEN/NOTIFY (decision 017). The TTL bounds what no instance hears: a change made directly in the
 * database, or one announced while this instance's LISTEN connection was down.
 */
export const activeUserTtlMs = 10_000;
/** Enough for every signed-in session of a large organisation; the least recently used go first. */
const maxEntries = 20_000;

export type ActiveUser = ActiveSession['user'];

/**
 * The bearer check's memory of live sessions (decision 014): without it every API call paid a database
 * round trip before doing its own work, which capped the menu route at ≈ 2 % of a bare route's rate.
 */
export function createActiveUserCache(events: SessionEvents, ttlMs = activeUserTtlMs) {
  const cache = createGuardedCache<ActiveUser>({ max: maxEntries, ttlMs, name: 'active-sessions' });
  const keyOf = (userId: string, sessionId: string) => `${userId} ${sessionId}`;

  const forget = (userId: string, sessionId: string | null) => {
    if (sessionId !== null) cache.forget([keyOf(userId, sessionId)]);
    else cache.forgetWhere((key) => key.startsWith(`${userId} `));
  };
  const stopEnded = events.onEnded(({ userId, sessionId }) => forget(userId, sessionId));
  const stopChanged = events.onUserChanged((userId) => forget(userId, null));

  return {
    get(userId: string, sessionId: string): ActiveUser | undefined {
      return cache.get(keyOf(userId, sessionId));
    },
    /** Call before loading; pass the result to `remember`. */
    generation: (): number => cache.generation(),
    /** Stores a loaded session unless something was forgotten since `loadStartedAt`; never past its expiry. */
    remember({ user, sessionExpiresAt }: ActiveSession, loadStartedAt: number): void {
      cache.remember(
        keyOf(user.id, user.sessionId),
        user,
        loadStartedAt,
        sessionExpiresAt.getTime() - Date.now(),
      );
    },
    close(): void {
      stopEnded();
      stopChanged();
    },
  };
}

export type ActiveUserCache = ReturnType<typeof createActiveUserCache>;

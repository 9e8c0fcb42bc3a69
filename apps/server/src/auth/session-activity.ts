import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { session } from '../db/core-tables';

/** "Last active" is kept to this precision: at most one write per session and process in this time. */
export const sessionActivityResolutionMs = 5 * 60_000;

/**
 * Records when a session was last used for an API call (security hardening: the settings page lists sessions with
 * their last activity) in `session.updated_at`. Throttled in memory and in SQL, never awaited by the
 * request, and a failed write is only logged: activity is informational.
 */
export function createSessionActivity(
  db: Database,
  log: FastifyBaseLogger,
  /** Finer when the idle limit is short: a quarter of it at most (decision 009). */
  resolutionMs: number = sessionActivityResolutionMs,
) {
  const lastWrite = new Map<string, number>();

  return function touch(sessionId: string): void {
    const now = Date.now();
    const previous = lastWrite.get(sessionId);
    if (previous !== undefined && now - previous < resolutionMs) return;
    if (lastWrite.size > 50_000) {
      for (const [id, at] of lastWrite) if (now - at >= resolutionMs) lastWrite.delete(id);
    }
    lastWrite.set(sessionId, now);
    const staleBefore = new Date(now - resolutionMs);
    db.update(session)
      .set({ updatedAt: new Date(now) })
      .where(and(eq(session.id, sessionId), lt(session.updatedAt, staleBefore)))
      .then(
        () => {},
        (error: unknown) => {
          lastWrite.delete(sessionId);
          log.debug({ err: error }, 'could not record session activity');
        },
      );
  };
}

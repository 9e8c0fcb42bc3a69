import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { session } from '../../db/core-tables';

export interface StoredSession {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The better-auth `session` table, seen from its owner only (every query is scoped by user id). */
export function createUserSessionsRepository(db: Database) {
  return {
    /** Unexpired sessions of the user, most recently active first. */
    async listActive(userId: string): Promise<StoredSession[]> {
      return db
        .select({
          id: session.id,
          userAgent: session.userAgent,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
        })
        .from(session)
        .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
        .orderBy(desc(session.updatedAt), desc(session.createdAt));
    },

    /** Deletes the session if it is the user's; `false` when there is no such session of theirs. */
    async deleteOwn(userId: string, sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(session)
        .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
        .returning({ id: session.id });
      return deleted.length > 0;
    },
  };
}

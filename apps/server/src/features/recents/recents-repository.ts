import { storedRecentsLimit, type RecentKind } from '@cockpit/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { recentItems } from './recents-schema';

export interface StoredRecent {
  kind: RecentKind;
  name: string;
  openedAt: Date;
}

/** The `recent_items` table, seen from its owner only (every query is scoped by user id). */
export function createRecentsRepository(db: Database) {
  return {
    /** The user's openings, newest first (at most `storedRecentsLimit` are kept). */
    async list(userId: string): Promise<StoredRecent[]> {
      const rows = await db
        .select({ kind: recentItems.kind, name: recentItems.name, openedAt: recentItems.openedAt })
        .from(recentItems)
        .where(eq(recentItems.userId, userId))
        .orderBy(desc(recentItems.openedAt), recentItems.kind, recentItems.name)
        .limit(storedRecentsLimit);
      return rows as StoredRecent[];
    },

    /**
     * Records an opening: idempotent (the same item again only moves its time forward), then forgets the
     * user's oldest openings beyond `storedRecentsLimit`. The time is the database's clock at the moment
     * of the statement (`clock_timestamp()`), so openings in quick succession keep their order.
     */
    async record(userId: string, kind: RecentKind, name: string): Promise<Date> {
      const [row] = await db
        .insert(recentItems)
        .values({ userId, kind, name, openedAt: sql`clock_timestamp()` })
        .onConflictDoUpdate({
          target: [recentItems.userId, recentItems.kind, recentItems.name],
          set: { openedAt: sql`excluded.opened_at` },
        })
        .returning({ openedAt: recentItems.openedAt });
      await db.delete(recentItems).where(
        and(
          eq(recentItems.userId, userId),
          sql`(${recentItems.kind}, ${recentItems.name}) not in (
            select ${recentItems.kind}, ${recentItems.name} from ${recentItems}
            where ${recentItems.userId} = ${userId}
            order by ${recentItems.openedAt} desc
            limit ${storedRecentsLimit}
          )`,
        ),
      );
      if (!row) throw new Error('recording an opening returned no row');
      return row.openedAt;
    },

    /** Forgets every opening of the user. */
    async clear(userId: string): Promise<void> {
      await db.delete(recentItems).where(eq(recentItems.userId, userId));
    },
  };
}

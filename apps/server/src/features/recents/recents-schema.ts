import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../../db/core-tables';

/**
 * The reports and dashboards a user opened recently (the reports home's "Continue where you left off",
 * docs/product.md §D.3 routes): one row per user and item — a report by its menu item name, a dashboard by its
 * layout id, as pins are (docs/product.md §4 Pin) — with the time of the last opening. Kept per user on the server,
 * so the list follows the user to another browser; at most `storedRecentsLimit` rows per user.
 */
export const recentItems = pgTable(
  'recent_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.name] }),
    // "One user's newest first" (GET /api/user/recents) and the trim to the newest rows.
    index('recent_items_user_id_opened_at_idx').on(t.userId, t.openedAt.desc()),
    check('recent_items_kind_check', sql`${t.kind} in ('report', 'dashboard')`),
  ],
);

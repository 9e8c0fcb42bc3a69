import type { NotificationContent } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisationIdColumn, user } from '../../db/core-tables';

/**
 * docs/product.md §3 Notification, docs/product.md §D.5. A trigger (migration `notifications-sql`) calls
 * `pg_notify('notifications_changed', …)` with ids only on every insert, update and delete, so every
 * server process can push the change to that user's open streams.
 */
export const notifications = pgTable(
  'notifications',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    date: timestamp('date', { withTimezone: true }).defaultNow().notNull(),
    wasRead: boolean('was_read').default(false).notNull(),
    mouseOver: boolean('mouse_over').default(false).notNull(),
    /** `{ title: { de, en }, text: { de, en }, url? }`; `url` is validated as http(s) on write. */
    content: jsonb('content').$type<NotificationContent>().notNull(),
    /** One send of an administrator (or `npm run notify`) to many users; null for single rows (seed). */
    batchId: uuid('batch_id'),
  },
  (t) => [
    // "One user's newest first" (docs/product.md §7: filtered by userId, ordered by date descending).
    index('notifications_user_id_date_idx').on(t.userId, t.date.desc()),
    index('notifications_batch_id_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
  ],
);

/**
 * A broken report definition its owners were told about (decision 046): one row per definition and
 * failure kind (`refused`: the SQL guard refused it; `failed`: the database refused the statement), so
 * they get one notification until a run succeeds again, which deletes the definition's rows.
 */
export const reportProblemNotices = pgTable(
  'report_problem_notices',
  {
    organisationId: organisationIdColumn(),
    definitionName: text('definition_name').notNull(),
    kind: text('kind').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.definitionName, t.kind] })],
);

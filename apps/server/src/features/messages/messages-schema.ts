import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, uuidPrimaryKey } from '../../db/columns';
import { organisationIdColumn, user } from '../../db/core-tables';

// The message service's tables: the organisation's banner messages and which user closed which one
// (migration 0003_management).

/**
 * docs/product.md §3 Banner message, per organisation, shown between `starts_at` and `ends_at` (null: open-ended).
 * `content` holds the English and German texts and buttons (`BannerContent` of the contracts); it is
 * validated on write and again on read, so a bad row is skipped, never rendered.
 */
export const bannerMessages = pgTable(
  'banner_messages',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    content: jsonb('content').notNull(),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('banner_messages_organisation_idx').on(t.organisationId, t.startsAt),
    check(
      'banner_messages_schedule_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/** docs/product.md §4 Banner "closing a card removes it": remembered per user so it stays closed after reload. */
export const bannerDismissals = pgTable(
  'banner_dismissals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bannerMessageId: text('banner_message_id')
      .notNull()
      .references(() => bannerMessages.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bannerMessageId] }),
    index('banner_dismissals_banner_idx').on(t.bannerMessageId),
  ],
);

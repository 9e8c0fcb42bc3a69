import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, uuidPrimaryKey } from '../../db/columns';
import { organisationIdColumn, user } from '../../db/core-tables';

// Tables of the management area: the organisation's contracts, its banner messages and which
// user closed which banner message.

/**
 * docs/product.md §D.3 Contract center: the organisation's contract (`active`), at most one new contract waiting
 * for acceptance (`pending`, the new-contract notice of docs/product.md §2), and the ones replaced (`superseded`).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    /** The contract number people quote, unique per organisation (also the seed's natural key). */
    reference: text('reference').notNull(),
    plan: text('plan').notNull(),
    seats: integer('seats').notNull(),
    monthlyFeeCents: integer('monthly_fee_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    status: text('status').notNull(),
    termsEn: text('terms_en').notNull(),
    termsDe: text('terms_de').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: text('accepted_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('contracts_organisation_reference_uq').on(t.organisationId, t.reference),
    // One current and at most one pending contract per organisation, enforced by the database so that
    // two administrators accepting at the same moment cannot leave two active contracts.
    uniqueIndex('contracts_one_active_uq').on(t.organisationId).where(sql`${t.status} = 'active'`),
    uniqueIndex('contracts_one_pending_uq').on(t.organisationId).where(sql`${t.status} = 'pending'`),
    check('contracts_status_check', sql`${t.status} in ('active', 'pending', 'superseded')`),
    check('contracts_plan_check', sql`${t.plan} in ('basic', 'pro')`),
    check('contracts_seats_check', sql`${t.seats} > 0`),
    check('contracts_fee_check', sql`${t.monthlyFeeCents} >= 0`),
  ],
);

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

import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, uuidPrimaryKey } from '../../db/columns';
import { organisationIdColumn, user } from '../../db/core-tables';

// The contract center's table: the organisation's contracts (migration 0003_management).

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
    uniqueIndex('contracts_one_active_uq')
      .on(t.organisationId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('contracts_one_pending_uq')
      .on(t.organisationId)
      .where(sql`${t.status} = 'pending'`),
    check('contracts_status_check', sql`${t.status} in ('active', 'pending', 'superseded')`),
    check('contracts_plan_check', sql`${t.plan} in ('basic', 'pro')`),
    check('contracts_seats_check', sql`${t.seats} > 0`),
    check('contracts_fee_check', sql`${t.monthlyFeeCents} >= 0`),
  ],
);

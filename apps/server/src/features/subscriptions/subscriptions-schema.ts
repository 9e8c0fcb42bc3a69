import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  audienceColumns,
  boolean,
  createdAtColumn,
  doublePrecision,
  integer,
  jsonb,
  text,
  textArrayColumn,
  updatedAtColumn,
  uuidPrimaryKey,
} from '../../db/columns';
import { organisationIdColumn, user } from '../../db/core-tables';

// Reports that come to people (decision 029). Schedules are structured (`schedule`), never cron text from a
// client: the server derives the pg-boss schedule from them.

/** A subscription to a report or dashboard, or an alert on a report's result. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'subscription' | 'alert'>().notNull().default('subscription'),
    targetKind: text('target_kind').$type<'report' | 'dashboard'>().notNull(),
    targetName: text('target_name').notNull(),
    schedule: jsonb('schedule').notNull(),
    /** The owner's time zone when the schedule was saved (IANA name). */
    timeZone: text('time_zone').notNull(),
    parameterValues: jsonb('parameter_values').notNull().default({}),
    include: jsonb('include').notNull(),
    skipEmpty: boolean('skip_empty').notNull().default(false),
    condition: jsonb('condition'),
    alertState: text('alert_state').$type<'normal' | 'triggered'>().notNull().default('normal'),
    lastValue: doublePrecision('last_value'),
    /** Administrators' subscriptions for others: listed users and/or an audience; empty → the owner. */
    recipientIds: textArrayColumn('recipient_ids'),
    ...audienceColumns(),
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('subscriptions_owner_idx').on(t.ownerId),
    index('subscriptions_organisation_idx').on(t.organisationId),
    check('subscriptions_kind_check', sql`${t.kind} in ('subscription', 'alert')`),
    check('subscriptions_target_kind_check', sql`${t.targetKind} in ('report', 'dashboard')`),
    check('subscriptions_alert_state_check', sql`${t.alertState} in ('normal', 'triggered')`),
  ],
);

/**
 * One mail (or alert message) for one recipient on one occasion (a scheduled run's job id, or "send now").
 * Unique per subscription, recipient and occasion: a run that is repeated creates no second delivery.
 */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    id: uuidPrimaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    status: text('status')
      .$type<'queued' | 'sending' | 'retrying' | 'sent' | 'skipped-empty' | 'not-allowed' | 'failed'>()
      .notNull()
      .default('queued'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('subscription_deliveries_occasion_uq').on(t.subscriptionId, t.recipientId, t.occasion),
    index('subscription_deliveries_organisation_created_idx').on(t.organisationId, t.createdAt.desc()),
    check(
      'subscription_deliveries_status_check',
      sql`${t.status} in ('queued', 'sending', 'retrying', 'sent', 'skipped-empty', 'not-allowed', 'failed')`,
    ),
  ],
);

/** A recipient who followed the unsubscribe link: they get no more of that subscription. */
export const subscriptionOptOuts = pgTable(
  'subscription_opt_outs',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ name: 'subscription_opt_outs_pk', columns: [t.subscriptionId, t.userId] })],
);

/** The user's time zone for schedules (Settings → My subscriptions). */
export const deliverySettings = pgTable('delivery_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  updatedAt: updatedAtColumn(),
});

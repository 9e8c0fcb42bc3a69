import {
  type AlertCondition,
  type Delivery,
  type DeliveryStatus,
  type ParameterValues,
  type SubscriptionInclude,
  type SubscriptionRecipients,
  type SubscriptionSchedule,
  type SubscriptionView,
  roleKeySchema,
  subscriptionSchema,
} from '@cockpit/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { readUserWithoutSession } from '../../auth/authenticated-user';
import type { Database } from '../../db/database';
import { user } from '../../db/core-tables';
import {
  deliverySettings,
  subscriptionDeliveries,
  subscriptionOptOuts,
  subscriptions,
} from './subscriptions-schema';

// The subscriptions' rows (decision 029): subscriptions and alerts, their deliveries, opt-outs and the
// users' time zones. Every read of a user's rows names the user; every management read the organisation.

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type DeliveryRow = typeof subscriptionDeliveries.$inferSelect;

/** The stored row's JSON columns read as the contracts' shapes (they were checked when written). */
export function subscriptionParts(row: SubscriptionRow) {
  return {
    schedule: row.schedule as SubscriptionSchedule,
    include: row.include as SubscriptionInclude,
    parameterValues: row.parameterValues as ParameterValues,
    condition: (row.condition as { test: AlertCondition; mail: boolean } | null)?.test ?? null,
    alertByMail: (row.condition as { test: AlertCondition; mail: boolean } | null)?.mail ?? false,
  };
}

export function recipientsOf(row: SubscriptionRow): SubscriptionRecipients | null {
  const audience =
    row.audienceRoles.length > 0 || row.audienceSubscriptions.length > 0
      ? {
          roles: row.audienceRoles.map((role) => roleKeySchema.parse(role)),
          subscriptions: row.audienceSubscriptions.map((plan) => subscriptionSchema.parse(plan)),
        }
      : null;
  if (row.recipientIds.length === 0 && !audience) return null;
  return { userIds: row.recipientIds, audience };
}

export function createSubscriptionsRepository(db: Database) {
  const deliveryView = (
    row: DeliveryRow,
    subscription: Pick<SubscriptionRow, 'targetKind' | 'targetName'>,
    recipientEmail: string,
  ): Delivery => ({
    id: row.id,
    subscriptionId: row.subscriptionId,
    targetKind: subscription.targetKind,
    targetName: subscription.targetName,
    recipientEmail,
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  async function deliveriesWhere(where: ReturnType<typeof and>, limit: number): Promise<Delivery[]> {
    const rows = await db
      .select({
        delivery: subscriptionDeliveries,
        targetKind: subscriptions.targetKind,
        targetName: subscriptions.targetName,
        email: user.email,
      })
      .from(subscriptionDeliveries)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId))
      .innerJoin(user, eq(user.id, subscriptionDeliveries.recipientId))
      .where(where)
      .orderBy(desc(subscriptionDeliveries.createdAt), desc(subscriptionDeliveries.id))
      .limit(limit);
    return rows.map((row) => deliveryView(row.delivery, row, row.email));
  }

  return {
    async timeZoneOf(userId: string): Promise<string> {
      const [row] = await db
        .select({ timeZone: deliverySettings.timeZone })
        .from(deliverySettings)
        .where(eq(deliverySettings.userId, userId));
      return row?.timeZone ?? 'UTC';
    },

    async setTimeZone(userId: string, timeZone: string): Promise<void> {
      await db
        .insert(deliverySettings)
        .values({ userId, timeZone })
        .onConflictDoUpdate({ target: deliverySettings.userId, set: { timeZone, updatedAt: new Date() } });
    },

    async countOwned(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(eq(subscriptions.ownerId, ownerId));
      return Number(row?.count ?? 0);
    },

    async insert(values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
      const [row] = await db.insert(subscriptions).values(values).returning();
      return row!;
    },

    async update(id: string, ownerId: string, values: Partial<typeof subscriptions.$inferInsert>) {
      const [row] = await db
        .update(subscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.ownerId, ownerId)))
        .returning();
      return row ?? null;
    },

    async remove(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .delete(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.ownerId, ownerId)))
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    async owned(id: string, ownerId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.ownerId, ownerId)));
      return row ?? null;
    },

    async byId(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },

    async listOwned(ownerId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.ownerId, ownerId))
        .orderBy(subscriptions.createdAt);
    },

    async listOrganisation(organisationId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.organisationId, organisationId))
        .orderBy(subscriptions.createdAt)
        .limit(500);
    },

    /** The newest delivery of each subscription (for the lists). */
    async lastDeliveries(subscriptionRows: SubscriptionRow[]): Promise<Map<string, Delivery>> {
      const ids = subscriptionRows.map((row) => row.id);
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([subscriptionDeliveries.subscriptionId], {
          delivery: subscriptionDeliveries,
          email: user.email,
        })
        .from(subscriptionDeliveries)
        .innerJoin(user, eq(user.id, subscriptionDeliveries.recipientId))
        .where(inArray(subscriptionDeliveries.subscriptionId, ids))
        .orderBy(subscriptionDeliveries.subscriptionId, desc(subscriptionDeliveries.createdAt));
      const byId = new Map(subscriptionRows.map((row) => [row.id, row]));
      return new Map(
        rows.map((row) => [
          row.delivery.subscriptionId,
          deliveryView(row.delivery, byId.get(row.delivery.subscriptionId)!, row.email),
        ]),
      );
    },

    ownerDeliveries(ownerId: string, filter: { subscriptionId?: string; status?: DeliveryStatus }) {
      return deliveriesWhere(
        and(
          eq(subscriptions.ownerId, ownerId),
          filter.subscriptionId
            ? eq(subscriptionDeliveries.subscriptionId, filter.subscriptionId)
            : undefined,
          filter.status ? eq(subscriptionDeliveries.status, filter.status) : undefined,
        ),
        100,
      );
    },

    organisationDeliveries(
      organisationId: string,
      filter: { subscriptionId?: string; status?: DeliveryStatus },
    ) {
      return deliveriesWhere(
        and(
          eq(subscriptionDeliveries.organisationId, organisationId),
          filter.subscriptionId
            ? eq(subscriptionDeliveries.subscriptionId, filter.subscriptionId)
            : undefined,
          filter.status ? eq(subscriptionDeliveries.status, filter.status) : undefined,
        ),
        200,
      );
    },

    /**
     * The recipients of one run: the owner, or the listed users and the audience's users (active users of
     * the organisation only), less those who unsubscribed; at most `limit`.
     */
    async recipientIds(row: SubscriptionRow, limit: number): Promise<string[]> {
      const recipients = recipientsOf(row);
      const conditions = [];
      if (!recipients) conditions.push(eq(user.id, row.ownerId));
      else {
        if (recipients.userIds.length > 0) conditions.push(inArray(user.id, recipients.userIds));
        if (recipients.audience) {
          const { roles, subscriptions: plans } = recipients.audience;
          conditions.push(
            and(
              roles.length > 0 ? inArray(user.roleKey, roles) : undefined,
              plans.length > 0 ? inArray(user.subscription, plans) : undefined,
            ) ?? sql`true`,
          );
        }
      }
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .where(
          and(
            eq(user.organisationId, row.organisationId),
            eq(user.active, true),
            sql`(${sql.join(conditions, sql` or `)})`,
            sql`not exists (select 1 from ${subscriptionOptOuts} o where o.subscription_id = ${row.id} and o.user_id = ${user.id})`,
          ),
        )
        .orderBy(user.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Which of these ids are users of the organisation (for an administrator's recipient list). */
    async usersOfOrganisation(organisationId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.organisationId, organisationId), inArray(user.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** The names of users of an organisation by id (display name, else e-mail); others' users are left out. */
    async userNames(organisationId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(and(eq(user.organisationId, organisationId), inArray(user.id, ids)));
      return new Map(rows.map((r) => [r.id, r.name.trim() || r.email]));
    },

    /** New deliveries of one occasion (none twice: unique per subscription, recipient and occasion). */
    async createDeliveries(row: SubscriptionRow, recipientIds: string[], occasion: string): Promise<void> {
      if (recipientIds.length === 0) return;
      await db
        .insert(subscriptionDeliveries)
        .values(
          recipientIds.map((recipientId) => ({
            subscriptionId: row.id,
            organisationId: row.organisationId,
            recipientId,
            occasion,
          })),
        )
        .onConflictDoNothing();
    },

    /** Deliveries of an occasion still waiting for their job (a repeated run queues them again, once). */
    async queuedDeliveries(subscriptionId: string, occasion: string): Promise<string[]> {
      const rows = await db
        .select({ id: subscriptionDeliveries.id })
        .from(subscriptionDeliveries)
        .where(
          and(
            eq(subscriptionDeliveries.subscriptionId, subscriptionId),
            eq(subscriptionDeliveries.occasion, occasion),
            eq(subscriptionDeliveries.status, 'queued'),
          ),
        );
      return rows.map((r) => r.id);
    },

    async delivery(id: string): Promise<DeliveryRow | null> {
      const [row] = await db.select().from(subscriptionDeliveries).where(eq(subscriptionDeliveries.id, id));
      return row ?? null;
    },

    /** Claims a delivery for an attempt; `null` when it is already finished (a repeated job does nothing). */
    async startAttempt(id: string): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(subscriptionDeliveries)
        .set({
          status: 'sending',
          attempts: sql`${subscriptionDeliveries.attempts} + 1`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(subscriptionDeliveries.id, id),
            inArray(subscriptionDeliveries.status, ['queued', 'sending', 'retrying']),
          ),
        )
        .returning();
      return row ?? null;
    },

    async finish(id: string, status: DeliveryStatus, reason: string | null = null): Promise<void> {
      await db
        .update(subscriptionDeliveries)
        .set({ status, reason: reason === null ? null : reason.slice(0, 1000), updatedAt: new Date() })
        .where(eq(subscriptionDeliveries.id, id));
    },

    async recordAlertState(
      id: string,
      state: 'normal' | 'triggered',
      lastValue: number | null,
    ): Promise<void> {
      await db.update(subscriptions).set({ alertState: state, lastValue }).where(eq(subscriptions.id, id));
    },

    /** Records an unsubscribe; false when this recipient had already unsubscribed. */
    async optOut(subscriptionId: string, userId: string): Promise<boolean> {
      const rows = await db
        .insert(subscriptionOptOuts)
        .values({ subscriptionId, userId })
        .onConflictDoNothing()
        .returning({ userId: subscriptionOptOuts.userId });
      return rows.length > 0;
    },

    /** The user as a request would know them (a delivery runs as its recipient); null when gone. */
    reader: (userId: string) => readUserWithoutSession(db, userId),
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

export function subscriptionView(
  row: SubscriptionRow,
  title: string,
  lastDelivery: Delivery | null,
  recipientNames: string[],
): SubscriptionView {
  const parts = subscriptionParts(row);
  return {
    id: row.id,
    kind: row.kind,
    targetKind: row.targetKind,
    targetName: row.targetName,
    title,
    schedule: parts.schedule,
    timeZone: row.timeZone,
    parameterValues: parts.parameterValues,
    include: parts.include,
    skipEmpty: row.skipEmpty,
    condition: parts.condition,
    alertByMail: parts.alertByMail,
    alertState: row.alertState,
    paused: row.paused,
    recipients: recipientsOf(row),
    recipientNames,
    ownerId: row.ownerId,
    lastDelivery,
    createdAt: row.createdAt.toISOString(),
  };
}

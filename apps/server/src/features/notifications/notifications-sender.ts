import type {
  NotificationContent,
  NotificationDraft,
  NotificationRecipients,
  SendNotificationResult,
  SentNotification,
} from '@cockpit/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Actor, recordActivity } from '../../activity';
import type { Database } from '../../db/database';
import { user } from '../../db/core-tables';
import { notFound } from '../../lib/http-error';
import { toNotificationContent } from './notifications-repository';
import { notifications } from './notifications-schema';

export interface SendNotificationsInput {
  /** The sender's organisation: recipients are only ever its users. */
  organisationId: string;
  recipients: NotificationRecipients;
  /** Already validated by `notificationDraftSchema` (both languages, length limits, http(s) url). */
  draft: NotificationDraft;
  /** The administrator who sends it (management): the activity entry is written with the notifications. */
  actor?: Actor;
}

/**
 * Sends one notification to every active user of an organisation or to listed users of it, as one
 * batch (the administrators' overview counts reads per batch). Used by `POST /api/management/notifications`
 * and by `npm run notify`. The insert trigger makes every server process push it to open streams.
 */
export async function sendNotifications(
  db: Database,
  { organisationId, recipients, draft, actor }: SendNotificationsInput,
): Promise<SendNotificationResult> {
  const inOrganisation = and(eq(user.organisationId, organisationId), eq(user.active, true));
  let addressed = inOrganisation;
  if (recipients !== 'all') {
    const wanted = [...new Set(recipients)];
    const found = await db
      .select({ id: user.id })
      .from(user)
      .where(and(inOrganisation, inArray(user.id, wanted)));
    // Which id is missing, and whether it exists in another organisation, is not said (docs/product.md §D.4).
    if (found.length !== wanted.length)
      throw notFound('One or more recipients are not active users of your organisation');
    addressed = and(inOrganisation, inArray(user.id, wanted));
  }

  const content: NotificationContent = { title: draft.title, text: draft.text };
  if (draft.url) content.url = draft.url;
  const batchId = crypto.randomUUID();
  const date = new Date().toISOString();
  // One INSERT … SELECT: the content travels once, not once per recipient, and the user ids never leave
  // the database. A send to 5,000 users was five 1,000-row statements built in JavaScript (1.5–3 s on a
  // busy machine); this is one statement, so its notices reach the streams within a second (decision 017).
  const insert = sql`
    with sent as (
      insert into ${notifications} (user_id, date, content, batch_id)
      select ${user.id}, ${date}::timestamptz, ${JSON.stringify(content)}::jsonb, ${batchId}::uuid
      from ${user}
      where ${addressed}
      returning 1
    )
    select count(*)::int as sent from sent`;
  type Counted = { rows: { sent: number | string }[] };
  const sent = await db.transaction(async (tx) => {
    const result = (await tx.execute(insert)) as Counted;
    const count = Number(result.rows[0]?.sent ?? 0);
    if (actor) {
      await recordActivity(tx, actor, [
        {
          action: 'notifications.sent',
          target: `${draft.title.en} (${count} ${count === 1 ? 'recipient' : 'recipients'})`,
        },
      ]);
    }
    return count;
  });
  return { batchId, recipients: sent };
}

/** The organisation's sends, newest first, with how many recipients have read each. */
export async function listSentNotifications(
  db: Database,
  organisationId: string,
  limit = 50,
): Promise<SentNotification[]> {
  const sentAt = sql<Date>`min(${notifications.date})`;
  const rows = await db
    .select({
      batchId: notifications.batchId,
      sentAt,
      recipients: sql<number>`count(*)::int`,
      read: sql<number>`(count(*) filter (where ${notifications.wasRead}))::int`,
      // The content is the same for every row of a batch.
      content: sql<unknown>`(array_agg(${notifications.content}))[1]`,
    })
    .from(notifications)
    .innerJoin(user, eq(user.id, notifications.userId))
    .where(and(isNotNull(notifications.batchId), eq(user.organisationId, organisationId)))
    .groupBy(notifications.batchId)
    .orderBy(desc(sentAt))
    .limit(limit);
  return rows.map((row) => ({
    batchId: row.batchId ?? '',
    // Aggregates come back as text from node-postgres and as Date from PGlite.
    sentAt: new Date(row.sentAt).toISOString(),
    recipients: Number(row.recipients),
    read: Number(row.read),
    content: toNotificationContent(typeof row.content === 'string' ? JSON.parse(row.content) : row.content),
  }));
}

/** Live notifications to some users of an organisation, as deliveries send them (decision 029, composed in app.ts). */
export function notifyUsers(db: Database) {
  return async (organisationId: string, userIds: string[], draft: NotificationDraft): Promise<void> => {
    if (userIds.length === 0) return;
    await sendNotifications(db, { organisationId, recipients: userIds, draft });
  };
}

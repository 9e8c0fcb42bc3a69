import type {
  NotificationContent,
  NotificationDraft,
  NotificationRecipients,
  SendNotificationResult,
  SentNotification,
} from '@cockpit/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { user } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { toNotificationContent } from './notifications-repository';
import { notifications } from './notifications-schema';

/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters per statement). */
const insertChunkSize = 1_000;

export interface SendNotificationsInput {
  /** The sender's organisation: recipients are only ever its users. */
  organisationId: string;
  recipients: NotificationRecipients;
  /** Already validated by `notificationDraftSchema` (both languages, length limits, http(s) url). */
  draft: NotificationDraft;
}

/**
 * Sends one notification to every active user of an organisation or to listed users of it, as one
 * batch (the administrators' overview counts reads per batch). Used by `POST /api/management/notifications`
 * and by `npm run notify`. The insert trigger makes every server process push it to open streams.
 */
export async function sendNotifications(
  db: Database,
  { organisationId, recipients, draft }: SendNotificationsInput,
): Promise<SendNotificationResult> {
  const inOrganisation = and(eq(user.organisationId, organisationId), eq(user.active, true));
  let userIds: string[];
  if (recipients === 'all') {
    userIds = (await db.select({ id: user.id }).from(user).where(inOrganisation)).map((row) => row.id);
  } else {
    const wanted = [...new Set(recipients)];
    const found = await db
      .select({ id: user.id })
      .from(user)
      .where(and(inOrganisation, inArray(user.id, wanted)));
    // Which id is missing, and whether it exists in another organisation, is not said (DESIGN.md §4).
    if (found.length !== wanted.length) throw notFound('One or more recipients are not active users of your organisation');
    userIds = wanted;
  }

  const content: NotificationContent = { title: draft.title, text: draft.text };
  if (draft.url) content.url = draft.url;
  const batchId = crypto.randomUUID();
  const date = new Date();
  await db.transaction(async (tx) => {
    for (let start = 0; start < userIds.length; start += insertChunkSize) {
      const chunk = userIds.slice(start, start + insertChunkSize);
      await tx.insert(notifications).values(chunk.map((userId) => ({ userId, date, content, batchId })));
    }
  });
  return { batchId, recipients: userIds.length };
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

import {
  type Notification,
  type NotificationContent,
  isSafeHttpUrl,
  notificationPageSize,
} from '@cockpit/contracts';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { notifications } from './notifications-schema';

/** The newest this many are in a snapshot; older ones are loaded page by page (`listPage`). */
export const snapshotLimit = notificationPageSize;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type NotificationRow = typeof notifications.$inferSelect;

/**
 * The date as ISO 8601 text with all six decimals PostgreSQL stores (a JavaScript Date keeps three): the
 * page cursor is a notification's own date and uid, so it must be exactly the stored value — cut to
 * milliseconds, rows of the same millisecond (a batch inserted by one statement) were skipped.
 */
const exactDate = sql<string>`to_char(${notifications.date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns a stream needs (`batch_id` is for the administrators' overview only). */
const streamColumns = {
  uid: notifications.uid,
  userId: notifications.userId,
  date: exactDate,
  wasRead: notifications.wasRead,
  mouseOver: notifications.mouseOver,
  content: notifications.content,
};
type StreamRow = Pick<NotificationRow, Exclude<keyof typeof streamColumns, 'date'>> & { date: string };

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const asLocalized = (value: unknown) => {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const deAt = asText(record.deAt);
  return { de: asText(record.de), en: asText(record.en), ...(deAt !== '' ? { deAt } : {}) };
};

/**
 * Stored content as the client may see it. The API validates what it writes, but rows can also come from
 * plain SQL (live notifications: "inserted by plain SQL reaches both"): a malformed field becomes an empty text and
 * a `url` that is not http(s) is dropped, so bad data is ignored instead of breaking a stream.
 */
export function toNotificationContent(raw: unknown): NotificationContent {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const content: NotificationContent = { title: asLocalized(record.title), text: asLocalized(record.text) };
  if (isSafeHttpUrl(record.url)) content.url = record.url.trim();
  return content;
}

export function toNotification(row: StreamRow): Notification {
  return {
    uid: row.uid,
    userId: row.userId,
    date: row.date,
    wasRead: row.wasRead,
    mouseOver: row.mouseOver,
    content: toNotificationContent(row.content),
  };
}

export type NotificationFlag = 'wasRead' | 'mouseOver';

export function createNotificationsRepository(db: Database) {
  return {
    /** docs/product.md §7: one user's notifications, newest first (index notifications_user_id_date_idx). */
    async listForUser(userId: string, limit = snapshotLimit): Promise<Notification[]> {
      const rows = await db
        .select(streamColumns)
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.date), desc(notifications.uid))
        .limit(limit);
      return rows.map(toNotification);
    },

    /**
     * One page of the user's notifications older than `before` (newest first; the snapshot is the first
     * page), and whether still older ones exist. Keyset paging on (date, uid), the snapshot's order; the
     * cursor is a listed notification's exact date (`exactDate`) and uid, so it is exact and unique.
     */
    async listPage(
      userId: string,
      before: { date: string; uid: string } | null,
      limit = notificationPageSize,
    ): Promise<{ notifications: Notification[]; hasMore: boolean }> {
      const older = before
        ? or(
            sql`${notifications.date} < ${before.date}::timestamptz`,
            and(
              sql`${notifications.date} = ${before.date}::timestamptz`,
              sql`${notifications.uid} < ${before.uid}::uuid`,
            ),
          )
        : undefined;
      const rows = await db
        .select(streamColumns)
        .from(notifications)
        .where(and(eq(notifications.userId, userId), older))
        .orderBy(desc(notifications.date), desc(notifications.uid))
        .limit(limit + 1);
      return { notifications: rows.slice(0, limit).map(toNotification), hasMore: rows.length > limit };
    },

    /** Unread notifications per user, all of them (the bell; docs/product.md §D.5). Users without any: 0. */
    async countUnread(userIds: string[]): Promise<Map<string, number>> {
      const counts = new Map(userIds.map((id) => [id, 0]));
      if (userIds.length === 0) return counts;
      const rows = await db
        .select({ userId: notifications.userId, unread: count() })
        .from(notifications)
        .where(
          and(
            sql`${notifications.userId} = any(${`{${userIds.map((id) => `"${id.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`,
            eq(notifications.wasRead, false),
          ),
        )
        .groupBy(notifications.userId);
      for (const row of rows) counts.set(row.userId, Number(row.unread));
      return counts;
    },

    /** The current rows of the given uids (missing ones were deleted). */
    async findByUids(uids: string[]): Promise<Map<string, Notification>> {
      // Only well-formed ids can be in the table; the rest (a hand-made NOTIFY) are simply not found.
      const wellFormed = uids.filter((uid) => uuidPattern.test(uid));
      if (wellFormed.length === 0) return new Map();
      // One array literal parameter instead of one parameter per uid: a 500-uid batch stays one cheap
      // statement (drizzle would expand a JS array into a parameter list).
      const rows = await db
        .select(streamColumns)
        .from(notifications)
        .where(sql`${notifications.uid} = any(${`{${wellFormed.join(',')}}`}::uuid[])`);
      return new Map(rows.map((row) => [row.uid, toNotification(row)]));
    },

    /**
     * docs/product.md §4: sets `wasRead` or `mouseOver` on the owner's notification. Idempotent: a flag that is
     * already set is not written again (no change event either). `null` when the uid is not the user's.
     */
    async setFlag(userId: string, uid: string, flag: NotificationFlag): Promise<Notification | null> {
      const owned = and(eq(notifications.uid, uid), eq(notifications.userId, userId));
      const column = flag === 'wasRead' ? notifications.wasRead : notifications.mouseOver;
      const [updated] = await db
        .update(notifications)
        .set({ [flag]: true })
        .where(and(owned, eq(column, false)))
        .returning(streamColumns);
      if (updated) return toNotification(updated);
      const [existing] = await db.select(streamColumns).from(notifications).where(owned);
      return existing ? toNotification(existing) : null;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

import type { LocalizedText, Notification, NotificationStreamEvent } from '@cockpit/contracts';

/**
 * Reads one event of `GET /api/notifications/stream` (docs/product.md §D.5). The server writes these events by
 * hand (no response schema serialises them), so the client checks each one — written out instead of
 * calling the contracts' `notificationStreamEventSchema`, as the signed-in shell loads no zod (bundle
 * budget, docs/decisions/011). It accepts exactly what that schema accepts and returns what the schema
 * would (known keys only); stream-event.test.ts holds the two together.
 *
 * Returns `null` for anything else (an event of a newer server is skipped, not fatal).
 */
export function parseStreamEvent(value: unknown): NotificationStreamEvent | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'snapshot': {
      if (!Array.isArray(value.notifications)) return null;
      const notifications: Notification[] = [];
      for (const item of value.notifications) {
        const notification = readNotification(item);
        if (!notification) return null;
        notifications.push(notification);
      }
      const unreadCount = readCount(value.unreadCount);
      if (typeof value.hasMore !== 'boolean' || unreadCount === null) return null;
      return { type: 'snapshot', notifications, hasMore: value.hasMore, unreadCount };
    }
    case 'upsert': {
      const notification = readNotification(value.notification);
      const unreadCount = readCount(value.unreadCount);
      return notification && unreadCount !== null ? { type: 'upsert', notification, unreadCount } : null;
    }
    case 'remove': {
      const unreadCount = readCount(value.unreadCount);
      return typeof value.uid === 'string' && unreadCount !== null
        ? { type: 'remove', uid: value.uid, unreadCount }
        : null;
    }
    case 'catalogue':
      return { type: 'catalogue' };
    default:
      return null;
  }
}

/** The unread count every notification event carries (a whole number ≥ 0). */
function readCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readLocalizedText(value: unknown): LocalizedText | null {
  if (!isRecord(value) || typeof value.de !== 'string' || typeof value.en !== 'string') return null;
  return { de: value.de, en: value.en };
}

/** contracts `notificationSchema` (docs/product.md §3 Notification). */
function readNotification(value: unknown): Notification | null {
  if (!isRecord(value)) return null;
  const { uid, userId, date, wasRead, mouseOver, content } = value;
  if (typeof uid !== 'string' || typeof userId !== 'string' || typeof date !== 'string') return null;
  if (typeof wasRead !== 'boolean' || typeof mouseOver !== 'boolean' || !isRecord(content)) return null;
  const title = readLocalizedText(content.title);
  const text = readLocalizedText(content.text);
  if (!title || !text) return null;
  // `url` is optional; whether it may be shown as a link is decided where it is rendered (isSafeHttpUrl).
  if (content.url !== undefined && typeof content.url !== 'string') return null;
  return {
    uid,
    userId,
    date,
    wasRead,
    mouseOver,
    content: { title, text, ...(content.url === undefined ? {} : { url: content.url }) },
  };
}

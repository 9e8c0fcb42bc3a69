import { create } from 'zustand';
import type { Notification, NotificationStreamEvent } from '@cockpit/contracts';
import type { StreamStatus } from '../api/notifications-stream';

/**
 * The signed-in user's notifications as the stream delivers them (DESIGN.md §5). Kept in a small store
 * rather than the query cache: nothing here is fetched by a query, so the global loading indicator never
 * sees it (DESIGN.md §3 loading-indicator ignore list).
 */
type NotificationsState = {
  /** Newest first; `null` until the first snapshot arrived. */
  notifications: Notification[] | null;
  /** Older notifications than the oldest listed exist on the server (loaded page by page on scroll). */
  hasMore: boolean;
  /** Every unread notification of the user, listed or not, as the server counts them (the bell). */
  unreadCount: number;
  status: StreamStatus | 'idle';
};

const initialState = { notifications: null, hasMore: false, unreadCount: 0, status: 'idle' } as const;

export const useNotificationsStore = create<NotificationsState>()(() => ({ ...initialState }));

/**
 * The server's order: newest first, then uid — dates carry microseconds, which `Date.parse` drops, so
 * equal milliseconds compare as text (the server writes every date in one format) and then by uid.
 */
const byDateDesc = (a: Notification, b: Notification) =>
  Date.parse(b.date) - Date.parse(a.date) ||
  (a.date === b.date ? 0 : a.date < b.date ? 1 : -1) ||
  (a.uid === b.uid ? 0 : a.uid < b.uid ? 1 : -1);

/**
 * Applies one stream event. Returns the notification that made the list longer (spec §4: the
 * new-message signal), or `null` — never for a snapshot, so the first one and those after a reconnect
 * raise no toast.
 */
export function applyStreamEvent(event: NotificationStreamEvent): Notification | null {
  const current = useNotificationsStore.getState().notifications;
  switch (event.type) {
    case 'snapshot':
      useNotificationsStore.setState({
        notifications: event.notifications,
        hasMore: event.hasMore,
        unreadCount: event.unreadCount,
      });
      return null;
    case 'upsert': {
      const list = current ?? [];
      const known = list.some((item) => item.uid === event.notification.uid);
      const oldest = list.at(-1);
      // A change of a notification older than the loaded pages stays on the server until it is scrolled to.
      const beyondLoaded =
        !known && useNotificationsStore.getState().hasMore && oldest !== undefined && byDateDesc(oldest, event.notification) < 0;
      const next = known
        ? list.map((item) => (item.uid === event.notification.uid ? event.notification : item))
        : beyondLoaded
          ? list
          : [...list, event.notification].sort(byDateDesc);
      useNotificationsStore.setState({ notifications: next, unreadCount: event.unreadCount });
      return known || beyondLoaded || current === null ? null : event.notification;
    }
    case 'remove':
      useNotificationsStore.setState({
        unreadCount: event.unreadCount,
        ...(current ? { notifications: current.filter((item) => item.uid !== event.uid) } : {}),
      });
      return null;
    case 'catalogue':
      // Not about notifications: the connection tells its catalogue listeners (notifications-connection.ts).
      return null;
  }
}

/** A page of older notifications (`GET /api/notifications`) goes below the list; known ones are skipped. */
export function appendOlderNotifications(page: { notifications: Notification[]; hasMore: boolean }): void {
  const current = useNotificationsStore.getState().notifications ?? [];
  const known = new Set(current.map((item) => item.uid));
  useNotificationsStore.setState({
    notifications: [...current, ...page.notifications.filter((item) => !known.has(item.uid))].sort(byDateDesc),
    hasMore: page.hasMore,
  });
}

/** Sets a flag locally at once (the stream confirms it); returns how to undo it if the server refuses. */
export function setFlagLocally(uid: string, flag: 'wasRead' | 'mouseOver'): () => void {
  const before = useNotificationsStore.getState().notifications?.find((item) => item.uid === uid)?.[flag] ?? false;
  const update = (value: boolean) => {
    const { notifications: current, unreadCount } = useNotificationsStore.getState();
    if (current) {
      // Marking one read counts it off the bell at once; the stream's next event brings the server's count.
      const was = current.find((item) => item.uid === uid)?.[flag];
      const delta = flag === 'wasRead' && was !== undefined && was !== value ? (value ? -1 : 1) : 0;
      useNotificationsStore.setState({
        notifications: current.map((item) => (item.uid === uid ? { ...item, [flag]: value } : item)),
        unreadCount: Math.max(0, unreadCount + delta),
      });
    }
  };
  update(true);
  return () => update(before);
}

export function resetNotificationsStore(): void {
  useNotificationsStore.setState({ ...initialState });
}

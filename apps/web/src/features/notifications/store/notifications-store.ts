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
  status: StreamStatus | 'idle';
};

export const useNotificationsStore = create<NotificationsState>()(() => ({ notifications: null, status: 'idle' }));

const byDateDesc = (a: Notification, b: Notification) => Date.parse(b.date) - Date.parse(a.date);

/**
 * Applies one stream event. Returns the notification that made the list longer (spec §4: the
 * new-message signal), or `null` — never for a snapshot, so the first one and those after a reconnect
 * raise no toast.
 */
export function applyStreamEvent(event: NotificationStreamEvent): Notification | null {
  const current = useNotificationsStore.getState().notifications;
  switch (event.type) {
    case 'snapshot':
      useNotificationsStore.setState({ notifications: event.notifications });
      return null;
    case 'upsert': {
      const list = current ?? [];
      const known = list.some((item) => item.uid === event.notification.uid);
      const next = known
        ? list.map((item) => (item.uid === event.notification.uid ? event.notification : item))
        : [...list, event.notification].sort(byDateDesc);
      useNotificationsStore.setState({ notifications: next });
      return known || current === null ? null : event.notification;
    }
    case 'remove':
      if (current) useNotificationsStore.setState({ notifications: current.filter((item) => item.uid !== event.uid) });
      return null;
    case 'catalogue':
      // Not about notifications: the connection tells its catalogue listeners (notifications-connection.ts).
      return null;
  }
}

/** The server's answer to a PATCH: replaces the notification if it is still listed (never adds one). */
export function replaceNotification(notification: Notification): void {
  const current = useNotificationsStore.getState().notifications;
  if (!current?.some((item) => item.uid === notification.uid)) return;
  useNotificationsStore.setState({
    notifications: current.map((item) => (item.uid === notification.uid ? notification : item)),
  });
}

/** Sets a flag locally at once (the stream confirms it); returns how to undo it if the server refuses. */
export function setFlagLocally(uid: string, flag: 'wasRead' | 'mouseOver'): () => void {
  const update = (value: boolean) => {
    const current = useNotificationsStore.getState().notifications;
    if (current) {
      useNotificationsStore.setState({
        notifications: current.map((item) => (item.uid === uid ? { ...item, [flag]: value } : item)),
      });
    }
  };
  const before = useNotificationsStore.getState().notifications?.find((item) => item.uid === uid)?.[flag] ?? false;
  update(true);
  return () => update(before);
}

export function resetNotificationsStore(): void {
  useNotificationsStore.setState({ notifications: null, status: 'idle' });
}

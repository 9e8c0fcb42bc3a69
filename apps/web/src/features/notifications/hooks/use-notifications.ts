import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import type * as ConnectionModule from '../api/notifications-connection';
import { useNotificationsStore } from '../store/notifications-store';

/**
 * Runs `start` with the stream's connection module once it has loaded (unless cleaned up before) and
 * returns the cleanup. The SSE client is not needed to *show* the signed-in shell, so it is a chunk of
 * its own, loaded right after (issue 3 bundle budget, docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
function withConnection(start: (connection: typeof ConnectionModule) => () => void): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  void import('../api/notifications-connection').then(
    (connection) => {
      if (!cancelled) stop = start(connection);
    },
    (error: unknown) => console.error('Could not load the notifications stream', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** Keeps the tab's notifications stream open while the calling component is mounted. */
function useNotificationsConnection(): void {
  useEffect(() => withConnection(({ retainNotificationsConnection }) => retainNotificationsConnection()), []);
}

/** The notifications (newest first; `null` until the first snapshot) and the stream's state. */
export function useNotifications() {
  useNotificationsConnection();
  const notifications = useNotificationsStore((state) => state.notifications);
  const status = useNotificationsStore((state) => state.status);
  const hasMore = useNotificationsStore((state) => state.hasMore);
  return { notifications, status, hasMore };
}

/**
 * For the bell of the side menu (spec §2: a different selected icon while any notification is unread;
 * spec §4 "an unread flag is true if any notification is unread"). The layout calls it once, so it also
 * keeps the stream open for as long as the signed-in layout is shown and raises the spec §4 toast when a
 * new notification arrives — whether or not the panel is open.
 */
export function useHasUnreadNotifications(): boolean {
  const { t } = useTranslation();
  useNotificationsConnection();
  useEffect(
    () =>
      withConnection(({ onNewNotification }) =>
        onNewNotification((notification) => {
          showToast({
            // One toast per notification, even if two components listen.
            id: `new-notification-${notification.uid}`,
            type: 'info',
            title: t('notifications.toast.title'),
            message: t('notifications.toast.message'),
          });
        }),
      ),
    [t],
  );
  // The server's count: unread notifications older than the loaded pages count too.
  return useNotificationsStore((state) => state.unreadCount > 0);
}

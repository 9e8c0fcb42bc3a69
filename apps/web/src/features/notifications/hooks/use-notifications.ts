import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import type * as ConnectionModule from '../api/notifications-connection';
import { useNotificationsStore } from '../store/notifications-store';

/**
 * Runs `start` with the stream's connection module once it has loaded (unless cleaned up before) and
 * returns the cleanup. The SSE client is not needed to *show* the signed-in shell, so it is a chunk of
 * its own, loaded right after (bundle budget, docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
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

/**
 * The signed-in shell's one notifications stream (DESIGN.md §5): open while the layout is mounted, and
 * the spec §4 toast when a new notification arrives — whether or not the panel is open. Only the shell
 * calls this; everything else reads the store (`useNotifications`, `useHasUnreadNotifications`).
 */
export function useNotificationsStream(): void {
  const { t } = useTranslation();
  useEffect(() => withConnection(({ retainNotificationsConnection }) => retainNotificationsConnection()), []);
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
}

/** The notifications (newest first; `null` until the first snapshot) and the stream's state. */
export function useNotifications() {
  const notifications = useNotificationsStore((state) => state.notifications);
  const status = useNotificationsStore((state) => state.status);
  const hasMore = useNotificationsStore((state) => state.hasMore);
  return { notifications, status, hasMore };
}

/**
 * For the bell of the side menu (spec §2: a different selected icon while any notification is unread;
 * spec §4 "an unread flag is true if any notification is unread"). A pure reader: the server's count,
 * so unread notifications older than the loaded pages count too.
 */
export function useHasUnreadNotifications(): boolean {
  return useNotificationsStore((state) => state.unreadCount > 0);
}

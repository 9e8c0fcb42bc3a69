import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { onNewNotification, retainNotificationsConnection } from '../api/notifications-connection';
import { useNotificationsStore } from '../store/notifications-store';

/** Keeps the tab's notifications stream open while the calling component is mounted. */
function useNotificationsConnection(): void {
  useEffect(() => retainNotificationsConnection(), []);
}

/** The notifications (newest first; `null` until the first snapshot) and the stream's state. */
export function useNotifications() {
  useNotificationsConnection();
  const notifications = useNotificationsStore((state) => state.notifications);
  const status = useNotificationsStore((state) => state.status);
  return { notifications, status };
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
      onNewNotification((notification) => {
        showToast({
          // One toast per notification, even if two components listen.
          id: `new-notification-${notification.uid}`,
          type: 'info',
          title: t('notifications.toast.title'),
          message: t('notifications.toast.message'),
        });
      }),
    [t],
  );
  return useNotificationsStore((state) => state.notifications?.some((item) => !item.wasRead) ?? false);
}

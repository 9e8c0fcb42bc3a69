import { useRef, useState } from 'react';
import type { Notification } from '@cockpit/contracts';
import { useMarkNotification } from '../api/update-notification';
import { useNotifications } from './use-notifications';

/**
 * docs/product.md §2 Notifications, for every list of cards: a click opens the detail dialog and marks the card read
 * (if unread); hovering marks it moused over, once — even before the stream confirms the flag. The dialog
 * shows the live version of the notification and closes if it is deleted meanwhile.
 */
export function useNotificationActions() {
  const { notifications } = useNotifications();
  const mark = useMarkNotification();
  const [openUid, setOpenUid] = useState<string | null>(null);
  const hoverSent = useRef(new Set<string>());

  function open(notification: Notification) {
    setOpenUid(notification.uid);
    if (!notification.wasRead) mark.mutate({ uid: notification.uid, flag: 'wasRead' });
  }

  function hover(notification: Notification) {
    if (notification.mouseOver || hoverSent.current.has(notification.uid)) return;
    hoverSent.current.add(notification.uid);
    mark.mutate({ uid: notification.uid, flag: 'mouseOver' });
  }

  const opened = notifications?.find((item) => item.uid === openUid) ?? null;
  return { opened, open, hover, close: () => setOpenUid(null) };
}

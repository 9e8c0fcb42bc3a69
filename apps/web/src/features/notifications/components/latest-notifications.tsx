import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { Notification } from '@cockpit/contracts';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useMarkNotification } from '../api/update-notification';
import { useNotifications } from '../hooks/use-notifications';
import { createShortDateFormat } from '../utils/short-date';
import { NotificationCard } from './notification-card';
import classes from './latest-notifications.module.css';

// The dialog (Mantine's Modal) loads when a notification is first opened, not with the page that lists
// them (the reports home's download, bench/web-bundle.bench.ts).
const NotificationDialog = lazy(() =>
  import('./notification-dialog').then(({ NotificationDialog }) => ({ default: NotificationDialog })),
);

/** How many notifications the reports home shows. */
export const latestNotificationsCount = 3;

/**
 * The newest notifications for the reports home (DESIGN.md §3 routes): `status` as a query's, so the
 * page shows its own loading and error states — "error" while the stream has never connected and keeps
 * retrying (the notifications panel shows the error tile then too).
 */
export function useLatestNotifications(count = latestNotificationsCount) {
  const { notifications, status } = useNotifications();
  const items = useMemo(() => notifications?.slice(0, count) ?? [], [notifications, count]);
  const queryStatus: 'pending' | 'error' | 'success' =
    notifications !== null ? 'success' : status === 'reconnecting' ? 'error' : 'pending';
  return { status: queryStatus, items };
}

type LatestNotificationsProps = {
  notifications: Notification[];
  /** The list's accessible name. */
  label: string;
  /** The user's UI culture for dates (DESIGN.md §3); the UI language until the settings are known. */
  uiCulture?: string;
};

/**
 * The cards of spec §2 Notifications (title, clamped text, short date, unread dot) for a few
 * notifications: a click marks one read and opens the detail dialog, hovering marks it moused over once.
 */
export function LatestNotifications({ notifications, label, uiCulture }: LatestNotificationsProps) {
  const language = useUiLanguage();
  const mark = useMarkNotification();
  const [openUid, setOpenUid] = useState<string | null>(null);
  // Once loaded the dialog stays mounted, so it closes as it does elsewhere (and gives the focus back).
  const [dialogWanted, setDialogWanted] = useState(false);
  const hoverSent = useRef(new Set<string>());
  const dateFormat = useMemo(() => createShortDateFormat(uiCulture ?? language), [uiCulture, language]);
  const { notifications: live } = useNotifications();
  // The dialog shows the live version and closes if the notification is deleted meanwhile.
  const opened = live?.find((item) => item.uid === openUid) ?? null;

  function handleOpen(notification: Notification) {
    setOpenUid(notification.uid);
    setDialogWanted(true);
    if (!notification.wasRead) mark.mutate({ uid: notification.uid, flag: 'wasRead' });
  }

  function handleHover(notification: Notification) {
    if (notification.mouseOver || hoverSent.current.has(notification.uid)) return;
    hoverSent.current.add(notification.uid);
    mark.mutate({ uid: notification.uid, flag: 'mouseOver' });
  }

  return (
    <>
      <ul className={classes.list} aria-label={label}>
        {notifications.map((notification) => (
          <li key={notification.uid}>
            <NotificationCard
              notification={notification}
              language={language}
              dateFormat={dateFormat}
              onOpen={handleOpen}
              onHover={handleHover}
            />
          </li>
        ))}
      </ul>
      {dialogWanted && (
        <Suspense fallback={null}>
          <NotificationDialog
            notification={opened}
            language={language}
            dateFormat={dateFormat}
            onClose={() => setOpenUid(null)}
          />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useMemo, useState } from 'react';
import { effectiveCulture, type Notification } from '@cockpit/contracts';
import { WithMantine } from '../../../lib/mantine-area';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useNotificationActions } from '../hooks/use-notification-actions';
import { useNotifications } from '../hooks/use-notifications';
import { NotificationCardItems } from './notification-card';
import classes from './latest-notifications.module.css';

// The dialog (Mantine's Modal) loads when a notification is first opened, not with the page that lists
// them (the reports home's download, bench/web-bundle.bench.ts).
const NotificationDialog = lazy(() =>
  import('./notification-dialog').then(({ NotificationDialog }) => ({ default: NotificationDialog })),
);

/** How many notifications the reports home shows. */
export const latestNotificationsCount = 3;

/**
 * The newest notifications for the reports home (docs/product.md §D.3 routes): `status` as a query's, so the
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
  /** The user's culture choice for dates; `auto` (and unknown) follow the UI language (docs/decisions/030). */
  uiCulture?: string;
};

/**
 * The cards of docs/product.md §2 Notifications (title, clamped text, short date, unread dot) for a few
 * notifications: a click marks one read and opens the detail dialog, hovering marks it moused over once.
 */
export function LatestNotifications({ notifications, label, uiCulture }: LatestNotificationsProps) {
  const language = useUiLanguage();
  const { opened, open, hover, close } = useNotificationActions();
  // Once loaded the dialog stays mounted, so it closes as it does elsewhere (and gives the focus back).
  const [dialogWanted, setDialogWanted] = useState(false);
  const culture = effectiveCulture(uiCulture, language);

  function handleOpen(notification: Notification) {
    setDialogWanted(true);
    open(notification);
  }

  return (
    <>
      <ul className={classes.list} aria-label={label}>
        <NotificationCardItems
          notifications={notifications}
          language={language}
          culture={culture}
          onOpen={handleOpen}
          onHover={hover}
        />
      </ul>
      {dialogWanted && (
        <Suspense fallback={null}>
          <WithMantine>
            <NotificationDialog notification={opened} language={language} culture={culture} onClose={close} />
          </WithMantine>
        </Suspense>
      )}
    </>
  );
}

import { apiRoutes, type Notification, type NotificationPage } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { appendOlderNotifications } from '../store/notifications-store';

/** `GET /api/notifications?beforeDate=…&beforeUid=…`: the page older than `oldest` (DESIGN.md §5). */
export function getOlderNotifications(oldest: Notification): Promise<NotificationPage> {
  return api.call(apiRoutes.listOlderNotifications, { query: { beforeDate: oldest.date, beforeUid: oldest.uid } });
}

let loading: Promise<void> | null = null;

/** Loads the next older page into the list once at a time (the list asks whenever its end is in view). */
export function loadOlderNotifications(oldest: Notification): Promise<void> {
  loading ??= getOlderNotifications(oldest)
    .then(appendOlderNotifications)
    .finally(() => {
      loading = null;
    });
  return loading;
}

import { apiRoutes, type Notification, type NotificationPage } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/notifications?beforeDate=…&beforeUid=…`: the page older than `oldest`, or without a cursor
 * the newest page (docs/product.md §D.5).
 */
export function getNotificationsPage(oldest: Notification | null): Promise<NotificationPage> {
  return api.call(
    apiRoutes.listOlderNotifications,
    oldest ? { query: { beforeDate: oldest.date, beforeUid: oldest.uid } } : {},
  );
}

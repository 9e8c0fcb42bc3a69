import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type Notification } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { setFlagLocally } from './notifications-cache';

export type NotificationFlag = 'wasRead' | 'mouseOver';

/** `PATCH /api/notifications/:uid` with `{ wasRead: true }` or `{ mouseOver: true }` (docs/product.md §4). */
export function updateNotification(uid: string, flag: NotificationFlag): Promise<Notification> {
  const body = flag === 'wasRead' ? { wasRead: true as const } : { mouseOver: true as const };
  return api.call(apiRoutes.updateNotification, { params: { uid }, body });
}

/**
 * Marks a notification: one cache update at once on screen, then the server; the stream's upsert
 * confirms it to every tab, so the answer is not applied a second time. A refusal puts the flag back.
 * Left out of the global loading indicator (docs/product.md §D.3 ignore list).
 */
export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    // lib/global-loading: a hover or a click must not spin the content area's loading indicator.
    meta: { globalLoading: false },
    mutationFn: async ({ uid, flag }: { uid: string; flag: NotificationFlag }) => {
      const undo = setFlagLocally(queryClient, uid, flag);
      try {
        return await updateNotification(uid, flag);
      } catch (error) {
        undo();
        throw error;
      }
    },
  });
}

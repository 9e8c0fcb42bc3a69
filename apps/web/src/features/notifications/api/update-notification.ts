import { useMutation } from '@tanstack/react-query';
import { apiPaths, type Notification } from '@cockpit/contracts';
import { api, trusted } from '../../../lib/api-client';
import { replaceNotification, setFlagLocally } from '../store/notifications-store';

export type NotificationFlag = 'wasRead' | 'mouseOver';

/** `PATCH /api/notifications/:uid` with `{ wasRead: true }` or `{ mouseOver: true }` (spec §4). */
export function updateNotification(uid: string, flag: NotificationFlag): Promise<Notification> {
  return api.patch(apiPaths.notification.replace(':uid', encodeURIComponent(uid)), {
    json: { [flag]: true },
    // Serialised through the contracts' notificationSchema by the server; no zod in the shell (api-client `trusted`).
    schema: trusted<Notification>(),
  });
}

/**
 * Marks a notification: at once on screen, then on the server (the stream confirms it to every tab).
 * A refusal puts the flag back. Left out of the global loading indicator (DESIGN.md §3 ignore list).
 */
export function useMarkNotification() {
  return useMutation({
    // lib/global-loading: a hover or a click must not spin the content area's loading indicator.
    meta: { globalLoading: false },
    mutationFn: async ({ uid, flag }: { uid: string; flag: NotificationFlag }) => {
      const undo = setFlagLocally(uid, flag);
      try {
        return await updateNotification(uid, flag);
      } catch (error) {
        undo();
        throw error;
      }
    },
    onSuccess: replaceNotification,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  type NotificationDraft,
  type NotificationRecipients,
  type SendNotificationResult,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { sentNotificationsQueryKey } from './get-sent-notifications';

export type NotificationSend = NotificationDraft & { recipients: NotificationRecipients };

/**
 * `POST /api/management/notifications`: the notifications feature's send service on the server (live notifications)
 * stores one notification per recipient, which reaches them live.
 */
export function sendNotification(send: NotificationSend): Promise<SendNotificationResult> {
  return api.call(apiRoutes.sendNotification, { body: send });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentNotificationsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  sendNotificationResultSchema,
  type NotificationDraft,
  type NotificationRecipients,
  type SendNotificationResult,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { sentNotificationsQueryKey } from './get-sent-notifications';

export type NotificationSend = NotificationDraft & { recipients: NotificationRecipients };

/**
 * `POST /api/management/notifications`: the notifications feature's send service on the server (issue 4)
 * stores one notification per recipient, which reaches them live.
 */
export function sendNotification(send: NotificationSend): Promise<SendNotificationResult> {
  return api.post(apiPaths.managementNotifications, { json: send, schema: sendNotificationResultSchema });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentNotificationsQueryKey }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type SentNotificationsResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/management/notifications`: what was sent, to how many users, and how many have read it. */
export function getSentNotifications(): Promise<SentNotificationsResponse> {
  return api.call(apiRoutes.listSentNotifications);
}

export const sentNotificationsQueryKey = ['management', 'sent-notifications'] as const;

export function getSentNotificationsQueryOptions() {
  return queryOptions({
    queryKey: sentNotificationsQueryKey,
    queryFn: getSentNotifications,
    staleTime: 10_000,
  });
}

/**
 * Read counts change while recipients read: refreshed every 30 s while the list is on screen, in the
 * background (the table shows its own loading state, the global indicator would only flicker).
 */
export function useSentNotifications() {
  return useQuery({
    ...getSentNotificationsQueryOptions(),
    refetchInterval: 30_000,
    meta: { globalLoading: false },
  });
}

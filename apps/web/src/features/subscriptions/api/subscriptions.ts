import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SubscriptionBody, type SubscriptionView, apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateQueriesOn } from '../../../lib/refetch-on';

// Subscriptions and alerts (decision 029): the user's own list, deliveries and time zone; management's
// deliveries. One query key family, invalidated after every change (with the mail outbox, which a
// change or a "send now" fills).

export const subscriptionsQueryKey = ['subscriptions'] as const;

export function useMySubscriptions() {
  return useQuery(
    queryOptions({
      queryKey: [...subscriptionsQueryKey, 'mine'],
      queryFn: () => api.call(apiRoutes.listSubscriptions),
      // Statuses change while deliveries run in the background.
      refetchInterval: 15_000,
      meta: { globalLoading: false },
    }),
  );
}

export function useDeliverySettings() {
  return useQuery({
    queryKey: [...subscriptionsQueryKey, 'settings'],
    queryFn: () => api.call(apiRoutes.getDeliverySettings),
  });
}

/** A subscription's body from its view (for pause, resume and edit, which send the whole body). */
export function bodyOf(view: SubscriptionView, changes: Partial<SubscriptionBody> = {}): SubscriptionBody {
  return {
    kind: view.kind,
    targetKind: view.targetKind,
    targetName: view.targetName,
    schedule: view.schedule,
    timeZone: view.timeZone,
    parameterValues: view.parameterValues,
    include: view.include,
    skipEmpty: view.skipEmpty,
    condition: view.condition,
    alertByMail: view.alertByMail,
    paused: view.paused,
    recipients: view.recipients,
    ...changes,
  };
}

export function useSubscriptionActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey }),
      invalidateQueriesOn(queryClient, 'subscriptions-changed'),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: SubscriptionBody) => api.call(apiRoutes.createSubscription, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SubscriptionBody }) =>
        api.call(apiRoutes.updateSubscription, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call(apiRoutes.deleteSubscription, { params: { id } }),
      onSuccess: refresh,
    }),
    sendNow: useMutation({
      mutationFn: (id: string) => api.call(apiRoutes.sendSubscriptionNow, { params: { id }, body: {} }),
      onSuccess: refresh,
    }),
    setTimeZone: useMutation({
      mutationFn: (timeZone: string) => api.call(apiRoutes.updateDeliverySettings, { body: { timeZone } }),
      onSuccess: refresh,
    }),
  };
}

export function useManagedDeliveries() {
  return useQuery({
    queryKey: [...subscriptionsQueryKey, 'management', 'deliveries'],
    queryFn: () => api.call(apiRoutes.listDeliveries),
    refetchInterval: 15_000,
    meta: { globalLoading: false },
  });
}

/** Administrators: the organisation's subscriptions (those for others included). */
export function useManagedSubscriptions() {
  return useQuery({
    queryKey: [...subscriptionsQueryKey, 'management', 'subscriptions'],
    queryFn: () => api.call(apiRoutes.listManagedSubscriptions),
    refetchInterval: 15_000,
    meta: { globalLoading: false },
  });
}

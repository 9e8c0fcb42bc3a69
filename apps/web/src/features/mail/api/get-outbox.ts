import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { refetchOnMeta } from '../../../lib/refetch-on';

// The mail outbox (decision 029): what the cockpit sent, kept to read here when it has no SMTP_URL.

const outboxQueryKey = ['mail', 'outbox'] as const;

/** `GET /api/management/outbox`: the newest mails written to it (or, with SMTP, how mail goes), read again while deliveries run. */
export function useOutbox() {
  return useQuery({
    queryKey: outboxQueryKey,
    queryFn: () => api.call(apiRoutes.listOutbox),
    refetchInterval: 15_000,
    // A subscription's change or "send now" fills it.
    meta: { globalLoading: false, ...refetchOnMeta('subscriptions-changed') },
  });
}

/** One mail of the outbox with its text; `id` null: none open, nothing is asked. */
export function useOutboxMail(id: string | null) {
  return useQuery({
    queryKey: [...outboxQueryKey, id],
    queryFn: () => api.call(apiRoutes.getOutboxMail, { params: { id: id! } }),
    enabled: id !== null,
    meta: refetchOnMeta('subscriptions-changed'),
  });
}

import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { onAccountDataReset } from './auth/session';

/**
 * Server state (docs/product.md §D.6). docs/product.md §7 "a failed call is retried once" — by the API client, which knows
 * the method and the status (lib/api-client.ts). A second retry here would send a failing GET up to four
 * times, so queries and mutations do not retry at all.
 */
export const queryConfig = {
  queries: {
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/**
 * The app's one query client; the session clears it on sign-out and before another sign-in so no user
 * sees another's data. Loaded with the signed-in area (app/bootstrap.ts), not by the login route.
 */
export const queryClient = createQueryClient();
onAccountDataReset(() => queryClient.clear());

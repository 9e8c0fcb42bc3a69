import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiRequestError } from './api-client';
import { onAccountDataReset } from './auth/session';

/**
 * Server state (DESIGN.md §6). Queries retry once (STACK.md `retry: 1`), but never a 4xx answer: that
 * would not change on a second try (the API client has already retried network errors and 5xx).
 */
export const queryConfig = {
  queries: {
    retry: (failureCount, error) => {
      if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
      return failureCount < 1;
    },
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

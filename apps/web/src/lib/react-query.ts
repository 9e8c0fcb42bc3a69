import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiRequestError } from './api-client';

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

/** The app's one query client; the session clears it on sign-out so no user sees another's data. */
export const queryClient = createQueryClient();

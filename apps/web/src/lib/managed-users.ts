import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ManagedUsersResponse } from '@cockpit/contracts';
import { api } from './api-client';

// The organisation's users as administrators see them: the users screen lists them, and the notification
// composer and the subscriptions dialog offer them as recipients — one request, one query key.

export type UsersQuery = { search: string; page: number; pageSize?: number };

/** `GET /api/management/users`: the organisation's users, by name; `search` matches name or e-mail. */
export function getManagedUsers({ search, page, pageSize }: UsersQuery): Promise<ManagedUsersResponse> {
  return api.call(apiRoutes.listUsers, { query: { search: search.trim() || undefined, page, pageSize } });
}

/** Every users query starts with this key; changes to users invalidate it (recipient candidates included). */
export const managedUsersQueryKey = ['management', 'users'] as const;

export function getManagedUsersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: [...managedUsersQueryKey, query],
    queryFn: () => getManagedUsers(query),
    // Typing in the search box keeps the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useManagedUsers(query: UsersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getManagedUsersQueryOptions(query), enabled });
}

/**
 * Users whose name or e-mail matches `search`, to choose recipients from (the first `pageSize`). Searched
 * while typing in a dialog: no global loading bar.
 */
export function useRecipientCandidates(
  search: string,
  { enabled, pageSize }: { enabled: boolean; pageSize: number },
) {
  return useQuery({
    ...getManagedUsersQueryOptions({ search, page: 1, pageSize }),
    enabled,
    meta: { globalLoading: false },
  });
}

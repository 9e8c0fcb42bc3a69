import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ManagedUsersResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

export type UsersQuery = { search: string; page: number; pageSize?: number };

/** `GET /api/management/users`: the organisation's users, by name; `search` matches name or e-mail. */
export function getManagedUsers({ search, page, pageSize }: UsersQuery): Promise<ManagedUsersResponse> {
  return api.call(apiRoutes.listUsers, { query: { search: search.trim() || undefined, page, pageSize } });
}

/**
 * Every users query starts with this key (the notifications feature's recipient candidates too); changes to
 * users invalidate it.
 */
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

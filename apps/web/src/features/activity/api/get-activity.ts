import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ActivityKind, type ActivityResponse, apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

export type ActivityQuery = { kind: ActivityKind | null; page: number };

/** `GET /api/management/activity`: what the organisation's administrators did, newest first, paged. */
export function getActivity({ kind, page }: ActivityQuery): Promise<ActivityResponse> {
  return api.call(apiRoutes.listActivity, { query: { kind: kind ?? undefined, page } });
}

/** Every activity query starts with this key. */
export const activityQueryKey = ['management', 'activity'] as const;

export function getActivityQueryOptions(query: ActivityQuery) {
  return queryOptions({
    queryKey: [...activityQueryKey, query],
    queryFn: () => getActivity(query),
    // Paging and filtering keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    // Every change anywhere in management adds an entry: opening the section always asks again.
    staleTime: 0,
  });
}

export function useActivity(query: ActivityQuery) {
  return useQuery(getActivityQueryOptions(query));
}

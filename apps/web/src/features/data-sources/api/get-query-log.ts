import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type QueryLogResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

export type QueryLogFilter = {
  dataSource: string | null;
  definition: string | null;
  errorsOnly: boolean;
  page: number;
};

/** `GET /api/management/query-log`: the runs of report SQL, newest first, paged and filtered. */
export function getQueryLog({
  dataSource,
  definition,
  errorsOnly,
  page,
}: QueryLogFilter): Promise<QueryLogResponse> {
  return api.call(apiRoutes.listQueryLog, {
    query: {
      dataSource: dataSource ?? undefined,
      definition: definition ?? undefined,
      errorsOnly: errorsOnly ? 'true' : undefined,
      page,
    },
  });
}

export const queryLogQueryKey = ['management', 'query-log'] as const;

export function getQueryLogQueryOptions(filter: QueryLogFilter) {
  return queryOptions({
    queryKey: [...queryLogQueryKey, filter],
    queryFn: () => getQueryLog(filter),
    // Paging and filtering keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    // Every report run adds an entry: opening the page always asks again.
    staleTime: 0,
  });
}

export function useQueryLog(filter: QueryLogFilter) {
  return useQuery(getQueryLogQueryOptions(filter));
}

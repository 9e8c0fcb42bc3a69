import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ManagedDataSourcesResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { refetchOnMeta } from '../../../lib/refetch-on';

/** `GET /api/management/data-sources`: the organisation's data sources (never a password). */
export function getDataSources(): Promise<ManagedDataSourcesResponse> {
  return api.call(apiRoutes.listDataSources);
}

/** Every query about data sources starts with this key (a change refreshes them all). */
export const dataSourcesQueryKey = ['management', 'data-sources'] as const;

export function getDataSourcesQueryOptions() {
  return queryOptions({
    queryKey: dataSourcesQueryKey,
    queryFn: getDataSources,
    // The list names the definitions reading each source.
    meta: refetchOnMeta('definitions-changed'),
  });
}

export function useDataSources() {
  return useQuery(getDataSourcesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type SourceSchemaResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { dataSourcesQueryKey } from './get-data-sources';

/** `GET /api/management/data-sources/:name/schema`: the source's tables and their columns. */
export function getSourceSchema(name: string): Promise<SourceSchemaResponse> {
  return api.call(apiRoutes.getDataSourceSchema, { params: { name } });
}

export function getSourceSchemaQueryOptions(name: string) {
  return queryOptions({
    // Under the sources' key: changing a source (or uploading a table) asks again.
    queryKey: [...dataSourcesQueryKey, 'schema', name],
    queryFn: () => getSourceSchema(name),
    // The tables rarely change while the page is open; the editor asks once per source.
    staleTime: 60_000,
  });
}

/** `name` null: no source chosen yet, nothing is asked. */
export function useSourceSchema(name: string | null) {
  return useQuery({ ...getSourceSchemaQueryOptions(name ?? ''), enabled: name !== null });
}

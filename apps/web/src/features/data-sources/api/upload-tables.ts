import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type UploadedTablesResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { dataSourcesQueryKey } from './get-data-sources';

/** `GET …/data-sources/:name/tables`: an `uploads` source's tables, their columns and row counts. */
export function getUploadedTables(sourceName: string): Promise<UploadedTablesResponse> {
  return api.call(apiRoutes.listUploadedTables, { params: { name: sourceName } });
}

/** Under the data sources' key: whatever refreshes the sources refreshes their tables too. */
export const uploadedTablesQueryKey = (sourceName: string) =>
  [...dataSourcesQueryKey, sourceName, 'tables'] as const;

export function getUploadedTablesQueryOptions(sourceName: string) {
  return queryOptions({
    queryKey: uploadedTablesQueryKey(sourceName),
    queryFn: () => getUploadedTables(sourceName),
  });
}

export function useUploadedTables(sourceName: string) {
  return useQuery(getUploadedTablesQueryOptions(sourceName));
}

/** `DELETE …/data-sources/:name/tables/:table`: the table and its rows. */
export async function removeUploadedTable({ sourceName, table }: { sourceName: string; table: string }) {
  await api.call(apiRoutes.removeUploadedTable, { params: { name: sourceName, table } });
}

export function useRemoveUploadedTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUploadedTable,
    onSuccess: async (_result, { sourceName }) => {
      await queryClient.invalidateQueries({ queryKey: uploadedTablesQueryKey(sourceName) });
    },
  });
}

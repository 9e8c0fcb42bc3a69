import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type DataSourceBody, type ManagedDataSource } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { dataSourcesQueryKey } from './get-data-sources';

/** `original`: the name of the source being changed, or null for a new one. */
export type SaveDataSource = { original: string | null; body: DataSourceBody };

/** `POST /api/management/data-sources` (new) or `PUT …/:name` (change). */
export function saveDataSource({ original, body }: SaveDataSource): Promise<ManagedDataSource> {
  if (original === null) return api.call(apiRoutes.createDataSource, { body });
  return api.call(apiRoutes.updateDataSource, { params: { name: original }, body });
}

export function useSaveDataSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDataSource,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dataSourcesQueryKey });
    },
  });
}

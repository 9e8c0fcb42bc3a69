import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { dataSourcesQueryKey } from './get-data-sources';

/** `DELETE /api/management/data-sources/:name` (409 while a report definition reads it). */
export async function deleteDataSource(name: string): Promise<void> {
  await api.call(apiRoutes.deleteDataSource, { params: { name }, expectedStatuses: [409] });
}

export function useDeleteDataSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDataSource,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dataSourcesQueryKey });
    },
  });
}

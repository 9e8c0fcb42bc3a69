import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateQueriesOn } from '../../../lib/refetch-on';
import { definitionsQueryKey } from './get-definitions';

/** `DELETE /api/management/definitions/:name` (409 while a report item or tile uses it). */
export async function deleteDefinition(name: string): Promise<void> {
  await api.call(apiRoutes.deleteDefinition, { params: { name }, expectedStatuses: [409] });
}

export function useDeleteDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDefinition,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: definitionsQueryKey }),
        // The data sources list says which definitions read each source.
        invalidateQueriesOn(queryClient, 'definitions-changed'),
      ]);
    },
  });
}

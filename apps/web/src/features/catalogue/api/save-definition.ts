import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  type CatalogueReportDefinition,
  type CatalogueReportDefinitionInput,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateQueriesOn } from '../../../lib/refetch-on';
import { definitionsQueryKey } from './get-definitions';

/** `original`: the name of the definition being changed, or null for a new one. */
export type SaveDefinition = { original: string | null; body: CatalogueReportDefinitionInput };

/** `POST /api/management/definitions` (new) or `PUT …/:name` (change). */
export function saveDefinition({ original, body }: SaveDefinition): Promise<CatalogueReportDefinition> {
  if (original === null) return api.call(apiRoutes.createDefinition, { body });
  return api.call(apiRoutes.updateDefinition, { params: { name: original }, body });
}

export function useSaveDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDefinition,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: definitionsQueryKey }),
        // The data sources list says which definitions read each source.
        invalidateQueriesOn(queryClient, 'definitions-changed'),
      ]);
    },
  });
}

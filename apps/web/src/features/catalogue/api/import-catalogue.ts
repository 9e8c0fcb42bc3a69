import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** `PUT /api/management/catalogue`: replaces the whole catalogue atomically with `document`. */
export function importCatalogue(document: Record<string, unknown>): Promise<CatalogueChanges> {
  return api.call(apiRoutes.importCatalogue, { body: document });
}

export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importCatalogue, onSuccess: () => invalidateCatalogue(queryClient) });
}

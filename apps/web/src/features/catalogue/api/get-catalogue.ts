import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type CatalogueDocument } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * Every catalogue query (the document, the pin usage, "Preview as") starts with this key; every change
 * of the catalogue invalidates it (decision 015).
 */
export const catalogueQueryKey = ['management', 'catalogue'] as const;

/** `GET /api/management/catalogue`: the organisation's whole catalogue document (also the export). */
export function getCatalogue(): Promise<CatalogueDocument> {
  return api.call(apiRoutes.exportCatalogue);
}

export function getCatalogueQueryOptions() {
  return queryOptions({
    queryKey: [...catalogueQueryKey, 'document'],
    queryFn: getCatalogue,
    // Another administrator may have changed it: opening the section always asks again.
    staleTime: 0,
  });
}

export function useCatalogue() {
  return useQuery(getCatalogueQueryOptions());
}

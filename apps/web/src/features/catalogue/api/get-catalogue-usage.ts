import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type CatalogueUsage } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { catalogueQueryKey } from './get-catalogue';

/** `GET …/catalogue/usage`: pins per item and dashboard, for the delete confirmations. */
export function getCatalogueUsage(): Promise<CatalogueUsage> {
  return api.call(apiRoutes.getCatalogueUsage);
}

export function getCatalogueUsageQueryOptions() {
  return queryOptions({
    queryKey: [...catalogueQueryKey, 'usage'],
    queryFn: getCatalogueUsage,
    staleTime: 0,
  });
}

export function useCatalogueUsage() {
  return useQuery(getCatalogueUsageQueryOptions());
}

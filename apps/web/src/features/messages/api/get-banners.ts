import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ManagedBannersResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/management/banners`: the organisation's banner messages with their schedule status. */
export function getManagedBanners(): Promise<ManagedBannersResponse> {
  return api.call(apiRoutes.listBanners);
}

export const managedBannersQueryKey = ['management', 'banners'] as const;

export function getManagedBannersQueryOptions() {
  return queryOptions({ queryKey: managedBannersQueryKey, queryFn: getManagedBanners });
}

export function useManagedBanners() {
  return useQuery(getManagedBannersQueryOptions());
}

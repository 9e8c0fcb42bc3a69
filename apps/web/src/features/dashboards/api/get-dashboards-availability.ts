import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type DashboardsAvailability } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { refetchOnMeta } from '../../../lib/refetch-on';

/**
 * `GET /api/dashboards/availability` (docs/product.md §2 dashboards route, §4 "Dashboards availability: unknown,
 * then available or not"). Not localised, so the key has no language.
 */
export function getDashboardsAvailability(): Promise<DashboardsAvailability> {
  return api.call(apiRoutes.getDashboardsAvailability);
}

export function getDashboardsAvailabilityQueryOptions() {
  return queryOptions({
    queryKey: ['dashboards-availability'],
    queryFn: getDashboardsAvailability,
    // The user's audience decides whether any dashboard is theirs (decision 015).
    meta: refetchOnMeta('catalogue-changed'),
  });
}

export function useDashboardsAvailability() {
  return useQuery(getDashboardsAvailabilityQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type DashboardsAvailability } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/dashboards/availability` (spec §2 dashboards route, §4 "Dashboards availability: unknown,
 * then available or not"). Not localised, so the key has no language.
 */
export function getDashboardsAvailability(): Promise<DashboardsAvailability> {
  return api.call(apiRoutes.getDashboardsAvailability);
}

export function getDashboardsAvailabilityQueryOptions() {
  return queryOptions({
    queryKey: ['dashboards-availability'],
    queryFn: getDashboardsAvailability,
  });
}

export function useDashboardsAvailability() {
  return useQuery(getDashboardsAvailabilityQueryOptions());
}

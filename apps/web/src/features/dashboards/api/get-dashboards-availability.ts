import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, dashboardsAvailabilitySchema, type DashboardsAvailability } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/dashboards/availability` (spec §2 dashboards route, §4 "Dashboards availability: unknown,
 * then available or not"). Not localised, so the key has no language.
 */
export function getDashboardsAvailability(): Promise<DashboardsAvailability> {
  return api.get(apiPaths.dashboardsAvailability, { schema: dashboardsAvailabilitySchema });
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

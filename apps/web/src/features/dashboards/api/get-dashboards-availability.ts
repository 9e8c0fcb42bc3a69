import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type DashboardsAvailability } from '@cockpit/contracts';
import { api, trusted } from '../../../lib/api-client';

/**
 * `GET /api/dashboards/availability` (spec §2 dashboards route, §4 "Dashboards availability: unknown,
 * then available or not"). Not localised, so the key has no language.
 */
export function getDashboardsAvailability(): Promise<DashboardsAvailability> {
  // Checked by the server's response schema; the shell asks for it, so no zod here (api-client `trusted`).
  return api.get(apiPaths.dashboardsAvailability, { schema: trusted<DashboardsAvailability>() });
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

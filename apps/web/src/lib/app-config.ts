import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type AppConfig } from '@cockpit/contracts';
import { api } from './api-client';

/**
 * `GET /api/app/config`: support contacts, idle timeout and analytics id, all from the server's
 * configuration (navigation shell: "values from server configuration, not constants in the web code").
 * It does not change while the server runs, so it is fetched once per session.
 */
export function getAppConfig(): Promise<AppConfig> {
  return api.call(apiRoutes.getAppConfig);
}

export function getAppConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'],
    queryFn: getAppConfig,
    staleTime: Infinity,
  });
}

export function useAppConfig() {
  return useQuery(getAppConfigQueryOptions());
}

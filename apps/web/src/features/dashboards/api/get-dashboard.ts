import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type DashboardResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { pinsMeta } from '../../../lib/pins';
import { useUiLanguage } from '../../../lib/use-ui-language';

/** Query key prefix of dashboard layouts. */
export const dashboardQueryKey = ['dashboard'] as const;

/** `GET /api/dashboards/:layoutId`: title and tiles; each tile then loads its own data. */
export function getDashboard(layoutId: string): Promise<DashboardResponse> {
  return api.call(apiRoutes.getDashboard, { params: { layoutId } });
}

export function getDashboardQueryOptions(layoutId: string, language: UiLanguageName) {
  return queryOptions({
    queryKey: [...dashboardQueryKey, layoutId, language],
    queryFn: () => getDashboard(layoutId),
    meta: pinsMeta({ shape: 'dashboard' }),
  });
}

export function useDashboard(layoutId: string) {
  const language = useUiLanguage();
  return useQuery(getDashboardQueryOptions(layoutId, language));
}

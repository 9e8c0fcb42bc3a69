import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportApiHref, type DashboardTileDataResponse, type UiLanguageName } from '@cockpit/contracts';
import { api, trusted } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/use-ui-language';

/**
 * `GET /api/dashboards/:layoutId/tiles/:tileId`: one tile's data. Every tile has its own query, so a
 * slow or failing tile never holds up or breaks the others (issue 5).
 */
export function getDashboardTile(layoutId: string, tileId: string): Promise<DashboardTileDataResponse> {
  return api.get(reportApiHref.dashboardTile(layoutId, tileId), {
    schema: trusted<DashboardTileDataResponse>(),
  });
}

export function getDashboardTileQueryOptions(layoutId: string, tileId: string, language: UiLanguageName) {
  return queryOptions({
    queryKey: ['dashboard-tile', layoutId, tileId, language],
    queryFn: () => getDashboardTile(layoutId, tileId),
  });
}

export function useDashboardTile(layoutId: string, tileId: string) {
  const language = useUiLanguage();
  return useQuery(getDashboardTileQueryOptions(layoutId, tileId, language));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type DashboardsMenuResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { pinsMeta } from '../../../lib/pins';
import { useUiLanguage } from '../../../lib/use-ui-language';

/** Query key prefix of the dashboards menu (the pin toggle updates it optimistically). */
export const dashboardsMenuQueryKey = ['dashboards-menu'] as const;

/**
 * `GET /api/dashboards/menu`: dashboard groups and items for the dashboards panel (docs/product.md §2 Side
 * panel: dashboards; docs/product.md §3: an item's `name` is the numeric layout id). Titles in the request's
 * language, so the language is part of the key.
 */
export function getDashboardsMenu(): Promise<DashboardsMenuResponse> {
  return api.call(apiRoutes.getDashboardsMenu);
}

export function getDashboardsMenuQueryOptions(language: UiLanguageName) {
  return queryOptions({
    queryKey: [...dashboardsMenuQueryKey, language],
    queryFn: getDashboardsMenu,
    meta: pinsMeta({ shape: 'groups', kind: 'dashboard' }),
  });
}

export function useDashboardsMenu() {
  const language = useUiLanguage();
  return useQuery(getDashboardsMenuQueryOptions(language));
}

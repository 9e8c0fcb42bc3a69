import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DashboardResponse, DashboardsMenuResponse, MenuItem } from '@cockpit/contracts';
import { dashboardQueryKey } from '../api/get-dashboard';
import { dashboardsMenuQueryKey } from '../api/get-dashboards-menu';

/**
 * Saves a dashboard pin (spec §4 Pin: dashboards by layout id). The app layer passes the navigation
 * feature's pin toggle (PUT /api/navigation/pins, which also updates the favourites and shows the
 * error toast); `onError` runs when the server refused.
 */
export type DashboardPinToggle = (
  item: MenuItem,
  isPinned: boolean,
  callbacks: { onError: () => void },
) => void;

type Snapshot = [readonly unknown[], unknown][];

/**
 * The star changes at once in the dashboards panel and on the dashboard's page (optimistic); if the
 * server refuses, both come back as they were (rollback). The navigation feature then refreshes every
 * query that shows pins.
 */
export function useDashboardPin(togglePin: DashboardPinToggle) {
  const queryClient = useQueryClient();
  return useCallback(
    (item: MenuItem, isPinned: boolean) => {
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: dashboardsMenuQueryKey }),
        ...queryClient.getQueriesData({ queryKey: dashboardQueryKey }),
      ];
      void queryClient.cancelQueries({ queryKey: dashboardsMenuQueryKey });
      queryClient.setQueriesData<DashboardsMenuResponse>({ queryKey: dashboardsMenuQueryKey }, (menu) =>
        menu
          ? {
              groups: menu.groups.map((group) => ({
                ...group,
                items: group.items.map((candidate) =>
                  candidate.name === item.name ? { ...candidate, isPinned } : candidate,
                ),
              })),
            }
          : menu,
      );
      queryClient.setQueriesData<DashboardResponse>({ queryKey: dashboardQueryKey }, (dashboard) =>
        dashboard && String(dashboard.layoutId) === item.name ? { ...dashboard, isPinned } : dashboard,
      );
      togglePin(item, isPinned, {
        onError: () => {
          for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
        },
      });
    },
    [queryClient, togglePin],
  );
}

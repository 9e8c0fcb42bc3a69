import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * The `lazy` of each page of the signed-in content area (app/router.tsx). The route table itself — paths,
 * guards, error boundaries — is in the router module (app/routed-app.tsx), since matching needs it;
 * these imports of the pages (and the lists of files each of them brings) are a small chunk of their
 * own, loaded with the first signed-in page, not with the login route (bundle budget, decision 011).
 */
export const areaRoutes = {
  reportsHome: async () => ({ Component: (await import('./reports-home')).ReportsHomeRoute }),
  report: async () => ({ Component: (await import('./report')).ReportRoute }),
  settings: async () => ({ Component: (await import('./settings')).SettingsRoute }),
  dashboards: async () => ({ Component: (await import('./dashboards')).DashboardsRoute }),
  dashboard: async () => ({ Component: (await import('./dashboard')).DashboardRoute }),
} satisfies Record<string, LazyRouteFunction<RouteObject>>;

export type AreaRoute = keyof typeof areaRoutes;

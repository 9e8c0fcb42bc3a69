import { createBrowserRouter, Outlet, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { resolveQueryClient, type QueryClientSource } from '../lib/query-client-source';
import { PageLoader } from '../components/ui/page-loader';
import { canManage, createRequireDashboardsAvailable, createRequireManagement, requireSession } from './guards';
import { NotFoundRoute } from './routes/not-found';
import { ContentErrorBoundary, RootErrorBoundary } from './routes/route-error-boundary';

/**
 * Routes of spec §2 (DESIGN.md §6: data router, loaders as guards, areas as lazy chunks).
 *
 *   /                         root (error boundary: not-found for 404s, the error tile otherwise)
 *   ├─ /login                 authentication area, no guard
 *   ├─ (app)                  main layout, guard requireSession
 *   │  └─ (content)           content-area error boundary
 *   │     ├─ /                reports area
 *   │     ├─ /reports/:name   a report
 *   │     ├─ /settings
 *   │     ├─ /dashboards      guard requireDashboardsAvailable: the overview and /dashboards/:layoutId
 *   │     └─ /management/…    added at match time for administrators only (patchRoutesOnNavigation),
 *   │                         guard requireManagement on activation; users, notifications, banners,
 *   │                         administrator/contractcenter
 *   └─ *                      page not found
 */
export const routeIds = { root: 'root', app: 'app', content: 'content', management: 'management' } as const;

export function createManagementRoutes(queryClient: QueryClientSource): RouteObject[] {
  return [
    {
      id: routeIds.management,
      path: paths.management.path,
      loader: createRequireManagement(queryClient),
      lazy: async () => {
        const { ManagementLayout } = await import('./routes/app/management/management-layout');
        return { Component: ManagementLayout };
      },
      children: [
        // The area opens on its first section.
        { index: true, loader: () => redirect(paths.managementUsers.getHref()) },
        {
          path: paths.managementUsers.path,
          lazy: async () => {
            const { ManagementUsersRoute } = await import('./routes/app/management/management-users');
            return { Component: ManagementUsersRoute };
          },
        },
        {
          path: paths.managementNotifications.path,
          lazy: async () => {
            const { ManagementNotificationsRoute } = await import('./routes/app/management/management-notifications');
            return { Component: ManagementNotificationsRoute };
          },
        },
        {
          path: paths.managementBanners.path,
          lazy: async () => {
            const { ManagementBannersRoute } = await import('./routes/app/management/management-banners');
            return { Component: ManagementBannersRoute };
          },
        },
        {
          path: paths.contractCenter.path,
          lazy: async () => {
            const { ContractCenterRoute } = await import('./routes/app/management/management-contract-center');
            return { Component: ContractCenterRoute };
          },
        },
      ],
    },
  ];
}

export function createAppRoutes(queryClient: QueryClientSource): RouteObject[] {
  return [
    {
      id: routeIds.root,
      path: paths.home.path,
      Component: Outlet,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: () => <PageLoader fullScreen />,
      children: [
        {
          path: paths.login.path,
          lazy: async () => {
            const { LoginRoute } = await import('./routes/auth/login');
            return { Component: LoginRoute };
          },
        },
        {
          id: routeIds.app,
          loader: requireSession,
          // Mantine's theme and the query cache come with this layout (SignedInLayout), not with the entry.
          lazy: async () => {
            const [{ SignedInLayout }, client] = await Promise.all([
              import('./routes/app/main-layout'),
              resolveQueryClient(queryClient),
            ]);
            return { Component: () => <SignedInLayout queryClient={client} /> };
          },
          children: [
            {
              id: routeIds.content,
              ErrorBoundary: ContentErrorBoundary,
              children: [
                {
                  index: true,
                  lazy: async () => {
                    const { ReportsHomeRoute } = await import('./routes/app/reports-home');
                    return { Component: ReportsHomeRoute };
                  },
                },
                {
                  path: paths.report.path,
                  lazy: async () => {
                    const { ReportRoute } = await import('./routes/app/report');
                    return { Component: ReportRoute };
                  },
                },
                {
                  path: paths.settings.path,
                  lazy: async () => {
                    const { SettingsRoute } = await import('./routes/app/settings');
                    return { Component: SettingsRoute };
                  },
                },
                {
                  // The guard covers the overview and every dashboard (issue 5).
                  path: paths.dashboards.path,
                  loader: createRequireDashboardsAvailable(queryClient),
                  children: [
                    {
                      index: true,
                      lazy: async () => {
                        const { DashboardsRoute } = await import('./routes/app/dashboards');
                        return { Component: DashboardsRoute };
                      },
                    },
                    {
                      path: paths.dashboard.path,
                      lazy: async () => {
                        const { DashboardRoute } = await import('./routes/app/dashboard');
                        return { Component: DashboardRoute };
                      },
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ];
}

function isManagementPath(path: string): boolean {
  const lower = path.toLowerCase(); // route matching ignores case
  return lower === paths.management.path || lower.startsWith(`${paths.management.path}/`);
}

/**
 * spec §2 management: "an extra permission check, applied on activation and on matching". On matching:
 * the management routes are added only for an administrator, so for anyone else `/management` matches
 * nothing but `*` (page not found) and the management chunk is never downloaded (DESIGN.md §3).
 */
export function createPatchRoutesOnNavigation(queryClient: QueryClientSource): PatchRoutesOnNavigationFunction {
  const managementRoutes = createManagementRoutes(queryClient);
  return async ({ path, patch }) => {
    if (!isManagementPath(path)) return;
    try {
      if (await canManage(queryClient)) patch(routeIds.content, managementRoutes);
    } catch (error) {
      console.error('Could not check the management permission', error);
    }
  };
}

export function createAppRouter(queryClient: QueryClientSource) {
  return createBrowserRouter(createAppRoutes(queryClient), {
    patchRoutesOnNavigation: createPatchRoutesOnNavigation(queryClient),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

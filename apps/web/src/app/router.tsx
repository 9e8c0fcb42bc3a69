import {
  createBrowserRouter,
  Outlet,
  redirect,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { paths } from '../config/paths';
import { resolveQueryClient, type QueryClientSource } from '../lib/query-client-source';
import { PageLoader } from '../components/ui/page-loader';
import { lazyModule } from '../lib/lazy-module';
import { canManage, createRequireDashboardsAvailable, requireAccountSetUp, requireSession } from './guards';
import { routeIds } from './route-ids';
import type { AreaRoute } from './routes/app/area-routes';
import { NotFoundRoute } from './routes/not-found';
import { ContentErrorBoundary, RootErrorBoundary } from './routes/route-error-boundary';

/**
 * Routes of docs/product.md §2 (docs/product.md §D.6: data router, loaders as guards, areas as lazy chunks).
 *
 *   /                         root (error boundary: not-found for 404s, the error tile otherwise)
 *   ├─ / (index)              redirects to /reports (docs/product.md §2 "empty path redirects to reports")
 *   ├─ /login                 authentication area, no guard
 *   ├─ /forgot-password, /reset-password  a forgotten password (decision 031), no guard
 *   ├─ /change-password       a one-time password replaced first (decision 022), guard requireAccountSetUp
 *   ├─ /two-factor-setup      a second factor the organisation requires (decision 021), guard requireAccountSetUp
 *   ├─ (app)                  main layout, guard requireSession
 *   │  └─ (content)           content-area error boundary
 *   │     ├─ /reports         the reports area's home (docs/product.md §D.3 routes)
 *   │     ├─ /reports/:name   a report
 *   │     ├─ /settings
 *   │     ├─ /dashboards      guard requireDashboardsAvailable: the overview and /dashboards/:layoutId
 *   │     └─ /management/…    added at match time for administrators only (patchRoutesOnNavigation),
 *   │                         guard requireManagement on activation; users, notifications, banners,
 *   │                         administrator/contractcenter
 *   └─ *                      page not found
 */
export { routeIds };

/** The pages of the signed-in area: their imports are a chunk of their own (routes/app/area-routes.ts). */
const areaRoutes = lazyModule(() => import('./routes/app/area-routes').then((module) => module.areaRoutes));
const areaRoute = (name: AreaRoute) => async () => (await areaRoutes.load())[name]();

/**
 * docs/product.md §2 "empty path redirects to reports": `/` (old links, bookmarks, the not-found screen's "return
 * to home") goes to the reports area's home, keeping any query (a loader's request has no hash). The
 * guard of the signed-in area then runs there.
 */
export function redirectRootToReports({ request }: Pick<LoaderFunctionArgs, 'request'>) {
  return redirect(`${paths.reportsHome.getHref()}${new URL(request.url).search}`);
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
        { index: true, loader: redirectRootToReports },
        {
          path: paths.login.path,
          lazy: async () => {
            const { LoginRoute } = await import('./routes/auth/login');
            return { Component: LoginRoute };
          },
        },
        {
          // Decision 031: a forgotten password — the address, then the mail's link. No guard, no shell.
          path: paths.forgotPassword.path,
          lazy: async () => {
            const { ForgottenPasswordRoute } = await import('./routes/auth/forgotten-password');
            return { Component: ForgottenPasswordRoute };
          },
        },
        {
          path: paths.resetPassword.path,
          lazy: async () => {
            const { ResetPasswordRoute } = await import('./routes/auth/forgotten-password');
            return { Component: ResetPasswordRoute };
          },
        },
        {
          // Decision 022: a one-time password is replaced here before anything else (no shell: nothing
          // else may be called until then).
          path: paths.passwordChange.path,
          loader: requireAccountSetUp('password-change'),
          lazy: async () => {
            const [{ PasswordChangeRoute }, client] = await Promise.all([
              import('./routes/auth/password-change'),
              resolveQueryClient(queryClient),
            ]);
            return { Component: () => <PasswordChangeRoute queryClient={client} /> };
          },
        },
        {
          // Decision 021: the organisation requires a second factor; it is set up here (no shell: the
          // server refuses everything else until then).
          path: paths.twoFactorSetup.path,
          loader: requireAccountSetUp('second-factor'),
          lazy: async () => {
            const [{ TwoFactorSetupRoute }, client] = await Promise.all([
              import('./routes/auth/two-factor-setup'),
              resolveQueryClient(queryClient),
            ]);
            return { Component: () => <TwoFactorSetupRoute queryClient={client} /> };
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
                  path: paths.reportsHome.path,
                  lazy: areaRoute('reportsHome'),
                },
                {
                  path: paths.report.path,
                  lazy: areaRoute('report'),
                },
                {
                  path: paths.settings.path,
                  lazy: areaRoute('settings'),
                },
                {
                  // The guard covers the overview and every dashboard (docs/product.md §6).
                  path: paths.dashboards.path,
                  loader: createRequireDashboardsAvailable(queryClient),
                  children: [
                    {
                      index: true,
                      lazy: areaRoute('dashboards'),
                    },
                    {
                      path: paths.dashboard.path,
                      lazy: areaRoute('dashboard'),
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
 * docs/product.md §2 management: "an extra permission check, applied on activation and on matching". On matching:
 * the management routes are added only for an administrator, so for anyone else `/management` matches
 * nothing but `*` (page not found) and the management chunk is never downloaded (docs/product.md §D.3).
 */
export function createPatchRoutesOnNavigation(
  queryClient: QueryClientSource,
): PatchRoutesOnNavigationFunction {
  let managementRoutes: RouteObject[] | undefined;
  return async ({ path, patch }) => {
    if (!isManagementPath(path)) return;
    try {
      if (!(await canManage(queryClient))) return;
      // The management route table comes only after the check: nobody else downloads any of it.
      const { createManagementRoutes } = await import('./routes/app/management/management-routes');
      managementRoutes ??= createManagementRoutes(queryClient);
      patch(routeIds.content, managementRoutes);
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

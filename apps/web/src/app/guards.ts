import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { isAdministrator } from '@cockpit/contracts';
import { paths, safeRedirectPath } from '../config/paths';
import { lazySession } from '../lib/auth/lazy-session';
import { getClientParams } from '../lib/client-params';
import { resolveQueryClient, type QueryClientSource } from '../lib/query-client-source';

/**
 * Route guards as loaders (docs/product.md §D.6). Each waits for what it needs to know and then lets the
 * navigation through, redirects, or answers "not found".
 *
 * The session module, the feature API modules (and TanStack Query itself) are imported when a guard first
 * needs them, not up front: this file is part of the router module, which a signed-out visitor sent to
 * /login loads too, and that should not download the signed-in area's code (bundle budget, decision 011).
 */
const loadDashboardsApi = () => import('../features/dashboards/api/get-dashboards-availability');
const loadSettingsApi = () => import('../features/settings/api/get-user-settings');

async function sessionReady() {
  return (await lazySession.load()).sessionReady();
}

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

async function passwordChangeRequired(): Promise<boolean> {
  return (await import('../lib/auth/password-change')).isPasswordChangeRequired();
}

/**
 * docs/product.md §6 "Sign-in is required on reports, management, settings and dashboards". A user with a
 * one-time password chooses a new one first (decision 022), then continues to the page requested.
 */
export async function requireSession({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const status = await sessionReady();
  if (status !== 'signed-in') throw redirect(paths.login.getHref(requestedPath(request)));
  if (await passwordChangeRequired()) throw redirect(paths.passwordChange.getHref(requestedPath(request)));
  return null;
}

/**
 * The "Choose a new password" screen (decision 022): only for a signed-in user who must; anyone else
 * continues to where they were going (signed out: the login screen).
 */
export async function requirePasswordChange({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const status = await sessionReady();
  if (status !== 'signed-in') throw redirect(paths.login.getHref());
  if (!(await passwordChangeRequired())) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')) ?? paths.home.getHref());
  }
  return null;
}

/**
 * docs/product.md §2 dashboards route: "waits until it is known whether dashboards are available; if not
 * available, redirects to the root path".
 */
export function createRequireDashboardsAvailable(queryClientSource: QueryClientSource) {
  return async function requireDashboardsAvailable(args: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
    await requireSession(args);
    const [{ getDashboardsAvailabilityQueryOptions }, queryClient] = await Promise.all([
      loadDashboardsApi(),
      resolveQueryClient(queryClientSource),
    ]);
    const { available } = await queryClient.ensureQueryData(getDashboardsAvailabilityQueryOptions());
    if (!available) throw redirect(paths.home.getHref());
    return null;
  };
}

/** Whether the signed-in user may manage (docs/product.md §6; docs/product.md §D.3: only `organisationadministrator`). */
export async function canManage(queryClientSource: QueryClientSource): Promise<boolean> {
  if ((await sessionReady()) !== 'signed-in') return false;
  const [{ getUserSettingsQueryOptions }, queryClient] = await Promise.all([
    loadSettingsApi(),
    resolveQueryClient(queryClientSource),
  ]);
  const settings = await queryClient.ensureQueryData(getUserSettingsQueryOptions(getClientParams().isoLanguageName));
  return isAdministrator(settings);
}

/**
 * docs/product.md §2 management: the permission check "applied on activation". (The check on matching is
 * `patchRoutesOnNavigation` in router.tsx: for anyone else the routes do not even exist.) A user who
 * lost the role since the routes were added gets the not-found screen, never the area.
 */
export function createRequireManagement(queryClientSource: QueryClientSource) {
  return async function requireManagement(args: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
    await requireSession(args);
    if (!(await canManage(queryClientSource))) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

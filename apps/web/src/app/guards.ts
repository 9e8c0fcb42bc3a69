import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { type AccountSetUpGate, isAdministrator } from '@cockpit/contracts';
import { paths, safeRedirectPath } from '../config/paths';
import { lazySession } from '../lib/auth/lazy-session';
import { getClientParams } from '../lib/client-params';
import { resolveQueryClient, type QueryClientSource } from '../lib/query-client-source';
import { accountSetUpHref } from './account-set-up-screens';

/**
 * Route guards as loaders (docs/product.md §D.6). Each waits for what it needs to know and then lets the
 * navigation through, redirects, or answers "not found".
 *
 * The session module, the feature API modules (and TanStack Query itself) are imported when a guard first
 * needs them, not up front: this file is part of the router module, which a signed-out visitor sent to
 * /login loads too, and that should not download the signed-in area's code (bundle budget, decision 011).
 */
const loadDashboardsApi = () => import('../features/dashboards/api/get-dashboards-availability');
const loadSettingsApi = () => import('../features/user-settings/api/get-user-settings');

async function sessionReady() {
  return (await lazySession.load()).sessionReady();
}

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The set-up gate the bearer token announces (lib/auth/account-set-up.ts), or null. */
async function pendingAccountSetUp(): Promise<AccountSetUpGate | null> {
  return (await import('../lib/auth/account-set-up')).pendingAccountSetUp();
}

/**
 * docs/product.md §6 "Sign-in is required on reports, management, settings and dashboards". A user with a
 * set-up gate pending takes it first (a one-time password replaced, decision 022; a required second factor
 * set up, decision 021), then continues.
 */
export async function requireSession({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const status = await sessionReady();
  if (status !== 'signed-in') throw redirect(paths.login.getHref(requestedPath(request)));
  const gate = await pendingAccountSetUp();
  if (gate) throw redirect(accountSetUpHref(gate, requestedPath(request)));
  return null;
}

/**
 * The screen of one set-up gate ("Choose a new password", "Set up two-factor sign-in"): only for a
 * signed-in user who has that gate pending; one with another gate goes to that one's screen, anyone else
 * continues to where they were going (signed out: the login screen).
 */
export function requireAccountSetUp(gate: AccountSetUpGate) {
  return async function requireGate({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
    const status = await sessionReady();
    if (status !== 'signed-in') throw redirect(paths.login.getHref());
    const pending = await pendingAccountSetUp();
    if (pending === gate) return null;
    const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
    throw redirect(pending ? accountSetUpHref(pending, redirectTo) : (redirectTo ?? paths.home.getHref()));
  };
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
  const settings = await queryClient.ensureQueryData(
    getUserSettingsQueryOptions(getClientParams().isoLanguageName),
  );
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

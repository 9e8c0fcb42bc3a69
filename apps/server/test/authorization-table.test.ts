import type { AddressInfo } from 'node:net';
import { apiDocsPath, apiRoutes, pathOf, singleSignOnCallbackPath } from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../src/features/contract/contract-schema';
import { dashboardTiles } from '../src/db/dashboard-tiles-schema';
import { dashboards, dataSources, organisations, user } from '../src/db/core-tables';
import { notifications } from '../src/features/notifications/notifications-schema';
import { uploadedTables } from '../src/data-sources';
import { mailOutbox } from '../src/mail';
import { subscriptions } from '../src/features/subscriptions/subscriptions-schema';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { type TestApp, buildTestApp, testDrivers } from './helpers/build-test-app';
import { type Credentials, type Role, roles, signInAs } from './helpers/roles';

/**
 * Security hardening: "A route-by-role authorisation table over every /api route (anonymous, member, basic, admin,
 * other organisation's admin) — one test, generated from the route list so a new route cannot be
 * forgotten." The route list is `app.routeInventory` (every route as Fastify registered it); each one
 * needs an entry below with the status each role gets. A route without an entry — or an entry for a
 * route that no longer exists — fails the first test.
 *
 * Roles: member (Demo GmbH, pro), basic (Demo GmbH, basic), admin (Demo GmbH administrator), otherAdmin
 * (administrator of Beispiel AG, probing Demo GmbH's objects). Objects named in URLs belong to Demo GmbH.
 */

interface TableRequest {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Server-sent events: only the status line is read, over a real socket. */
  stream?: boolean;
}
interface RouteCase {
  label: string;
  request: (role: Role, ctx: Context) => TableRequest | Promise<TableRequest>;
  expect: Record<Role, number>;
}
interface Context {
  t: TestApp;
  creds: Record<Role, Credentials>;
  fixtures: Fixtures;
  clientBody: Record<string, unknown>;
}
interface Fixtures {
  /** A user of Demo GmbH that admin may change, deactivate and reactivate. */
  victimUserId: string;
  /** Banner messages of Demo GmbH: one to edit, one per role to dismiss, one to delete. */
  bannerId: string;
  doomedBannerId: string;
  pendingContractId: string;
  /** A notification of each role's user (anonymous gets member's). */
  notificationUid: Record<Role, string>;
  /** Spare sessions of admin that each role tries to end (only admin may). */
  spareAdminSessionId: string;
  /** A dashboard of Demo GmbH and one of its tiles. */
  layoutId: number;
  tileId: string;
  /** A tile of dashboard 103, which the demo catalogue limits to administrators. */
  adminOnlyTileId: string;
}

const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  member: status,
  basic: status,
  admin: status,
  otherAdmin: status,
});
/** Any signed-in user; 401 without a token. */
const signedIn = (status: number): Record<Role, number> => ({ ...all(status), anonymous: 401 });
/** Organisation administrators only; `other` is what Beispiel's administrator gets for Demo GmbH's object. */
const administrators = (admin: number, other: number = admin): Record<Role, number> => ({
  anonymous: 401,
  member: 403,
  basic: 403,
  admin,
  otherAdmin: other,
});

const emptyCatalogue = { format: 'report-cockpit.catalogue', version: 1, menu: [], dashboards: [] };

const get =
  (url: string): RouteCase['request'] =>
  () => ({ method: 'GET', url });

const table: Record<string, RouteCase[]> = {
  // ---- public (docs/product.md §D.4; docs/decisions/008 on why the API documentation is public)
  'GET /api/health': [{ label: 'health', request: get(apiRoutes.getHealth.path), expect: all(200) }],
  'GET /api/health/ready': [
    { label: 'readiness', request: get(apiRoutes.getReadiness.path), expect: all(200) },
  ],
  'GET /api/Localization/getTranslations': [
    { label: 'translations', request: get(`${apiRoutes.getTranslations.path}?lang=de-DE`), expect: all(200) },
  ],
  'GET /api/integrity/challenge': [
    { label: 'challenge', request: get(apiRoutes.getIntegrityChallenge.path), expect: all(200) },
  ],
  'POST /api/integrity/verify': [
    {
      label: 'an unsolved challenge is refused for everyone',
      request: async (_role, ctx) => {
        const challenge = await ctx.t.app.integrity.createChallenge();
        return {
          method: 'POST',
          url: apiRoutes.verifyIntegrity.path,
          payload: { challenge, solution: { counter: 0, derivedKey: '00' } },
        };
      },
      expect: all(400),
    },
  ],
  'GET /api/docs': [{ label: 'docs', request: get(apiDocsPath), expect: all(200) }],
  'GET /api/docs/json': [{ label: 'openapi json', request: get(`${apiDocsPath}/json`), expect: all(200) }],
  'GET /api/docs/yaml': [{ label: 'openapi yaml', request: get(`${apiDocsPath}/yaml`), expect: all(200) }],
  // The UI's index page redirects to /api/docs/.
  'GET /api/docs/static/index.html': [
    { label: 'docs ui', request: get(`${apiDocsPath}/static/index.html`), expect: all(302) },
  ],
  'GET /api/docs/static/swagger-initializer.js': [
    { label: 'docs init', request: get(`${apiDocsPath}/static/swagger-initializer.js`), expect: all(200) },
  ],
  'GET /api/docs/static/*': [
    { label: 'docs css', request: get(`${apiDocsPath}/static/swagger-ui.css`), expect: all(200) },
  ],

  // ---- the auth library (session cookie, docs/product.md §D.3)
  'GET /api/auth/*': [
    { label: 'token for the session', request: get(apiRoutes.getToken.path), expect: signedIn(200) },
    // Endpoints of the library the app does not use are switched off (decision 009).
    { label: 'own session through the library', request: get('/api/auth/get-session'), expect: all(404) },
    // Single sign-on (decision 020): without this browser's state the callback only sends back to /login.
    {
      label: 'single sign-on callback without state',
      request: get(`${singleSignOnCallbackPath}?code=x&state=y`),
      expect: all(302),
    },
  ],
  'POST /api/auth/*': [
    {
      label: 'sign-in without an integrity token',
      request: (role) => ({
        method: 'POST',
        url: apiRoutes.signInWithEmail.path,
        payload: { email: `${role}@example.com`, password: 'whatever-password' },
      }),
      expect: all(403),
    },
    {
      label: 'listing sessions through the library',
      request: get('/api/auth/list-sessions'),
      expect: all(404),
    },
    {
      label: 'two-factor code step without an integrity token',
      request: () => ({
        method: 'POST',
        url: apiRoutes.verifyTwoFactorCode.path,
        payload: { code: '123456' },
      }),
      expect: all(403),
    },
    {
      label: 'single sign-on for a domain without a provider',
      request: () => ({
        method: 'POST',
        url: apiRoutes.startSingleSignOn.path,
        payload: { email: 'someone@unknown.example' },
      }),
      expect: all(404),
    },
  ],

  // ---- forgotten passwords (decision 031): the same answer for anyone; the mail's link is the credential
  'POST /api/auth/password-reset/request': [
    {
      label: 'a forgotten-password link for an address without an account',
      request: (role) => ({
        method: 'POST',
        url: apiRoutes.requestPasswordReset.path,
        payload: { email: `nobody-${role}@unknown.example` },
      }),
      expect: all(202),
    },
  ],
  'POST /api/auth/password-reset/complete': [
    {
      label: 'an unknown forgotten-password link is refused for everyone',
      request: () => ({
        method: 'POST',
        url: apiRoutes.completePasswordReset.path,
        payload: { token: 'A'.repeat(43), newPassword: 'Kiwi-harbour-lantern-58' },
      }),
      expect: all(410),
    },
  ],

  // ---- the signed-in user's own things
  'GET /api/user/settings': [
    { label: 'settings', request: get(apiRoutes.getUserSettings.path), expect: signedIn(200) },
  ],
  'PUT /api/user/settings': [
    {
      label: 'own settings',
      request: (role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.getUserSettings.path,
        payload: {
          ...ctx.clientBody,
          uiLanguage: 'en',
          uiCulture: 'en-GB',
          currencySymbol: '€',
          displayName: `Table ${role}`,
        },
      }),
      expect: signedIn(200),
    },
  ],
  'POST /api/user/password': [
    {
      label: 'wrong current password',
      request: (_role, ctx) => ({
        method: 'POST',
        url: '/api/user/password',
        payload: {
          ...ctx.clientBody,
          currentPassword: 'not-the-password',
          newPassword: 'A-new-password-123',
        },
      }),
      expect: signedIn(400),
    },
  ],
  'GET /api/user/sessions': [
    { label: 'own sessions', request: get(apiRoutes.listSessions.path), expect: signedIn(200) },
  ],
  // Two-factor sign-in (decision 021).
  'GET /api/user/two-factor': [
    {
      label: 'own two-factor status',
      request: get(apiRoutes.getTwoFactorStatus.path),
      expect: signedIn(200),
    },
  ],
  'DELETE /api/user/sessions/:id': [
    {
      label: "admin's spare session",
      request: (_role, ctx) => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.endSession, { id: ctx.fixtures.spareAdminSessionId }),
      }),
      expect: { anonymous: 401, member: 404, basic: 404, otherAdmin: 404, admin: 204 },
    },
  ],

  // ---- recently opened reports and dashboards (the reports home, docs/product.md §D.3 routes)
  'GET /api/user/recents': [
    { label: 'own recents', request: get(apiRoutes.listRecents.path), expect: signedIn(200) },
  ],
  'POST /api/user/recents': [
    {
      label: "open one of Demo GmbH's reports",
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.listRecents.path,
        payload: { ...ctx.clientBody, kind: 'report', name: 'totalviewlayout' },
      }),
      // Beispiel AG has no such report: "not found", never "forbidden" (lib/http-error.ts).
      expect: { ...signedIn(200), otherAdmin: 404 },
    },
  ],
  'DELETE /api/user/recents': [
    {
      label: 'clear own recents',
      request: () => ({ method: 'DELETE', url: apiRoutes.listRecents.path }),
      expect: signedIn(204),
    },
  ],

  // ---- navigation, dashboards, configuration
  'GET /api/navigation/menu': [
    { label: 'menu', request: get(apiRoutes.getMenu.path), expect: signedIn(200) },
  ],
  'GET /api/navigation/favorites': [
    { label: 'favourites', request: get('/api/navigation/favorites'), expect: signedIn(200) },
  ],
  'GET /api/navigation/featured': [
    { label: 'featured', request: get(apiRoutes.getFeatured.path), expect: signedIn(200) },
  ],
  'PUT /api/navigation/pins': [
    {
      label: "pin one of Demo GmbH's reports",
      request: (_role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.updatePin.path,
        payload: { ...ctx.clientBody, kind: 'report', name: 'totalviewlayout', isPinned: true },
      }),
      // Beispiel AG has no such report: "not found", never "forbidden" (lib/http-error.ts).
      expect: { ...signedIn(200), otherAdmin: 404 },
    },
    {
      label: 'pin a report limited to the pro subscription',
      request: (_role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.updatePin.path,
        payload: { ...ctx.clientBody, kind: 'report', name: 'rolling-forecast', isPinned: true },
      }),
      expect: { ...signedIn(200), basic: 404, otherAdmin: 404 },
    },
    {
      label: 'pin a dashboard limited to administrators',
      request: (_role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.updatePin.path,
        payload: { ...ctx.clientBody, kind: 'dashboard', name: '103', isPinned: true },
      }),
      expect: { ...signedIn(404), admin: 200 },
    },
  ],
  'GET /api/dashboards/availability': [
    { label: 'availability', request: get(apiRoutes.getDashboardsAvailability.path), expect: signedIn(200) },
  ],
  'GET /api/app/config': [
    { label: 'app config', request: get(apiRoutes.getAppConfig.path), expect: signedIn(200) },
  ],

  // ---- reports and dashboards: dashboards need the pro subscription (docs/product.md §D.3)
  'GET /api/reports/:name': [
    {
      label: "Demo GmbH's report",
      request: get(pathOf(apiRoutes.getReport, { name: 'totalviewlayout' })),
      expect: { ...signedIn(200), otherAdmin: 404 },
    },
    // Decision 038: the page's option list (optionsSql, run as the reader) and the check of a chosen value.
    {
      label: "a SQL report with its option lists, and a choice outside the reader's options",
      request: get(
        `${pathOf(apiRoutes.getReport, { name: 'monthly-sales' })}?values=${encodeURIComponent(JSON.stringify({ regions: ['Atlantis'] }))}`,
      ),
      expect: { ...signedIn(400), otherAdmin: 404 },
    },
    // Audiences (decision 015): outside the audience is "not found", like another organisation's.
    {
      label: 'a report limited to the pro subscription',
      request: get(pathOf(apiRoutes.getReport, { name: 'rolling-forecast' })),
      expect: { ...signedIn(200), basic: 404, otherAdmin: 404 },
    },
    {
      label: 'a report limited to administrators',
      request: get(pathOf(apiRoutes.getReport, { name: 'cost-centres' })),
      expect: { ...signedIn(404), admin: 200 },
    },
  ],
  // Decision 027: a query report's download, run for the reader like the page (audiences, organisation).
  'GET /api/reports/:name/download': [
    {
      label: "Demo GmbH's SQL report as CSV",
      request: get(`${pathOf(apiRoutes.downloadReport, { name: 'monthly-sales' })}?format=csv`),
      expect: { ...signedIn(200), otherAdmin: 404 },
    },
    {
      label: 'a report that is not defined in SQL (an embedded page)',
      request: get(`${pathOf(apiRoutes.downloadReport, { name: 'kpi-glossary' })}?format=xlsx`),
      expect: signedIn(404),
    },
    // Decision 038: a choice from a query outside the reader's options is refused on the download too.
    {
      label: "a choice outside the reader's options (optionsSql)",
      request: get(
        `${pathOf(apiRoutes.downloadReport, { name: 'monthly-sales' })}?format=csv&values=${encodeURIComponent(JSON.stringify({ regions: ['Atlantis'] }))}`,
      ),
      expect: { ...signedIn(400), otherAdmin: 404 },
    },
  ],
  'GET /api/dashboards/menu': [
    {
      label: 'dashboards menu',
      request: get(apiRoutes.getDashboardsMenu.path),
      expect: { ...signedIn(200), basic: 403 },
    },
  ],
  'GET /api/dashboards/:layoutId': [
    {
      label: "Demo GmbH's dashboard",
      request: (_role, ctx) => ({
        method: 'GET',
        url: pathOf(apiRoutes.getDashboard, { layoutId: String(ctx.fixtures.layoutId) }),
      }),
      expect: { ...signedIn(200), basic: 403, otherAdmin: 404 },
    },
    {
      label: 'a dashboard limited to administrators',
      request: get(pathOf(apiRoutes.getDashboard, { layoutId: '103' })),
      expect: { ...signedIn(404), basic: 403, admin: 200 },
    },
  ],
  'GET /api/dashboards/:layoutId/tiles/:tileId': [
    {
      label: 'a tile of a dashboard limited to administrators',
      request: (_role, ctx) => ({
        method: 'GET',
        url: pathOf(apiRoutes.getDashboardTile, { layoutId: '103', tileId: ctx.fixtures.adminOnlyTileId }),
      }),
      expect: { ...signedIn(404), basic: 403, admin: 200 },
    },
    {
      label: "a tile of Demo GmbH's dashboard",
      request: (_role, ctx) => ({
        method: 'GET',
        url: pathOf(apiRoutes.getDashboardTile, {
          layoutId: String(ctx.fixtures.layoutId),
          tileId: ctx.fixtures.tileId,
        }),
      }),
      expect: { ...signedIn(200), basic: 403, otherAdmin: 404 },
    },
  ],

  // ---- live notifications
  'GET /api/notifications/stream': [
    {
      label: 'own stream',
      request: () => ({ method: 'GET', url: apiRoutes.streamNotifications.path, stream: true }),
      expect: signedIn(200),
    },
  ],
  'GET /api/notifications': [
    { label: 'own newest page', request: get(apiRoutes.listOlderNotifications.path), expect: signedIn(200) },
  ],
  'PATCH /api/notifications/:uid': [
    {
      label: 'own notification',
      request: (role, ctx) => ({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateNotification, { uid: ctx.fixtures.notificationUid[role] }),
        payload: { ...ctx.clientBody, wasRead: true },
      }),
      expect: signedIn(200),
    },
    {
      label: "member's notification",
      request: (_role, ctx) => ({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateNotification, { uid: ctx.fixtures.notificationUid.member }),
        payload: { ...ctx.clientBody, mouseOver: true },
      }),
      expect: { ...signedIn(404), member: 200 },
    },
  ],
  'GET /api/management/notifications': [
    {
      label: 'sent notifications',
      request: get(apiRoutes.listSentNotifications.path),
      expect: administrators(200),
    },
  ],
  'POST /api/management/notifications': [
    {
      label: 'send to the own organisation',
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.listSentNotifications.path,
        payload: {
          ...ctx.clientBody,
          recipients: 'all',
          title: { en: 'Table test', de: 'Tabellentest' },
          text: { en: 'From the authorisation table.', de: 'Aus der Berechtigungstabelle.' },
        },
      }),
      expect: administrators(201),
    },
    {
      label: 'send to a user of Demo GmbH by id',
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.listSentNotifications.path,
        payload: {
          ...ctx.clientBody,
          recipients: [ctx.creds.member.userId],
          title: { en: 'Only you', de: 'Nur Sie' },
          text: { en: 'Hello.', de: 'Hallo.' },
        },
      }),
      // Beispiel's administrator cannot reach a Demo GmbH user: "not found".
      expect: administrators(201, 404),
    },
  ],

  // ---- management area
  'GET /api/management/users': [
    { label: 'users', request: get(apiRoutes.listUsers.path), expect: administrators(200) },
  ],
  'POST /api/management/users': [
    {
      label: 'create a user in the own organisation',
      request: (role, ctx) => ({
        method: 'POST',
        url: apiRoutes.listUsers.path,
        payload: {
          ...ctx.clientBody,
          name: `Created by ${role}`,
          email: `created-by-${role.toLowerCase()}@example.com`,
          password: 'Initial-password-1',
          roleKey: 'organisationmember',
          subscription: 'basic',
          uiLanguage: 'en',
        },
      }),
      expect: administrators(201),
    },
  ],
  'PATCH /api/management/users/:id': [
    {
      label: 'rename a Demo GmbH user',
      request: (role, ctx) => ({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateUser, { id: ctx.fixtures.victimUserId }),
        payload: { ...ctx.clientBody, name: `Renamed by ${role}` },
      }),
      expect: administrators(200, 404),
    },
  ],
  // Decision 027: only the caller's own organisation's users are touched; another's address is "unknown".
  'POST /api/management/users/attributes': [
    {
      label: 'import user attributes for a Demo GmbH user',
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.importUserAttributes.path,
        payload: { ...ctx.clientBody, csv: 'email,region\nmember@example.com,North\n' },
      }),
      expect: administrators(200),
    },
  ],
  'POST /api/management/users/:id/deactivate': [
    {
      label: 'deactivate a Demo GmbH user',
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.deactivateUser, { id: ctx.fixtures.victimUserId }),
        payload: { ...ctx.clientBody },
      }),
      expect: administrators(200, 404),
    },
  ],
  'POST /api/management/users/:id/reactivate': [
    {
      label: 'reactivate a Demo GmbH user',
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.reactivateUser, { id: ctx.fixtures.victimUserId }),
        payload: { ...ctx.clientBody },
      }),
      expect: administrators(200, 404),
    },
  ],
  // Decision 022: a one-time password; never for the own account (the settings page changes that one).
  'POST /api/management/users/:id/password': [
    {
      label: 'one-time password for a Demo GmbH user',
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.resetUserPassword, { id: ctx.fixtures.victimUserId }),
        payload: { ...ctx.clientBody, password: 'One-time-password-table' },
      }),
      expect: administrators(200, 404),
    },
    {
      label: 'one-time password for the own account',
      request: (role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.resetUserPassword, {
          id: ctx.creds[role].userId ?? ctx.fixtures.victimUserId,
        }),
        payload: { ...ctx.clientBody, password: 'One-time-password-table' },
      }),
      expect: administrators(409),
    },
  ],
  'POST /api/management/users/:id/two-factor/reset': [
    {
      label: "reset a Demo GmbH user's second factor",
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.resetUserTwoFactor, { id: ctx.fixtures.victimUserId }),
        payload: { ...ctx.clientBody },
      }),
      expect: administrators(204, 404),
    },
  ],
  'GET /api/management/two-factor-policy': [
    {
      label: 'two-factor policy',
      request: get(apiRoutes.getTwoFactorPolicy.path),
      expect: administrators(200),
    },
  ],
  'PUT /api/management/two-factor-policy': [
    {
      label: 'keep the two-factor policy off',
      request: (_role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.getTwoFactorPolicy.path,
        payload: { ...ctx.clientBody, requireTwoFactor: false },
      }),
      expect: administrators(200),
    },
  ],
  // ---- management → Sign-in (decision 020): administrators only. The path names no organisation: each
  // administrator reads and writes their own one's provider, so another organisation's is unreachable.
  'GET /api/management/sign-in': [
    {
      label: 'own single sign-on provider',
      request: get(apiRoutes.getSignInSettings.path),
      expect: administrators(200),
    },
  ],
  'PUT /api/management/sign-in': [
    {
      label: 'a provider with a plain-http issuer (refused)',
      request: (_role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.getSignInSettings.path,
        payload: {
          ...ctx.clientBody,
          issuerUrl: 'http://idp.example.com',
          clientId: 'cockpit',
          clientSecret: 'not-a-real-secret',
          domains: ['table.example'],
          newUserRoleKey: 'organisationmember',
          newUserSubscription: 'basic',
          requireSingleSignOn: false,
          breakGlassUserId: null,
        },
      }),
      expect: administrators(400),
    },
  ],
  'DELETE /api/management/sign-in': [
    {
      label: 'remove the own provider (none registered)',
      request: () => ({ method: 'DELETE', url: apiRoutes.getSignInSettings.path }),
      expect: administrators(200),
    },
  ],
  'POST /api/management/sign-in/domains/:domain/verify': [
    {
      label: 'verify a domain the own organisation has not claimed',
      request: () => ({
        method: 'POST',
        url: pathOf(apiRoutes.verifySignInDomain, { domain: 'table.example' }),
      }),
      expect: administrators(404),
    },
  ],
  'GET /api/management/banners': [
    { label: 'banners', request: get(apiRoutes.listBanners.path), expect: administrators(200) },
  ],
  'POST /api/management/banners': [
    {
      label: 'create a banner',
      request: (role, ctx) => ({
        method: 'POST',
        url: apiRoutes.listBanners.path,
        payload: { ...ctx.clientBody, ...bannerBody(`by ${role}`) },
      }),
      expect: administrators(201),
    },
  ],
  'PUT /api/management/banners/:id': [
    {
      label: "edit Demo GmbH's banner",
      request: (role, ctx) => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateBanner, { id: ctx.fixtures.bannerId }),
        payload: { ...ctx.clientBody, ...bannerBody(`edited by ${role}`) },
      }),
      expect: administrators(200, 404),
    },
  ],
  'DELETE /api/management/banners/:id': [
    {
      label: "delete Demo GmbH's banner",
      request: (_role, ctx) => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.updateBanner, { id: ctx.fixtures.doomedBannerId }),
      }),
      expect: administrators(204, 404),
    },
  ],
  'GET /api/management/contract': [
    { label: 'contract', request: get(apiRoutes.getContract.path), expect: administrators(200) },
  ],
  'POST /api/management/contract/:id/accept': [
    {
      label: "accept Demo GmbH's pending contract",
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.acceptContract, { id: ctx.fixtures.pendingContractId }),
        payload: { ...ctx.clientBody },
      }),
      expect: administrators(200, 404),
    },
  ],

  // ---- the catalogue and the activity log (decision 015): administrators, their own organisation only
  'GET /api/management/catalogue': [
    { label: 'export', request: get(apiRoutes.exportCatalogue.path), expect: administrators(200) },
  ],
  'PUT /api/management/catalogue': [
    {
      label: 'an invalid document',
      request: (_role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.exportCatalogue.path,
        payload: { ...ctx.clientBody, format: 'x' },
      }),
      expect: administrators(400),
    },
  ],
  'POST /api/management/catalogue/changes': [
    {
      label: 'what an empty catalogue would change (dry run)',
      request: () => ({
        method: 'POST',
        url: apiRoutes.previewCatalogueImport.path,
        payload: emptyCatalogue,
      }),
      expect: administrators(200),
    },
  ],
  'GET /api/management/catalogue/preview': [
    {
      label: 'preview as a basic member',
      request: get(
        `${apiRoutes.previewCatalogueAudience.path}?roleKey=organisationmember&subscription=basic`,
      ),
      expect: administrators(200),
    },
  ],
  'GET /api/management/catalogue/usage': [
    { label: 'pins per item', request: get(apiRoutes.getCatalogueUsage.path), expect: administrators(200) },
  ],
  'POST /api/management/catalogue/menu-groups': [
    {
      label: 'a new group in the own catalogue',
      request: (role) => ({
        method: 'POST',
        url: apiRoutes.createMenuGroup.path,
        payload: { name: `table-new-${role.toLowerCase()}`, title: { en: 'New' } },
      }),
      expect: administrators(200),
    },
  ],
  'PUT /api/management/catalogue/menu-groups/:name': [
    {
      label: "Demo GmbH's group",
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateMenuGroup, { name: 'table-group' }),
        payload: { name: 'table-group', title: { en: 'Renamed' } },
      }),
      expect: administrators(200, 404),
    },
  ],
  'DELETE /api/management/catalogue/menu-groups/:name': [
    {
      label: "Demo GmbH's doomed group",
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.updateMenuGroup, { name: 'table-doomed-group' }),
      }),
      expect: administrators(200, 404),
    },
  ],
  'POST /api/management/catalogue/items': [
    {
      label: "an item in Demo GmbH's group",
      request: (role) => ({
        method: 'POST',
        url: apiRoutes.createItem.path,
        payload: {
          name: `table-item-${role.toLowerCase()}`,
          group: 'table-group',
          title: { en: 'New item' },
          report: { kind: 'external', url: 'https://example.com/new' },
        },
      }),
      // Beispiel AG has no group of that name.
      expect: administrators(200, 400),
    },
  ],
  'PUT /api/management/catalogue/items/:name': [
    {
      label: "Demo GmbH's item",
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateItem, { name: 'table-item' }),
        payload: { name: 'table-item', group: 'table-group', title: { en: 'Changed item' } },
      }),
      expect: administrators(200, 404),
    },
  ],
  'DELETE /api/management/catalogue/items/:name': [
    {
      label: "Demo GmbH's doomed item",
      request: () => ({ method: 'DELETE', url: pathOf(apiRoutes.updateItem, { name: 'table-doomed-item' }) }),
      expect: administrators(200, 404),
    },
  ],
  'POST /api/management/catalogue/dashboard-groups': [
    {
      label: 'a new dashboard group in the own catalogue',
      request: (role) => ({
        method: 'POST',
        url: apiRoutes.createDashboardGroup.path,
        payload: { name: `table-boards-${role.toLowerCase()}`, title: { en: 'Boards' } },
      }),
      expect: administrators(200),
    },
  ],
  'PUT /api/management/catalogue/dashboard-groups/:name': [
    {
      label: "Demo GmbH's dashboard group",
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDashboardGroup, { name: 'table-boards' }),
        payload: { name: 'table-boards', title: { en: 'Renamed boards' } },
      }),
      expect: administrators(200, 404),
    },
  ],
  'DELETE /api/management/catalogue/dashboard-groups/:name': [
    {
      label: "Demo GmbH's doomed dashboard group",
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.updateDashboardGroup, { name: 'table-doomed-boards' }),
      }),
      expect: administrators(200, 404),
    },
  ],
  'POST /api/management/catalogue/dashboards': [
    {
      label: "a dashboard in Demo GmbH's group",
      request: (role) => ({
        method: 'POST',
        url: apiRoutes.createDashboard.path,
        payload: {
          layoutId: 980 + roles.indexOf(role),
          group: 'table-boards',
          title: { en: 'Board' },
          tiles: [],
        },
      }),
      expect: administrators(200, 400),
    },
  ],
  'PUT /api/management/catalogue/dashboards/:layoutId': [
    {
      label: "Demo GmbH's dashboard",
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDashboard, { layoutId: '990' }),
        payload: { layoutId: 990, group: 'table-boards', title: { en: 'Changed board' }, tiles: [] },
      }),
      expect: administrators(200, 404),
    },
  ],
  'DELETE /api/management/catalogue/dashboards/:layoutId': [
    {
      label: "Demo GmbH's doomed dashboard",
      request: () => ({ method: 'DELETE', url: pathOf(apiRoutes.updateDashboard, { layoutId: '991' }) }),
      expect: administrators(200, 404),
    },
  ],
  // ---- management → Data (decision 027): sources named here belong to Demo GmbH (fixtures below)
  'GET /api/management/data-sources': [
    { label: 'data sources', request: get(apiRoutes.listDataSources.path), expect: administrators(200) },
  ],
  'POST /api/management/data-sources': [
    {
      label: 'add a database source to the own organisation',
      request: (role, ctx) => ({
        method: 'POST',
        url: apiRoutes.createDataSource.path,
        payload: {
          ...ctx.clientBody,
          ...tableSource(`table-added-${role.toLowerCase()}`),
          password: 'Table-Passw0rd-1',
        },
      }),
      expect: administrators(201),
    },
  ],
  'PUT /api/management/data-sources/:name': [
    {
      label: "Demo GmbH's source",
      request: (_role, ctx) => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDataSource, { name: 'table-source' }),
        payload: { ...ctx.clientBody, ...tableSource('table-source'), password: 'Table-Passw0rd-1' },
      }),
      expect: administrators(200, 404),
    },
  ],
  'DELETE /api/management/data-sources/:name': [
    {
      label: "Demo GmbH's doomed source",
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.deleteDataSource, { name: 'table-doomed-source' }),
      }),
      expect: administrators(204, 404),
    },
  ],
  // A source without a password: the administrator is asked for it before anything connects.
  'POST /api/management/data-sources/:name/test': [
    {
      label: "Demo GmbH's source without a password",
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.testDataSource, { name: 'table-locked-source' }),
        payload: { ...ctx.clientBody },
      }),
      expect: administrators(400, 404),
    },
  ],
  // A host the host rule refuses: refused before anything connects, whoever's organisation asks.
  'POST /api/management/data-sources/connection-test': [
    {
      label: 'an unsaved connection to a refused host',
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.testUnsavedDataSource.path,
        payload: {
          ...ctx.clientBody,
          kind: 'postgres',
          connection: { host: '10.1.2.3', port: 5432, database: 'db', user: 'reader' },
          password: 'Table-Passw0rd-1',
        },
      }),
      expect: administrators(400),
    },
  ],
  'GET /api/management/data-sources/:name/schema': [
    {
      label: "Demo GmbH's source without a password",
      request: get(pathOf(apiRoutes.getDataSourceSchema, { name: 'table-locked-source' })),
      expect: administrators(400, 404),
    },
  ],
  // Row rules of a source's tables (decision 044).
  'GET /api/management/data-sources/:name/row-rules': [
    {
      label: "Demo GmbH's source's row rules",
      request: get(pathOf(apiRoutes.listRowRules, { name: 'table-locked-source' })),
      expect: administrators(200, 404),
    },
  ],
  'POST /api/management/data-sources/:name/row-rules': [
    {
      label: "a row rule on Demo GmbH's source",
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.createRowRule, { name: 'table-locked-source' }),
        payload: {
          ...ctx.clientBody,
          schema: 'public',
          table: 'sales',
          column: 'region',
          attribute: 'region',
        },
      }),
      expect: administrators(201, 404),
    },
  ],
  'PUT /api/management/data-sources/:name/row-rules/:id': [
    {
      label: 'a row rule that is not there',
      request: (_role, ctx) => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateRowRule, {
          name: 'table-locked-source',
          id: '00000000-0000-4000-8000-000000000000',
        }),
        payload: { ...ctx.clientBody, table: 'sales', column: 'region', attribute: 'region' },
      }),
      expect: administrators(404),
    },
  ],
  'DELETE /api/management/data-sources/:name/row-rules/:id': [
    {
      label: 'a row rule that is not there',
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.deleteRowRule, {
          name: 'table-locked-source',
          id: '00000000-0000-4000-8000-000000000000',
        }),
      }),
      expect: administrators(404),
    },
  ],
  // Report definitions (decision 027): part of Demo GmbH's catalogue (fixtures below).
  'GET /api/management/definitions': [
    {
      label: 'report definitions',
      request: get(apiRoutes.listDefinitions.path),
      expect: administrators(200),
    },
  ],
  'POST /api/management/definitions': [
    {
      label: 'add a definition to the own catalogue',
      request: (role, ctx) => ({
        method: 'POST',
        url: apiRoutes.createDefinition.path,
        payload: { ...ctx.clientBody, ...tableDefinition(`table-definition-${role.toLowerCase()}`) },
      }),
      expect: administrators(201),
    },
  ],
  'PUT /api/management/definitions/:name': [
    {
      label: "Demo GmbH's definition",
      request: (_role, ctx) => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDefinition, { name: 'table-definition' }),
        payload: { ...ctx.clientBody, ...tableDefinition('table-definition'), sql: 'select 2 as n' },
      }),
      expect: administrators(200, 404),
    },
  ],
  'DELETE /api/management/definitions/:name': [
    {
      label: "Demo GmbH's doomed definition",
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.deleteDefinition, { name: 'table-doomed-definition' }),
      }),
      expect: administrators(204, 404),
    },
  ],
  // Another organisation has no source of this name: its administrator gets 400, never Demo GmbH's data.
  'POST /api/management/definitions/preview': [
    {
      label: "a preview on Demo GmbH's uploaded tables",
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.previewDefinition.path,
        payload: { ...ctx.clientBody, definition: tableDefinition('table-preview') },
      }),
      expect: administrators(200),
    },
    // "Preview as" (decision 038: the same run path, as the chosen user): only a user of one's own organisation.
    {
      label: 'a preview as a member of Demo GmbH',
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.previewDefinition.path,
        payload: {
          ...ctx.clientBody,
          definition: tableDefinition('table-preview-as'),
          asUserId: ctx.creds.member.userId,
        },
      }),
      expect: administrators(200, 400),
    },
  ],
  'GET /api/management/query-log': [
    { label: 'query log', request: get(apiRoutes.listQueryLog.path), expect: administrators(200) },
  ],
  // Uploaded tables (decision 027): every organisation has its own `uploads` source, so Beispiel's
  // administrator reaches theirs under the same name — never Demo GmbH's tables (test/uploads.test.ts).
  'POST /api/management/data-sources/:name/uploads/preview': [
    {
      label: 'preview a CSV',
      request: async () => ({
        method: 'POST',
        url: pathOf(apiRoutes.previewUpload, { name: 'uploads' }),
        ...(await multipartUpload({}, 'a,b\n1,2\n')),
      }),
      expect: administrators(200),
    },
  ],
  'POST /api/management/data-sources/:name/uploads': [
    {
      label: 'import a CSV into the own organisation',
      request: async (role) => ({
        method: 'POST',
        url: pathOf(apiRoutes.uploadTable, { name: 'uploads' }),
        ...(await multipartUpload(
          {
            options: JSON.stringify({
              table: `table_upload_${role.toLowerCase()}`,
              mode: 'replace',
              columns: [{ name: 'a', header: 'a', type: 'integer' }],
            }),
          },
          'a\n1\n',
        )),
      }),
      expect: administrators(200),
    },
  ],
  'GET /api/management/data-sources/:name/tables': [
    {
      label: 'uploaded tables',
      request: get(pathOf(apiRoutes.listUploadedTables, { name: 'uploads' })),
      expect: administrators(200),
    },
  ],
  'DELETE /api/management/data-sources/:name/tables/:table': [
    {
      label: "Demo GmbH's uploaded table",
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.removeUploadedTable, { name: 'uploads', table: 'table_doomed' }),
      }),
      expect: administrators(204, 404),
    },
  ],
  'GET /api/management/activity': [
    { label: 'activity', request: get(apiRoutes.listActivity.path), expect: administrators(200) },
  ],

  // ---- message service (management area)
  'GET /api/messages/current': [
    { label: 'current banner', request: get(apiRoutes.getCurrentMessage.path), expect: signedIn(200) },
  ],
  'GET /api/messages/contract': [
    { label: 'contract notice', request: get(apiRoutes.getContractMessage.path), expect: signedIn(200) },
  ],
  'POST /api/messages/:id/dismissal': [
    {
      label: "close Demo GmbH's banner",
      request: (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.dismissMessage, { id: ctx.fixtures.bannerId }),
        payload: { ...ctx.clientBody },
      }),
      expect: { ...signedIn(204), otherAdmin: 404 },
    },
  ],
  // ---- reports that come to people (decision 029): a user's own subscriptions; Demo GmbH's objects
  'GET /api/subscriptions': [
    { label: 'own subscriptions', request: get(apiRoutes.listSubscriptions.path), expect: signedIn(200) },
  ],
  'POST /api/subscriptions': [
    {
      label: "subscribe to one of Demo GmbH's reports",
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.createSubscription.path,
        payload: { ...ctx.clientBody, ...subscriptionBody },
      }),
      // Beispiel AG has no such report: "not found", never "forbidden" (lib/http-error.ts).
      expect: { ...signedIn(201), otherAdmin: 404 },
    },
  ],
  'PUT /api/subscriptions/:id': [
    {
      label: "pause member's subscription (the owner only)",
      request: async (_role, ctx) => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateSubscription, { id: await memberSubscription(ctx) }),
        payload: { ...ctx.clientBody, ...subscriptionBody, paused: true },
      }),
      expect: { anonymous: 401, member: 200, basic: 404, admin: 404, otherAdmin: 404 },
    },
  ],
  'DELETE /api/subscriptions/:id': [
    {
      label: "delete member's subscription (the owner only)",
      request: async (_role, ctx) => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.deleteSubscription, { id: await memberSubscription(ctx, true) }),
      }),
      expect: { anonymous: 401, member: 204, basic: 404, admin: 404, otherAdmin: 404 },
    },
  ],
  'POST /api/subscriptions/:id/send': [
    {
      label: "send member's subscription now (the owner only)",
      request: async (_role, ctx) => ({
        method: 'POST',
        url: pathOf(apiRoutes.sendSubscriptionNow, { id: await memberSubscription(ctx) }),
        payload: { ...ctx.clientBody },
      }),
      expect: { anonymous: 401, member: 202, basic: 404, admin: 404, otherAdmin: 404 },
    },
  ],
  'GET /api/subscriptions/deliveries': [
    { label: 'own deliveries', request: get(apiRoutes.listMyDeliveries.path), expect: signedIn(200) },
  ],
  'GET /api/subscriptions/settings': [
    { label: 'own time zone', request: get(apiRoutes.getDeliverySettings.path), expect: signedIn(200) },
  ],
  'PUT /api/subscriptions/settings': [
    {
      label: 'set own time zone',
      request: (_role, ctx) => ({
        method: 'PUT',
        url: apiRoutes.updateDeliverySettings.path,
        payload: { ...ctx.clientBody, timeZone: 'Europe/Vienna' },
      }),
      expect: signedIn(200),
    },
  ],
  'POST /api/subscriptions/unsubscribe': [
    {
      label: 'a forged unsubscribe token is refused for everyone',
      request: (_role, ctx) => ({
        method: 'POST',
        url: apiRoutes.unsubscribe.path,
        payload: { ...ctx.clientBody, token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged-signature' },
      }),
      expect: all(400),
    },
  ],
  'GET /api/management/subscriptions': [
    {
      label: "the organisation's subscriptions",
      request: get(apiRoutes.listManagedSubscriptions.path),
      expect: administrators(200),
    },
  ],
  'GET /api/management/deliveries': [
    {
      label: "the organisation's deliveries",
      request: get(apiRoutes.listDeliveries.path),
      expect: administrators(200),
    },
  ],
  'GET /api/management/outbox': [
    {
      label: "the organisation's outbox",
      request: get(apiRoutes.listOutbox.path),
      expect: administrators(200),
    },
  ],
  'GET /api/management/outbox/:id': [
    {
      label: "a mail of Demo GmbH's outbox",
      request: async (_role, ctx) => ({
        method: 'GET',
        url: pathOf(apiRoutes.getOutboxMail, { id: await demoOutboxMail(ctx) }),
      }),
      expect: administrators(200, 404),
    },
  ],
};

/** A subscription body any Demo GmbH user may save: a report everyone there sees. */
const subscriptionBody = {
  targetKind: 'report',
  targetName: 'totalviewlayout',
  schedule: { every: 'day', time: '07:00' },
  include: { charts: false, tableRows: 0, attachment: 'none' },
};

/** Kept per test app: each database of `testDrivers()` has its own rows. */
const keptMemberSubscription = new WeakMap<object, string>();
/** A subscription of member (written directly); a fresh one each call when `fresh` (a delete). */
async function memberSubscription(ctx: Context, fresh = false): Promise<string> {
  const kept = keptMemberSubscription.get(ctx.t);
  if (kept && !fresh) return kept;
  const [owner] = await ctx.t.database.db.select().from(user).where(eq(user.email, 'member@example.com'));
  const [row] = await ctx.t.database.db
    .insert(subscriptions)
    .values({
      organisationId: owner!.organisationId,
      ownerId: owner!.id,
      targetKind: 'report',
      targetName: 'totalviewlayout',
      schedule: subscriptionBody.schedule,
      timeZone: 'UTC',
      include: subscriptionBody.include,
    })
    .returning({ id: subscriptions.id });
  if (!fresh) keptMemberSubscription.set(ctx.t, row!.id);
  return row!.id;
}

const keptOutboxMail = new WeakMap<object, string>();
/** A mail in Demo GmbH's outbox (one per test app). */
async function demoOutboxMail(ctx: Context): Promise<string> {
  const kept = keptOutboxMail.get(ctx.t);
  if (kept) return kept;
  const [demo] = await ctx.t.database.db
    .select()
    .from(organisations)
    .where(eq(organisations.name, 'Demo GmbH'));
  const [row] = await ctx.t.database.db
    .insert(mailOutbox)
    .values({
      organisationId: demo!.id,
      toAddress: 'member@example.com',
      subject: 'A report',
      textBody: 'Text',
      htmlBody: '<p>Text</p>',
      raw: 'Subject: A report',
    })
    .returning({ id: mailOutbox.id });
  keptOutboxMail.set(ctx.t, row!.id);
  return row!.id;
}

/** A multipart body with the fields first, then the file, as the browser's FormData sends it. */
/** A report definition over the organisation's uploaded tables: one constant row, no table needed. */
function tableDefinition(name: string) {
  return {
    name,
    source: 'uploads',
    sql: 'select 1 as n',
    parameters: [],
    columns: [],
    visuals: [],
    cacheSeconds: 0,
  };
}

async function multipartUpload(fields: Record<string, string>, csv: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv]), 'table.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/** A database source at a public address (the host rule of decision 027 allows it without a listing). */
function tableSource(name: string) {
  return {
    name,
    title: { en: `Table ${name}` },
    kind: 'postgres',
    connection: { host: '8.8.8.8', port: 5432, database: 'sales', user: 'reader' },
  };
}

function bannerBody(title: string) {
  const language = (prefix: string) => ({
    title: `${prefix} ${title}`,
    body: 'From the authorisation table.',
    primary: { label: null, type: 'close', href: null },
    secondary: null,
  });
  return { startsAt: null, endsAt: null, content: { en: language('Banner'), de: language('Banner') } };
}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

describe.each(testDrivers())('authorisation by route and role (%s)', (driver) => {
  let ctx: Context;
  let baseUrl: string;

  beforeAll(async () => {
    const t = await buildTestApp(driver);
    const creds = { anonymous: {} } as Record<Role, Credentials>;
    for (const role of roles) if (role !== 'anonymous') creds[role] = await signInAs(t, role);
    const spare = await signInAs(t, 'admin');
    const db = t.database.db;

    const [demo] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Demo GmbH'));
    const victimUserId = (await createUserWithPassword(db, {
      organisationId: demo!.id,
      email: 'authz-victim@example.com',
      password: 'Victim-password-1',
      name: 'Authz Victim',
      roleKey: 'organisationmember',
      subscription: 'basic',
    }))!;
    const createBanner = async (title: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiRoutes.listBanners.path,
        headers: { authorization: creds.admin.authorization! },
        payload: bannerBody(title),
      });
      if (response.statusCode !== 201)
        throw new Error(`banner fixture: ${response.statusCode} ${response.body}`);
      return response.json<{ id: string }>().id;
    };
    const [pending] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.organisationId, demo!.id), eq(contracts.status, 'pending')));
    const notificationUid = {} as Record<Role, string>;
    for (const role of roles) {
      const userId = role === 'anonymous' ? creds.member.userId! : creds[role].userId!;
      const [row] = await db
        .select({ uid: notifications.uid })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .limit(1);
      if (!row) throw new Error(`no demo notification for ${role}`);
      notificationUid[role] = row.uid;
    }

    const [tile] = await db
      .select({ layoutId: dashboards.layoutId, tileId: dashboardTiles.id })
      .from(dashboardTiles)
      .innerJoin(dashboards, eq(dashboards.id, dashboardTiles.dashboardId))
      .where(and(eq(dashboards.organisationId, demo!.id), eq(dashboards.layoutId, 101)))
      .limit(1);
    if (!tile) throw new Error('no dashboard tile of Demo GmbH');
    const [adminOnlyTile] = await db
      .select({ tileId: dashboardTiles.id })
      .from(dashboardTiles)
      .innerJoin(dashboards, eq(dashboards.id, dashboardTiles.dashboardId))
      .where(and(eq(dashboards.organisationId, demo!.id), eq(dashboards.layoutId, 103)))
      .limit(1);
    if (!adminOnlyTile) throw new Error('no tile of dashboard 103');

    // Catalogue objects the table changes and deletes (decision 015).
    await t.app.catalogue.edit(
      { organisationId: demo!.id, id: creds.admin.userId!, name: 'Table' },
      (document) => ({
        ...document,
        menu: [
          ...document.menu,
          {
            name: 'table-group',
            title: { en: 'Table group' },
            items: [
              { name: 'table-item', title: { en: 'Table item' } },
              { name: 'table-doomed-item', title: { en: 'Doomed item' } },
            ],
          },
          { name: 'table-doomed-group', title: { en: 'Doomed group' }, items: [] },
        ],
        dashboards: [
          ...document.dashboards,
          {
            name: 'table-boards',
            title: { en: 'Table boards' },
            dashboards: [
              { layoutId: 990, title: { en: 'Table board' }, tiles: [] },
              { layoutId: 991, title: { en: 'Doomed board' }, tiles: [] },
            ],
          },
          { name: 'table-doomed-boards', title: { en: 'Doomed boards' }, dashboards: [] },
        ],
      }),
    );

    // Data sources of Demo GmbH that the table changes, removes and tests (decision 027); none has a password yet.
    await db.insert(dataSources).values(
      ['table-source', 'table-doomed-source', 'table-locked-source'].map((name) => ({
        organisationId: demo!.id,
        name,
        titleEn: name,
        kind: 'postgres',
        connection: tableSource(name).connection,
      })),
    );

    // Report definitions of Demo GmbH that the table changes and removes (decision 027).
    await t.app.catalogue.edit(
      { organisationId: demo!.id, id: creds.admin.userId!, name: 'Table' },
      (document) => ({
        ...document,
        dataSources: [...(document.dataSources ?? [])],
        definitions: [
          ...(document.definitions ?? []),
          tableDefinition('table-definition'),
          tableDefinition('table-doomed-definition'),
        ],
      }),
    );

    // Demo GmbH's uploaded table that the table removes (its rows need not exist for that).
    const [uploads] = await db
      .insert(dataSources)
      .values({ organisationId: demo!.id, name: 'uploads', titleEn: 'Uploaded tables', kind: 'uploads' })
      .onConflictDoUpdate({
        target: [dataSources.organisationId, dataSources.name],
        set: { kind: 'uploads' },
      })
      .returning({ id: dataSources.id });
    await db.insert(uploadedTables).values({
      organisationId: demo!.id,
      dataSourceId: uploads!.id,
      name: 'table_doomed',
      columns: [{ name: 'a', header: 'a', type: 'integer' }],
    });

    ctx = {
      t,
      creds,
      clientBody: {
        useBackendTranslation: false,
        isoLanguageName: 'en',
        cultureName: 'en-GB',
        currencySymbol: '€',
      },
      fixtures: {
        victimUserId,
        bannerId: await createBanner('to edit'),
        doomedBannerId: await createBanner('to delete'),
        pendingContractId: pending!.id,
        notificationUid,
        spareAdminSessionId: spare.sessionId!,
        layoutId: tile.layoutId,
        tileId: tile.tileId,
        adminOnlyTileId: adminOnlyTile.tileId,
      },
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.t.close());

  it('has an entry for every /api route, and none for a route that does not exist', () => {
    const registered = new Set(
      ctx.t.app.routeInventory
        .filter((route) => isApiRoute(route.url))
        .map((route) => `${route.method} ${route.url}`),
    );
    const declared = new Set(Object.keys(table));
    expect(
      [...registered].filter((key) => !declared.has(key)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      [...declared].filter((key) => !registered.has(key)),
      'table entries without a route',
    ).toEqual([]);
  });

  async function send(role: Role, request: TableRequest): Promise<number> {
    const creds = ctx.creds[role];
    const headers: Record<string, string> = {
      ...(creds.authorization ? { authorization: creds.authorization } : {}),
      ...(creds.cookie ? { cookie: creds.cookie } : {}),
      origin: ctx.t.origin,
      ...request.headers,
    };
    if (request.stream) {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}${request.url}`, { headers, signal: controller.signal });
      controller.abort();
      return response.status;
    }
    const response = await ctx.t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
    });
    if (response.statusCode >= 500)
      throw new Error(`${request.method} ${request.url} as ${role}: ${response.statusCode} ${response.body}`);
    return response.statusCode;
  }

  it('answers every route with the declared status for every role', async () => {
    const mismatches: string[] = [];
    for (const [route, cases] of Object.entries(table)) {
      for (const routeCase of cases) {
        // Administrators last: their requests change things (delete, deactivate) the others probe.
        for (const role of ['anonymous', 'member', 'basic', 'otherAdmin', 'admin'] as const) {
          const request = await routeCase.request(role, ctx);
          const status = await send(role, request);
          if (status !== routeCase.expect[role]) {
            mismatches.push(
              `${route} (${routeCase.label}) as ${role}: expected ${routeCase.expect[role]}, got ${status}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

// Plain data, no zod (decision 025): the signed-in shell and the login screen call these routes and must not
// load the zod library for that (bundle budget, decision 011). The schemas of each route live in
// endpoints/<feature>.ts (composed in api-endpoints.ts), keyed by the same operation id; api-types.ts derives
// the request and response types.

/** Who may call a route (decision 025): a bearer token, the auth library's session cookie, or anyone. */
export type RouteSecurity = 'bearer' | 'session' | 'public';
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `:name` parameters of a path template: `'/a/:id/b/:tileId'` → `'id' | 'tileId'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

/** One route of the API: the zod-free half of an endpoint descriptor (decision 025). */
export interface ApiRoute<
  Id extends string = string,
  Method extends RouteMethod = RouteMethod,
  Path extends string = string,
> {
  readonly operationId: Id;
  readonly method: Method;
  readonly path: Path;
  readonly security: RouteSecurity;
  /**
   * The route takes credentials of this kind and needs the app integrity token (decision 007): the web
   * app's client sends it, the server refuses the call without it (`integrityRequirementOf`).
   */
  readonly integrity?: CredentialKind;
}

/**
 * What a call that takes credentials is: a password sign-in, a sign-up, or the code step of a two-factor
 * sign-in (decision 021: it counts against the same limits as passwords).
 */
export type CredentialKind = 'sign-in' | 'sign-up' | 'second-factor';

function route<const Id extends string, const Method extends RouteMethod, const Path extends `/${string}`>(
  operationId: Id,
  method: Method,
  path: Path,
  security: RouteSecurity = 'bearer',
  marks: { integrity?: CredentialKind } = {},
): ApiRoute<Id, Method, Path> {
  return { operationId, method, path, security, ...marks };
}

/** Needs the app integrity token (decision 007) and takes credentials of this kind. */
const integrity = (kind: CredentialKind) => ({ integrity: kind });

/** Where the auth library answers (docs/product.md §D.3): it authenticates with its session cookie. */
export const authApiPrefix = '/api/auth';
/** The OpenAPI document's UI; the JSON document is served at `${apiDocsPath}/json`. */
export const apiDocsPath = '/api/docs';

/**
 * Every route of the API, defined once (decision 025) and keyed by its operation id. Routes of the auth
 * library are here too: the app calls them and the OpenAPI document describes them.
 */
export const apiRoutes = {
  // ---- health (decision 018) and public texts
  /** Liveness: the process answers. */
  getHealth: route('getHealth', 'GET', '/api/health', 'public'),
  /** Readiness: database, Redis when configured, LISTEN connections; 503 takes the instance out. */
  getReadiness: route('getReadiness', 'GET', '/api/health/ready', 'public'),
  getTranslations: route('getTranslations', 'GET', '/api/Localization/getTranslations', 'public'),

  // ---- app integrity (decision 007): solved before anyone signs in
  getIntegrityChallenge: route('getIntegrityChallenge', 'GET', '/api/integrity/challenge', 'public'),
  verifyIntegrity: route('verifyIntegrity', 'POST', '/api/integrity/verify', 'public'),

  // ---- the auth library's endpoints the app uses (docs/product.md §D.3, decision 009)
  signInWithEmail: route(
    'signInWithEmail',
    'POST',
    '/api/auth/sign-in/email',
    'public',
    integrity('sign-in'),
  ),
  signOut: route('signOut', 'POST', '/api/auth/sign-out', 'session'),
  getToken: route('getToken', 'GET', '/api/auth/token', 'session'),
  /** Single sign-on (decision 020): the organisation's provider for an e-mail; the browser goes there. */
  startSingleSignOn: route('startSingleSignOn', 'POST', '/api/auth/sso/start', 'public'),

  // ---- two-factor sign-in (decision 021): the auth library's two-factor plugin (session cookie, or its
  // two-factor cookie for the code step of a sign-in)
  enableTwoFactor: route('enableTwoFactor', 'POST', '/api/auth/two-factor/enable', 'session'),
  disableTwoFactor: route('disableTwoFactor', 'POST', '/api/auth/two-factor/disable', 'session'),
  verifyTwoFactorCode: route(
    'verifyTwoFactorCode',
    'POST',
    '/api/auth/two-factor/verify-totp',
    'session',
    integrity('second-factor'),
  ),
  verifyRecoveryCode: route(
    'verifyRecoveryCode',
    'POST',
    '/api/auth/two-factor/verify-backup-code',
    'session',
    integrity('second-factor'),
  ),

  // ---- forgotten passwords (decision 031): the app's own routes under the auth prefix, no sign-in
  requestPasswordReset: route('requestPasswordReset', 'POST', '/api/auth/password-reset/request', 'public'),
  completePasswordReset: route(
    'completePasswordReset',
    'POST',
    '/api/auth/password-reset/complete',
    'public',
  ),

  // ---- the signed-in user
  getTwoFactorStatus: route('getTwoFactorStatus', 'GET', '/api/user/two-factor'),
  getUserSettings: route('getUserSettings', 'GET', '/api/user/settings'),
  updateUserSettings: route('updateUserSettings', 'PUT', '/api/user/settings'),
  changePassword: route('changePassword', 'POST', '/api/user/password'),
  listSessions: route('listSessions', 'GET', '/api/user/sessions'),
  endSession: route('endSession', 'DELETE', '/api/user/sessions/:id'),
  listRecents: route('listRecents', 'GET', '/api/user/recents'),
  recordRecent: route('recordRecent', 'POST', '/api/user/recents'),
  clearRecents: route('clearRecents', 'DELETE', '/api/user/recents'),
  getAppConfig: route('getAppConfig', 'GET', '/api/app/config'),

  // ---- navigation (docs/product.md §2 menu, favourites; §4 pin)
  getMenu: route('getMenu', 'GET', '/api/navigation/menu'),
  getFavorites: route('getFavorites', 'GET', '/api/navigation/favorites'),
  getFeatured: route('getFeatured', 'GET', '/api/navigation/featured'),
  updatePin: route('updatePin', 'PUT', '/api/navigation/pins'),

  // ---- reports and dashboards
  getReport: route('getReport', 'GET', '/api/reports/:name'),
  downloadReport: route('downloadReport', 'GET', '/api/reports/:name/download'),
  getDashboardsAvailability: route('getDashboardsAvailability', 'GET', '/api/dashboards/availability'),
  getDashboardsMenu: route('getDashboardsMenu', 'GET', '/api/dashboards/menu'),
  getDashboard: route('getDashboard', 'GET', '/api/dashboards/:layoutId'),
  getDashboardTile: route('getDashboardTile', 'GET', '/api/dashboards/:layoutId/tiles/:tileId'),

  // ---- notifications (docs/product.md §D.5)
  streamNotifications: route('streamNotifications', 'GET', '/api/notifications/stream'),
  listOlderNotifications: route('listOlderNotifications', 'GET', '/api/notifications'),
  updateNotification: route('updateNotification', 'PATCH', '/api/notifications/:uid'),

  // ---- the message service (docs/product.md §7)
  getCurrentMessage: route('getCurrentMessage', 'GET', '/api/messages/current'),
  getContractMessage: route('getContractMessage', 'GET', '/api/messages/contract'),
  dismissMessage: route('dismissMessage', 'POST', '/api/messages/:id/dismissal'),

  // ---- management (organisation administrators only, docs/product.md §D.3)
  listUsers: route('listUsers', 'GET', '/api/management/users'),
  createUser: route('createUser', 'POST', '/api/management/users'),
  updateUser: route('updateUser', 'PATCH', '/api/management/users/:id'),
  deactivateUser: route('deactivateUser', 'POST', '/api/management/users/:id/deactivate'),
  reactivateUser: route('reactivateUser', 'POST', '/api/management/users/:id/reactivate'),
  /** User attributes of many users from a CSV (decision 027): all rows or none. */
  importUserAttributes: route('importUserAttributes', 'POST', '/api/management/users/attributes'),
  /** An administrator removes a user's second factor (lost phone, decision 021). */
  resetUserTwoFactor: route('resetUserTwoFactor', 'POST', '/api/management/users/:id/two-factor/reset'),
  getTwoFactorPolicy: route('getTwoFactorPolicy', 'GET', '/api/management/two-factor-policy'),
  updateTwoFactorPolicy: route('updateTwoFactorPolicy', 'PUT', '/api/management/two-factor-policy'),
  /** A one-time password; the user must choose a new one at the next sign-in (decision 022). */
  resetUserPassword: route('resetUserPassword', 'POST', '/api/management/users/:id/password'),
  listBanners: route('listBanners', 'GET', '/api/management/banners'),
  createBanner: route('createBanner', 'POST', '/api/management/banners'),
  updateBanner: route('updateBanner', 'PUT', '/api/management/banners/:id'),
  deleteBanner: route('deleteBanner', 'DELETE', '/api/management/banners/:id'),
  getContract: route('getContract', 'GET', '/api/management/contract'),
  acceptContract: route('acceptContract', 'POST', '/api/management/contract/:id/accept'),
  sendNotification: route('sendNotification', 'POST', '/api/management/notifications'),
  listSentNotifications: route('listSentNotifications', 'GET', '/api/management/notifications'),
  listActivity: route('listActivity', 'GET', '/api/management/activity'),

  // ---- management: sign-in (decision 020)
  getSignInSettings: route('getSignInSettings', 'GET', '/api/management/sign-in'),
  saveSignInSettings: route('saveSignInSettings', 'PUT', '/api/management/sign-in'),
  removeSignInSettings: route('removeSignInSettings', 'DELETE', '/api/management/sign-in'),
  verifySignInDomain: route('verifySignInDomain', 'POST', '/api/management/sign-in/domains/:domain/verify'),

  // ---- management: uploaded tables of an `uploads` data source (decision 027); multipart bodies
  previewUpload: route('previewUpload', 'POST', '/api/management/data-sources/:name/uploads/preview'),
  uploadTable: route('uploadTable', 'POST', '/api/management/data-sources/:name/uploads'),
  listUploadedTables: route('listUploadedTables', 'GET', '/api/management/data-sources/:name/tables'),
  removeUploadedTable: route(
    'removeUploadedTable',
    'DELETE',
    '/api/management/data-sources/:name/tables/:table',
  ),

  // ---- management: the catalogue (decision 015)
  exportCatalogue: route('exportCatalogue', 'GET', '/api/management/catalogue'),
  importCatalogue: route('importCatalogue', 'PUT', '/api/management/catalogue'),
  previewCatalogueImport: route('previewCatalogueImport', 'POST', '/api/management/catalogue/changes'),
  previewCatalogueAudience: route('previewCatalogueAudience', 'GET', '/api/management/catalogue/preview'),
  getCatalogueUsage: route('getCatalogueUsage', 'GET', '/api/management/catalogue/usage'),
  createMenuGroup: route('createMenuGroup', 'POST', '/api/management/catalogue/menu-groups'),
  updateMenuGroup: route('updateMenuGroup', 'PUT', '/api/management/catalogue/menu-groups/:name'),
  deleteMenuGroup: route('deleteMenuGroup', 'DELETE', '/api/management/catalogue/menu-groups/:name'),
  createItem: route('createItem', 'POST', '/api/management/catalogue/items'),
  updateItem: route('updateItem', 'PUT', '/api/management/catalogue/items/:name'),
  deleteItem: route('deleteItem', 'DELETE', '/api/management/catalogue/items/:name'),
  createDashboardGroup: route('createDashboardGroup', 'POST', '/api/management/catalogue/dashboard-groups'),
  updateDashboardGroup: route(
    'updateDashboardGroup',
    'PUT',
    '/api/management/catalogue/dashboard-groups/:name',
  ),
  deleteDashboardGroup: route(
    'deleteDashboardGroup',
    'DELETE',
    '/api/management/catalogue/dashboard-groups/:name',
  ),
  createDashboard: route('createDashboard', 'POST', '/api/management/catalogue/dashboards'),
  updateDashboard: route('updateDashboard', 'PUT', '/api/management/catalogue/dashboards/:layoutId'),
  deleteDashboard: route('deleteDashboard', 'DELETE', '/api/management/catalogue/dashboards/:layoutId'),

  // ---- management: data sources, report definitions, query log (decision 027)
  listDataSources: route('listDataSources', 'GET', '/api/management/data-sources'),
  createDataSource: route('createDataSource', 'POST', '/api/management/data-sources'),
  updateDataSource: route('updateDataSource', 'PUT', '/api/management/data-sources/:name'),
  deleteDataSource: route('deleteDataSource', 'DELETE', '/api/management/data-sources/:name'),
  testDataSource: route('testDataSource', 'POST', '/api/management/data-sources/:name/test'),
  testUnsavedDataSource: route(
    'testUnsavedDataSource',
    'POST',
    '/api/management/data-sources/connection-test',
  ),
  getDataSourceSchema: route('getDataSourceSchema', 'GET', '/api/management/data-sources/:name/schema'),
  listRowRules: route('listRowRules', 'GET', '/api/management/data-sources/:name/row-rules'),
  createRowRule: route('createRowRule', 'POST', '/api/management/data-sources/:name/row-rules'),
  updateRowRule: route('updateRowRule', 'PUT', '/api/management/data-sources/:name/row-rules/:id'),
  deleteRowRule: route('deleteRowRule', 'DELETE', '/api/management/data-sources/:name/row-rules/:id'),
  listQueryLog: route('listQueryLog', 'GET', '/api/management/query-log'),
  listDefinitions: route('listDefinitions', 'GET', '/api/management/definitions'),
  createDefinition: route('createDefinition', 'POST', '/api/management/definitions'),
  updateDefinition: route('updateDefinition', 'PUT', '/api/management/definitions/:name'),
  deleteDefinition: route('deleteDefinition', 'DELETE', '/api/management/definitions/:name'),
  previewDefinition: route('previewDefinition', 'POST', '/api/management/definitions/preview'),

  // ---- reports that come to people: subscriptions, alerts, deliveries, the outbox (decision 029)
  listSubscriptions: route('listSubscriptions', 'GET', '/api/subscriptions'),
  createSubscription: route('createSubscription', 'POST', '/api/subscriptions'),
  updateSubscription: route('updateSubscription', 'PUT', '/api/subscriptions/:id'),
  deleteSubscription: route('deleteSubscription', 'DELETE', '/api/subscriptions/:id'),
  sendSubscriptionNow: route('sendSubscriptionNow', 'POST', '/api/subscriptions/:id/send'),
  listMyDeliveries: route('listMyDeliveries', 'GET', '/api/subscriptions/deliveries'),
  getDeliverySettings: route('getDeliverySettings', 'GET', '/api/subscriptions/settings'),
  updateDeliverySettings: route('updateDeliverySettings', 'PUT', '/api/subscriptions/settings'),
  /** The unsubscribe link of a mail: its signed token is the only credential. */
  unsubscribe: route('unsubscribe', 'POST', '/api/subscriptions/unsubscribe', 'public'),
  listManagedSubscriptions: route('listManagedSubscriptions', 'GET', '/api/management/subscriptions'),
  listDeliveries: route('listDeliveries', 'GET', '/api/management/deliveries'),
  listOutbox: route('listOutbox', 'GET', '/api/management/outbox'),
  getOutboxMail: route('getOutboxMail', 'GET', '/api/management/outbox/:id'),
} as const;

export type ApiRoutes = typeof apiRoutes;
export type OperationId = keyof ApiRoutes;

/** The values of a path's parameters, by name (numbers are written as they are). */
export type PathParams<Path extends string> = { readonly [Name in PathParamNames<Path>]: string | number };

/** A route's path with its `:param`s filled in, each URL-encoded — the one URL builder of the API. */
export function pathOf<Path extends string>(
  route: { readonly path: Path },
  ...[params]: PathParamNames<Path> extends never ? [] : [PathParams<Path>]
): string {
  const values: Partial<Record<string, string | number>> = params ?? {};
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathOf: missing :${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * `GET /api/auth/token?check=true`: the web app's session check. Without a session the answer is
 * `200 { token: null }` instead of 401, so a signed-out visit (the login screen) makes no failed request
 * the browser would log as an error. Without the parameter the endpoint answers 401 as before.
 */
export const tokenCheckParam = 'check';

/**
 * The auth library's own paths that take credentials, by prefix, for the endpoints it serves that are not
 * routes above (other sign-in methods, sign-up, other code steps): every one needs the integrity token too.
 */
export const integrityAuthPathPrefixes: readonly {
  readonly prefix: string;
  readonly kind: CredentialKind;
}[] = [
  { prefix: `${authApiPrefix}/sign-in`, kind: 'sign-in' },
  { prefix: `${authApiPrefix}/sign-up`, kind: 'sign-up' },
  { prefix: `${authApiPrefix}/two-factor/verify`, kind: 'second-factor' },
];

/** The routes marked `integrity`. */
export const integrityRoutes: readonly ApiRoute[] = /* @__PURE__ */ integrityRoutesOf(apiRoutes);

function integrityRoutesOf(routes: Record<string, ApiRoute>): ApiRoute[] {
  return Object.values(routes).filter((candidate) => candidate.integrity !== undefined);
}

/**
 * Whether a path needs the app integrity token, and what kind of credentials it takes (decision 007):
 * a route marked `integrity`, or a path under `integrityAuthPathPrefixes`. The one lookup of the web
 * app's client and of the server (which first undoes every other spelling of the path); letter case
 * does not count.
 */
export function integrityRequirementOf(pathname: string): CredentialKind | null {
  const path = pathname.toLowerCase();
  const marked = integrityRoutes.find((candidate) => candidate.path.toLowerCase() === path);
  if (marked?.integrity) return marked.integrity;
  return integrityAuthPathPrefixes.find(({ prefix }) => path.startsWith(prefix))?.kind ?? null;
}

/** Paths reachable without a bearer token or session (sign-in itself, translations, health, integrity). */
export const publicApiPaths: readonly string[] = /* @__PURE__ */ publicPathsOf(apiRoutes);

function publicPathsOf(routes: Record<string, ApiRoute>): string[] {
  return Object.values(routes)
    .filter((candidate) => candidate.security === 'public')
    .map((candidate) => candidate.path);
}

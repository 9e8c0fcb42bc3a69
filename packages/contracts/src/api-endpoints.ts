import { z } from 'zod';
import { apiRoutes, type ApiRoute, type PathParamNames } from './api-routes';
import {
  passwordResetCompleteBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  signOutResponseSchema,
  tokenCheckQuerySchema,
  tokenCheckResponseSchema,
} from './auth';
import {
  activityQuerySchema,
  activityResponseSchema,
  catalogueChangesSchema,
  catalogueDocumentSchema,
  catalogueLayoutParamsSchema,
  catalogueNameParamsSchema,
  cataloguePreviewQuerySchema,
  cataloguePreviewSchema,
  catalogueUsageSchema,
  dashboardBodySchema,
  dashboardGroupBodySchema,
  itemBodySchema,
  menuGroupBodySchema,
} from './catalogue';
import { apiErrorSchema } from './errors';
import {
  dataSourceNameParamsSchema as uploadSourceParamsSchema,
  uploadErrorSchema,
  uploadPreviewResponseSchema,
  uploadResultSchema,
  uploadedTableParamsSchema,
  uploadedTablesResponseSchema,
} from './data-sources';
import { appConfigSchema } from './app-config';
import {
  bannerMessageBodySchema,
  contractOverviewSchema,
  emptyBodySchema,
  idParamsSchema,
  managedBannerSchema,
  managedBannersResponseSchema,
  managedUserSchema,
  managedUsersQuerySchema,
  managedUsersResponseSchema,
  newUserBodySchema,
  userChangesBodySchema,
  userAttributesImportBodySchema,
  userAttributesImportResultSchema,
  userPasswordResetBodySchema,
} from './management';
import { contractMessageResponseSchema, currentMessageQuerySchema, currentMessageResponseSchema } from './messages';
import {
  dashboardParamsSchema,
  dashboardResponseSchema,
  dashboardTileDataResponseSchema,
  dashboardTileParamsSchema,
  dashboardTileQuerySchema,
  dashboardsMenuResponseSchema,
} from './dashboards';
import {
  dashboardsAvailabilitySchema,
  favoritesResponseSchema,
  featuredResponseSchema,
  menuResponseSchema,
  pinUpdateSchema,
} from './navigation';
import { healthResponseSchema, readinessResponseSchema } from './health';
import { integrityChallengeResponseSchema, integrityTokenResponseSchema, integrityVerifyBodySchema } from './integrity';
import { integrityTokenHeader } from './integrity-header';
import {
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationPatchSchema,
  notificationSchema,
  sendNotificationBodySchema,
  sendNotificationResultSchema,
  sentNotificationsResponseSchema,
} from './notifications';
import {
  twoFactorCodeBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorPasswordBodySchema,
  twoFactorPolicyBodySchema,
  twoFactorPolicyQuerySchema,
  twoFactorPolicySchema,
  twoFactorStatusSchema,
} from './two-factor';
import { passwordChangeSchema, userSettingsSchema, userSettingsUpdateSchema } from './user-settings';
import { recentOpeningResponseSchema, recentOpeningSchema, recentsResponseSchema } from './recents';
import {
  reportDownloadFileSchema,
  reportDownloadQuerySchema,
  reportNameParamsSchema,
  reportQuerySchema,
  reportResponseSchema,
} from './reports';
import { translationsQuerySchema, translationsResponseSchema } from './localization';
import { userSessionParamsSchema, userSessionsResponseSchema } from './user-sessions';
import { withClientBody, withClientQuery } from './client-params';
import {
  dataSourceBodySchema,
  dataSourceNameParamsSchema,
  dataSourceTestResponseSchema,
  managedDataSourceSchema,
  managedDataSourcesResponseSchema,
  queryLogQuerySchema,
  queryLogResponseSchema,
  sourceSchemaResponseSchema,
} from './data-sources';
import {
  definitionBodySchema,
  definitionNameParamsSchema,
  definitionPreviewBodySchema,
  definitionPreviewResponseSchema,
  definitionsResponseSchema,
} from './definition-preview';
import { reportDefinitionBodySchema } from './report-definitions';
import {
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  deliverySettingsBodySchema,
  deliverySettingsSchema,
  outboxMailParamsSchema,
  outboxMailSchema,
  outboxResponseSchema,
  sendNowResponseSchema,
  subscriptionBodySchema,
  subscriptionIdParamsSchema,
  subscriptionViewSchema,
  subscriptionsResponseSchema,
  unsubscribeBodySchema,
  unsubscribeResponseSchema,
} from './subscriptions';
import {
  signInDomainParamsSchema,
  signInSettingsBodySchema,
  signInSettingsQuerySchema,
  signInSettingsSchema,
  singleSignOnStartBodySchema,
  singleSignOnStartResponseSchema,
} from './sign-in-settings';

/**
 * The schemas of an endpoint (decision 025): what its request may hold and what each answer is. The server
 * validates and serialises with them, the OpenAPI document is built from them, and the web app takes its
 * types from them (api-types.ts) without loading them.
 */
export interface EndpointSchemas {
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly headers?: z.ZodType;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every status the endpoint answers with, each with its body (`z.null()` for none). */
  readonly response: Readonly<Record<number, z.ZodType>>;
}

/** One endpoint: its route (method, path, operation id, security) and its schemas. */
export type Endpoint<Route extends ApiRoute = ApiRoute, Schemas extends EndpointSchemas = EndpointSchemas> = Route &
  Schemas & { readonly route: Route };

/** A path with parameters needs a params schema with exactly those names; a path without none. */
type ParamsFor<Route extends ApiRoute> = [PathParamNames<Route['path']>] extends [never]
  ? { readonly params?: never }
  : { readonly params: z.ZodType<unknown, Record<PathParamNames<Route['path']>, string>> };

function endpoint<const Route extends ApiRoute, const Schemas extends EndpointSchemas & ParamsFor<Route>>(
  route: Route,
  schemas: Schemas,
): Endpoint<Route, Schemas> {
  return { ...route, ...schemas, route };
}

const subscriptionTags = ['subscriptions'];
const managementErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const bannerErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const catalogueChanges = { 200: catalogueChangesSchema, ...managementErrors };
const catalogueTags = ['management: catalogue'];
const dataTags = ['management: data'];
/**
 * Checked by the catalogue itself, so that a 400 can name the JSON path of each problem (decision 015):
 * any JSON passes the route, but the API document describes the body as the catalogue document schema
 * (its JSON Schema as the body's), so a generated client types it like the export's answer.
 */
const { $schema: _dialect, ...catalogueDocumentJsonSchema } = z.toJSONSchema(catalogueDocumentSchema, { io: 'input' });
const catalogueImportBodySchema = z
  .unknown()
  .meta({ ...catalogueDocumentJsonSchema, description: 'A catalogue document, as the export answers it.' });

/** Multipart bodies are read as a stream by the route itself (never buffered): described, not parsed. */
const uploadMultipartBodySchema = z
  .unknown()
  .describe('multipart/form-data (see the description); read as a stream by the route');

/** What the auth library answers where the app reads nothing of it (it may add fields). */
const libraryAnswerSchema = z.looseObject({});

/** Every endpoint of the API, keyed by its operation id (the same keys as `apiRoutes`). */
export const apiEndpoints = {
  // ---- the auth library (docs/product.md §D.3): answered by better-auth, described here for API clients
  signInWithEmail: endpoint(apiRoutes.signInWithEmail, {
    tags: ['auth'],
    summary: 'Sign in with e-mail and password: sets the session cookie',
    description:
      'Needs a fresh app integrity token (`POST /api/integrity/verify`) in the `' +
      integrityTokenHeader +
      '` header. The session token is only ever in the HttpOnly cookie, never in the body.',
    headers: z.object({ [integrityTokenHeader]: z.string().max(4096) }),
    body: signInBodySchema,
    response: {
      200: signInResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  signOut: endpoint(apiRoutes.signOut, {
    tags: ['auth'],
    summary: 'Sign out: ends the session of the cookie',
    response: { 200: signOutResponseSchema, 401: apiErrorSchema },
  }),
  getToken: endpoint(apiRoutes.getToken, {
    tags: ['auth'],
    summary: 'Exchange the session cookie for a short-lived bearer token (JWT)',
    description:
      'Send the token as `Authorization: Bearer <token>` on every other call. With `check=true` the answer ' +
      'without a session is `200 { "token": null }` instead of 401.',
    query: tokenCheckQuerySchema,
    response: { 200: tokenCheckResponseSchema, 401: apiErrorSchema },
  }),

  startSingleSignOn: endpoint(apiRoutes.startSingleSignOn, {
    tags: ['auth'],
    summary: "Single sign-on: the authorisation URL of the e-mail domain's OpenID Connect provider",
    description:
      'Send the browser to `url` (authorisation code flow with PKCE, state and nonce). The provider sends it ' +
      'back to `/api/auth/sso/callback`, which signs in and goes on to `redirectTo`, or to ' +
      '`/login?ssoError=<reason>`. 404: no provider for the domain; 502: the provider cannot be reached.',
    body: singleSignOnStartBodySchema,
    response: {
      200: singleSignOnStartResponseSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      502: apiErrorSchema,
    },
  }),

  // ---- forgotten passwords (decision 031)
  requestPasswordReset: endpoint(apiRoutes.requestPasswordReset, {
    tags: ['auth'],
    summary: 'Forgotten password: mails a single-use link to the address if an account exists for it',
    description:
      'Always `202 { "accepted": true }`, whether or not an account exists (the work is done after ' +
      'answering). No mail for a deactivated account or where the organisation requires single sign-on. ' +
      '429 with Retry-After past the limits per address and per client.',
    body: passwordResetRequestBodySchema,
    response: { 202: passwordResetRequestResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  completePasswordReset: endpoint(apiRoutes.completePasswordReset, {
    tags: ['auth'],
    summary: "Forgotten password: the mail's link sets a new password and ends every session of the account",
    description:
      '204. 410 `LINK_USED`: the link was used, has expired or is unknown. 400: the new password breaks the ' +
      'password rules (`COMMON_PASSWORD`, `PERSONAL_PASSWORD`, `GUESSABLE_PASSWORD`). 403 `SSO_REQUIRED`: ' +
      'the organisation requires single sign-on.',
    body: passwordResetCompleteBodySchema,
    response: {
      204: z.null(),
      400: apiErrorSchema,
      403: apiErrorSchema,
      410: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),

  // ---- the signed-in user: sessions
  listSessions: endpoint(apiRoutes.listSessions, {
    tags: ['user'],
    summary: "The signed-in user's own sessions (devices), the current one marked",
    query: withClientQuery({}),
    response: { 200: userSessionsResponseSchema, 401: apiErrorSchema },
  }),
  endSession: endpoint(apiRoutes.endSession, {
    tags: ['user'],
    summary: 'End one of your own sessions: its tokens stop working and its streams close at once',
    params: userSessionParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),

  // ---- navigation (docs/product.md §2 menu and favourites, §4 pin)
  getMenu: endpoint(apiRoutes.getMenu, {
    tags: ['navigation'],
    summary: "The signed-in user's menu groups and items",
    query: withClientQuery({}),
    response: { 200: menuResponseSchema, 401: apiErrorSchema },
  }),
  getFavorites: endpoint(apiRoutes.getFavorites, {
    tags: ['navigation'],
    summary: "The signed-in user's pinned reports and dashboards (docs/product.md §2 Favorites)",
    query: withClientQuery({}),
    response: { 200: favoritesResponseSchema, 401: apiErrorSchema },
  }),
  getFeatured: endpoint(apiRoutes.getFeatured, {
    tags: ['navigation'],
    summary: 'What the administrators featured, as far as the signed-in user may see it (home page)',
    query: withClientQuery({}),
    response: { 200: featuredResponseSchema, 401: apiErrorSchema },
  }),
  updatePin: endpoint(apiRoutes.updatePin, {
    tags: ['navigation'],
    summary: 'Pin or unpin a report (by item name) or a dashboard (by layout id)',
    query: withClientQuery({}),
    body: withClientBody(pinUpdateSchema.shape),
    response: { 200: pinUpdateSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),

  // ---- management: users
  listUsers: endpoint(apiRoutes.listUsers, {
    tags: ['management'],
    summary: 'Users of your organisation, by name; `search` matches name or e-mail',
    query: managedUsersQuerySchema,
    response: { 200: managedUsersResponseSchema, ...managementErrors },
  }),
  createUser: endpoint(apiRoutes.createUser, {
    tags: ['management'],
    summary: 'Create a user of your organisation with an initial password',
    query: withClientQuery({}),
    body: newUserBodySchema,
    // 409 for an address in use, here or in another organisation alike; 429 after too many (management README).
    response: { 201: managedUserSchema, ...managementErrors, 429: apiErrorSchema },
  }),
  updateUser: endpoint(apiRoutes.updateUser, {
    tags: ['management'],
    summary: 'Change the name, role, subscription or attributes of a user of your organisation',
    description:
      '`attributes` replaces the attributes set by hand (decision 027); keys taken from single sign-on stay ' +
      'and cannot be set here (400 naming the key).',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: userChangesBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),
  importUserAttributes: endpoint(apiRoutes.importUserAttributes, {
    tags: ['management'],
    summary: 'Set user attributes of users of your organisation from a CSV (`email,<key>,…`, values split by `|`)',
    description:
      'Each row sets the header\'s keys of one user; an empty cell removes the key. Any invalid row → nothing ' +
      'is imported and `errors` names each row and column; addresses that are not of your organisation are ' +
      'listed in `unknownEmails`.',
    query: withClientQuery({}),
    body: userAttributesImportBodySchema,
    response: { 200: userAttributesImportResultSchema, ...managementErrors },
  }),

  deactivateUser: endpoint(apiRoutes.deactivateUser, {
    tags: ['management'],
    summary: 'Deactivate a user of your organisation: their sessions end and their next call gets 401',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),
  reactivateUser: endpoint(apiRoutes.reactivateUser, {
    tags: ['management'],
    summary: 'Reactivate a user of your organisation: they can sign in again',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),
  resetUserPassword: endpoint(apiRoutes.resetUserPassword, {
    tags: ['management'],
    summary:
      'Set a one-time password for a user of your organisation: their sessions end and they must choose a new password at the next sign-in',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: userPasswordResetBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),

  // ---- two-factor sign-in (decision 021)
  getTwoFactorStatus: endpoint(apiRoutes.getTwoFactorStatus, {
    tags: ['user'],
    summary: 'Whether two-factor sign-in is on, and whether your organisation requires it',
    query: withClientQuery({}),
    response: { 200: twoFactorStatusSchema, ...managementErrors },
  }),
  getTwoFactorPolicy: endpoint(apiRoutes.getTwoFactorPolicy, {
    tags: ['management'],
    summary: "Your organisation's two-factor policy",
    query: twoFactorPolicyQuerySchema,
    response: { 200: twoFactorPolicySchema, ...managementErrors },
  }),
  updateTwoFactorPolicy: endpoint(apiRoutes.updateTwoFactorPolicy, {
    tags: ['management'],
    summary: 'Require two-factor sign-in for everyone in your organisation (single sign-on is exempt)',
    query: twoFactorPolicyQuerySchema,
    body: twoFactorPolicyBodySchema,
    response: { 200: twoFactorPolicySchema, ...managementErrors },
  }),
  resetUserTwoFactor: endpoint(apiRoutes.resetUserTwoFactor, {
    tags: ['management'],
    summary: "Remove a user's second factor (lost phone): they set it up again, if required",
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 204: z.null(), ...managementErrors },
  }),
  enableTwoFactor: endpoint(apiRoutes.enableTwoFactor, {
    tags: ['auth'],
    summary: 'A new two-factor key and recovery codes; in force once a code confirms it (verify-totp)',
    body: twoFactorPasswordBodySchema,
    response: { 200: twoFactorEnableResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  disableTwoFactor: endpoint(apiRoutes.disableTwoFactor, {
    tags: ['auth'],
    summary: 'Turn two-factor sign-in off (needs the password)',
    body: twoFactorPasswordBodySchema,
    response: { 200: libraryAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  verifyTwoFactorCode: endpoint(apiRoutes.verifyTwoFactorCode, {
    tags: ['auth'],
    summary: 'A code of the authenticator app: confirms a new key, or completes a sign-in that asked for one',
    headers: z.object({ [integrityTokenHeader]: z.string().max(4096) }),
    body: twoFactorCodeBodySchema,
    response: { 200: libraryAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),
  verifyRecoveryCode: endpoint(apiRoutes.verifyRecoveryCode, {
    tags: ['auth'],
    summary: 'Complete a sign-in with a recovery code (each works once)',
    headers: z.object({ [integrityTokenHeader]: z.string().max(4096) }),
    body: twoFactorCodeBodySchema,
    response: { 200: libraryAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),

  // ---- the message service (docs/product.md §7)
  getCurrentMessage: endpoint(apiRoutes.getCurrentMessage, {
    tags: ['messages'],
    summary: 'The banner message to show now, in the given UI language (`item: null` when none)',
    query: currentMessageQuerySchema,
    response: { 200: currentMessageResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  getContractMessage: endpoint(apiRoutes.getContractMessage, {
    tags: ['messages'],
    summary: 'Whether a new contract waits for acceptance (only ever for organisation administrators)',
    query: withClientQuery({}),
    response: { 200: contractMessageResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  dismissMessage: endpoint(apiRoutes.dismissMessage, {
    tags: ['messages'],
    summary: 'Close a banner message for the signed-in user, for good (idempotent)',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),

  // ---- management: contract center
  getContract: endpoint(apiRoutes.getContract, {
    tags: ['management'],
    summary: "Your organisation's current contract, its use, and a pending new contract",
    query: withClientQuery({}),
    response: { 200: contractOverviewSchema, ...managementErrors },
  }),
  acceptContract: endpoint(apiRoutes.acceptContract, {
    tags: ['management'],
    summary: 'Accept the pending new contract: it becomes the current one',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: contractOverviewSchema, ...managementErrors },
  }),

  // ---- management: banner messages
  listBanners: endpoint(apiRoutes.listBanners, {
    tags: ['management'],
    summary: "Your organisation's banner messages, newest first, with their schedule status",
    query: withClientQuery({}),
    response: { 200: managedBannersResponseSchema, ...bannerErrors },
  }),
  createBanner: endpoint(apiRoutes.createBanner, {
    tags: ['management'],
    summary: 'Create a banner message (English and German texts, buttons, optional start and end)',
    query: withClientQuery({}),
    body: bannerMessageBodySchema,
    response: { 201: managedBannerSchema, ...bannerErrors },
  }),
  updateBanner: endpoint(apiRoutes.updateBanner, {
    tags: ['management'],
    summary: 'Replace the texts, buttons and schedule of a banner message',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: bannerMessageBodySchema,
    response: { 200: managedBannerSchema, ...bannerErrors },
  }),
  deleteBanner: endpoint(apiRoutes.deleteBanner, {
    tags: ['management'],
    summary: 'Delete a banner message (it disappears for everyone on their next fetch)',
    params: idParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...bannerErrors },
  }),

  // ---- the signed-in user: settings and password
  getUserSettings: endpoint(apiRoutes.getUserSettings, {
    tags: ['user'],
    summary: 'Settings, role and subscription of the signed-in user',
    query: withClientQuery({}),
    response: { 200: userSettingsSchema, 401: apiErrorSchema },
  }),
  updateUserSettings: endpoint(apiRoutes.updateUserSettings, {
    tags: ['user'],
    summary: 'Save UI language, UI culture, currency symbol and display name',
    query: withClientQuery({}),
    body: withClientBody(userSettingsUpdateSchema.shape),
    response: { 200: userSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  changePassword: endpoint(apiRoutes.changePassword, {
    tags: ['user'],
    summary: "Change the signed-in user's password (ends the user's other sessions)",
    query: withClientQuery({}),
    body: withClientBody(passwordChangeSchema.shape),
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),

  // ---- the signed-in user: recently opened
  listRecents: endpoint(apiRoutes.listRecents, {
    tags: ['user'],
    summary: 'Recently opened reports and dashboards, newest first (only those you may still see)',
    query: withClientQuery({}),
    response: { 200: recentsResponseSchema, 401: apiErrorSchema },
  }),
  recordRecent: endpoint(apiRoutes.recordRecent, {
    tags: ['user'],
    summary: 'Record that you opened a report (by item name) or a dashboard (by layout id)',
    query: withClientQuery({}),
    body: withClientBody(recentOpeningSchema.shape),
    response: {
          200: recentOpeningResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
  }),
  clearRecents: endpoint(apiRoutes.clearRecents, {
    tags: ['user'],
    summary: 'Forget every recently opened report and dashboard (in every browser)',
    query: withClientQuery({}),
    response: { 204: z.null(), 401: apiErrorSchema },
  }),

  // ---- notifications (docs/product.md §D.5)
  streamNotifications: endpoint(apiRoutes.streamNotifications, {
    tags: ['notifications'],
    summary: "The signed-in user's notifications as server-sent events",
    description: 'First event `snapshot` (newest first), then `upsert` / `remove` for every change of the ' +
          "user's notifications; a comment line every 25 s. The stream ends when the bearer token " +
          'expires; reconnect with a fresh one (a new snapshot follows).',
    query: withClientQuery({}),
    response: { 401: apiErrorSchema },
  }),
  listOlderNotifications: endpoint(apiRoutes.listOlderNotifications, {
    tags: ['notifications'],
    summary: 'A page of your notifications older than the given one (newest first)',
    description: "The stream's snapshot is the newest page; the list asks for the next older page as it is " +
          'scrolled, giving the date and uid of the oldest notification it has.',
    query: notificationPageQuerySchema,
    response: { 200: notificationPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  updateNotification: endpoint(apiRoutes.updateNotification, {
    tags: ['notifications'],
    summary: 'Mark one of your notifications as read or as moused over',
    description: 'Body exactly `{ "wasRead": true }` or `{ "mouseOver": true }`; idempotent.',
    params: notificationParamsSchema,
    query: withClientQuery({}),
    body: notificationPatchSchema,
    response: { 200: notificationSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),

  // ---- management: notifications
  sendNotification: endpoint(apiRoutes.sendNotification, {
    tags: ['management'],
    summary: 'Send a notification to all users of your organisation or to listed users of it',
    query: withClientQuery({}),
    body: sendNotificationBodySchema,
    response: {
          201: sendNotificationResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
  }),
  listSentNotifications: endpoint(apiRoutes.listSentNotifications, {
    tags: ['management'],
    summary: "Your organisation's sent notifications (newest 50) with recipient and read counts",
    query: withClientQuery({}),
    response: { 200: sentNotificationsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),

  // ---- dashboards
  getDashboardsAvailability: endpoint(apiRoutes.getDashboardsAvailability, {
    tags: ['dashboards'],
    summary: 'Whether the dashboards area is available to the signed-in user',
    query: withClientQuery({}),
    response: { 200: dashboardsAvailabilitySchema, 401: apiErrorSchema },
  }),
  getDashboardsMenu: endpoint(apiRoutes.getDashboardsMenu, {
    tags: ['dashboards'],
    summary: 'Dashboard groups and items for the dashboards panel (item name = layout id)',
    query: withClientQuery({}),
    response: { 200: dashboardsMenuResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  getDashboard: endpoint(apiRoutes.getDashboard, {
    tags: ['dashboards'],
    summary: 'A dashboard: title and tiles (each tile loads its own data)',
    params: dashboardParamsSchema,
    query: withClientQuery({}),
    response: {
          200: dashboardResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
  }),
  getDashboardTile: endpoint(apiRoutes.getDashboardTile, {
    tags: ['dashboards'],
    summary: "One dashboard tile's data",
    params: dashboardTileParamsSchema,
    query: dashboardTileQuerySchema,
    response: {
          200: dashboardTileDataResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          500: apiErrorSchema,
        },
  }),

  // ---- translations (docs/product.md §7)
  getTranslations: endpoint(apiRoutes.getTranslations, {
    tags: ['localization'],
    summary: 'UI texts of one language',
    query: withClientQuery({ lang: translationsQuerySchema.shape.lang }),
    response: { 200: translationsResponseSchema, 400: apiErrorSchema },
  }),

  // ---- health (decision 018)
  getHealth: endpoint(apiRoutes.getHealth, {
    tags: ['health'],
    summary: 'Liveness: the server process is up',
    query: withClientQuery({}),
    response: { 200: healthResponseSchema },
  }),
  getReadiness: endpoint(apiRoutes.getReadiness, {
    tags: ['health'],
    summary: 'Readiness: database, Redis (when configured) and LISTEN connections are up',
    query: withClientQuery({}),
    response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
  }),

  // ---- app configuration
  getAppConfig: endpoint(apiRoutes.getAppConfig, {
    tags: ['app'],
    summary: 'Configuration the signed-in app needs',
    query: withClientQuery({}),
    response: { 200: appConfigSchema, 401: apiErrorSchema },
  }),

  // ---- reports
  getReport: endpoint(apiRoutes.getReport, {
    tags: ['reports'],
    summary: "A report of the user's organisation: its definition and, for a query report, its data",
    description:
      'A query report runs its SQL definition for the given parameter values (`values`, JSON) as the signed-in ' +
      "user, with the user's attributes bound. Values are raw numbers; the client formats them in the user culture.",
    params: reportNameParamsSchema,
    query: reportQuerySchema,
    response: {
          200: reportResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          // A stored definition that cannot run (docs/decisions/024).
          500: apiErrorSchema,
        },
  }),
  downloadReport: endpoint(apiRoutes.downloadReport, {
    tags: ['reports'],
    summary: "A query report's whole result as a CSV or XLSX file, streamed",
    description:
      'The definition runs for the reader exactly as on the report page (values, user attributes, audiences), ' +
      'read through a cursor and written while it is sent (at most 1,000,000 rows). Header labels are in the ' +
      "UI language; CSV values are raw (ISO dates, numbers with the culture's decimal separator). " +
      '403: a user attribute the definition needs is missing; 503: the data source failed.',
    params: reportNameParamsSchema,
    query: reportDownloadQuerySchema,
    response: {
      200: reportDownloadFileSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),

  // ---- management: uploaded tables (decision 027); the two POSTs take multipart/form-data, streamed
  previewUpload: endpoint(apiRoutes.previewUpload, {
    tags: ['management: data'],
    summary: 'Read the first rows of a CSV or XLSX file: separator, encoding, sheets, columns and their types',
    description:
      'multipart/form-data: the fields `valueStyle` (`en`, `de`; detected when absent) and `sheet` (XLSX), then ' +
      '`file`. Nothing is stored. 400 with `error.detail`: a cell over 32,767 characters (its row and column); ' +
      '413: the file is over 200 MB or an XLSX file unpacks to more than 100 times its size; 415: not multipart.',
    params: uploadSourceParamsSchema,
    query: withClientQuery({}),
    body: uploadMultipartBodySchema,
    response: {
      200: uploadPreviewResponseSchema,
      ...managementErrors,
      400: uploadErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  uploadTable: endpoint(apiRoutes.uploadTable, {
    tags: ['management: data'],
    summary: "Import a CSV or XLSX file into a table of the organisation's uploaded tables (replace or append)",
    description:
      'multipart/form-data: the field `options` (JSON, `UploadOptions`) before `file`. One transaction: a bad ' +
      'value imports nothing and answers 400 with `error.detail` naming its row (1 = the first data row), column ' +
      'and value (a cell over 32,767 characters: its row and column as a spreadsheet shows them). 413: over ' +
      '1,000,000 rows or 200 MB, or an XLSX file unpacking to more than 100 times its size; 415: not multipart.',
    params: uploadSourceParamsSchema,
    query: withClientQuery({}),
    body: uploadMultipartBodySchema,
    response: {
      200: uploadResultSchema,
      ...managementErrors,
      400: uploadErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  listUploadedTables: endpoint(apiRoutes.listUploadedTables, {
    tags: ['management: data'],
    summary: 'The uploaded tables of an `uploads` data source: columns and row counts',
    params: uploadSourceParamsSchema,
    query: withClientQuery({}),
    response: { 200: uploadedTablesResponseSchema, ...managementErrors },
  }),
  removeUploadedTable: endpoint(apiRoutes.removeUploadedTable, {
    tags: ['management: data'],
    summary: 'Remove an uploaded table and its rows',
    params: uploadedTableParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...managementErrors },
  }),

  // ---- management: the catalogue (decision 015)
  exportCatalogue: endpoint(apiRoutes.exportCatalogue, {
    tags: catalogueTags,
    summary: "Export: the organisation's whole catalogue as one versioned document",
    query: withClientQuery({}),
    response: { 200: catalogueDocumentSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  importCatalogue: endpoint(apiRoutes.importCatalogue, {
    tags: catalogueTags,
    summary: 'Import: replace the whole catalogue atomically (nothing changes when the document is invalid)',
    query: withClientQuery({}),
    body: catalogueImportBodySchema,
    response: { ...catalogueChanges, 413: apiErrorSchema },
  }),
  previewCatalogueImport: endpoint(apiRoutes.previewCatalogueImport, {
    tags: catalogueTags,
    summary: 'What importing this document would change (nothing is applied)',
    query: withClientQuery({}),
    body: catalogueImportBodySchema,
    response: { ...catalogueChanges, 413: apiErrorSchema },
  }),
  previewCatalogueAudience: endpoint(apiRoutes.previewCatalogueAudience, {
    tags: catalogueTags,
    summary: 'Preview as: the menus exactly as users of a role and subscription see them',
    query: cataloguePreviewQuerySchema,
    response: { 200: cataloguePreviewSchema, ...managementErrors },
  }),
  getCatalogueUsage: endpoint(apiRoutes.getCatalogueUsage, {
    tags: catalogueTags,
    summary: 'How many users pinned each item and dashboard',
    query: withClientQuery({}),
    response: { 200: catalogueUsageSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  createMenuGroup: endpoint(apiRoutes.createMenuGroup, {
    tags: catalogueTags,
    summary: 'Create a menu group',
    query: withClientQuery({}),
    body: menuGroupBodySchema,
    response: catalogueChanges,
  }),
  updateMenuGroup: endpoint(apiRoutes.updateMenuGroup, {
    tags: catalogueTags,
    summary: 'Change a menu group (title, icon, audience, place)',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    body: menuGroupBodySchema,
    response: catalogueChanges,
  }),
  deleteMenuGroup: endpoint(apiRoutes.deleteMenuGroup, {
    tags: catalogueTags,
    summary: 'Delete a menu group with its items',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  createItem: endpoint(apiRoutes.createItem, {
    tags: catalogueTags,
    summary: 'Create a report item',
    query: withClientQuery({}),
    body: itemBodySchema,
    response: catalogueChanges,
  }),
  updateItem: endpoint(apiRoutes.updateItem, {
    tags: catalogueTags,
    summary: 'Change a report item (also: move it to another group or place)',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    body: itemBodySchema,
    response: catalogueChanges,
  }),
  deleteItem: endpoint(apiRoutes.deleteItem, {
    tags: catalogueTags,
    summary: 'Delete a report item',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  createDashboardGroup: endpoint(apiRoutes.createDashboardGroup, {
    tags: catalogueTags,
    summary: 'Create a dashboard group',
    query: withClientQuery({}),
    body: dashboardGroupBodySchema,
    response: catalogueChanges,
  }),
  updateDashboardGroup: endpoint(apiRoutes.updateDashboardGroup, {
    tags: catalogueTags,
    summary: 'Change a dashboard group',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    body: dashboardGroupBodySchema,
    response: catalogueChanges,
  }),
  deleteDashboardGroup: endpoint(apiRoutes.deleteDashboardGroup, {
    tags: catalogueTags,
    summary: 'Delete a dashboard group with its dashboards',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  createDashboard: endpoint(apiRoutes.createDashboard, {
    tags: catalogueTags,
    summary: 'Create a dashboard with its tiles',
    query: withClientQuery({}),
    body: dashboardBodySchema,
    response: catalogueChanges,
  }),
  updateDashboard: endpoint(apiRoutes.updateDashboard, {
    tags: catalogueTags,
    summary: 'Change a dashboard and its tiles (add, move, remove)',
    params: catalogueLayoutParamsSchema,
    query: withClientQuery({}),
    body: dashboardBodySchema,
    response: catalogueChanges,
  }),
  deleteDashboard: endpoint(apiRoutes.deleteDashboard, {
    tags: catalogueTags,
    summary: 'Delete a dashboard',
    params: catalogueLayoutParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  listActivity: endpoint(apiRoutes.listActivity, {
    tags: ['management'],
    summary: "The organisation's administrator actions, newest first",
    query: activityQuerySchema,
    response: { 200: activityResponseSchema, ...managementErrors },
  }),

  // ---- management: sign-in (decision 020); the client secret goes in, never out
  getSignInSettings: endpoint(apiRoutes.getSignInSettings, {
    tags: ['management'],
    summary: "The organisation's single sign-on provider (never its client secret)",
    query: signInSettingsQuerySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),
  saveSignInSettings: endpoint(apiRoutes.saveSignInSettings, {
    tags: ['management'],
    summary: 'Register or change the OpenID Connect provider; its discovery document is checked first',
    query: signInSettingsQuerySchema,
    body: signInSettingsBodySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),
  removeSignInSettings: endpoint(apiRoutes.removeSignInSettings, {
    tags: ['management'],
    summary: 'Remove the provider: users sign in with their passwords again',
    query: signInSettingsQuerySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),
  verifySignInDomain: endpoint(apiRoutes.verifySignInDomain, {
    tags: ['management'],
    summary: "Prove a claimed e-mail domain by its DNS TXT record (`domainProof` of the settings)",
    description:
      '400 `DOMAIN_NOT_PROVEN`: the TXT record is missing or has another value; 400 `PUBLIC_MAIL_DOMAIN`; ' +
      "409 `DOMAIN_IN_USE`: users of another organisation have addresses in it; 409 `CONFLICT`: another " +
      'organisation proved it; 404: the domain is not claimed by this organisation.',
    params: signInDomainParamsSchema,
    query: signInSettingsQuerySchema,
    body: emptyBodySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),

  // ---- management: data sources, report definitions, query log (decision 027); a password goes in, never out
  listDataSources: endpoint(apiRoutes.listDataSources, {
    tags: dataTags,
    summary: "The organisation's data sources (never a password) and the definitions that read each",
    query: withClientQuery({}),
    response: { 200: managedDataSourcesResponseSchema, ...managementErrors },
  }),
  createDataSource: endpoint(apiRoutes.createDataSource, {
    tags: dataTags,
    summary: 'Add a database data source (PostgreSQL or MySQL/MariaDB) with its password',
    description:
      "400 names the field: `connection.host` when the host rule (`DATA_SOURCE_HOSTS`) refuses the host, " +
      "`password` when it is missing. 409: the name is taken; `uploads` (the uploaded tables) every organisation has.",
    query: withClientQuery({}),
    body: dataSourceBodySchema,
    response: { 201: managedDataSourceSchema, ...managementErrors },
  }),
  updateDataSource: endpoint(apiRoutes.updateDataSource, {
    tags: dataTags,
    summary: 'Change a data source; no password keeps the stored one unless host, port, database or user change',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    body: dataSourceBodySchema,
    response: { 200: managedDataSourceSchema, ...managementErrors },
  }),
  deleteDataSource: endpoint(apiRoutes.deleteDataSource, {
    tags: dataTags,
    summary: 'Remove a data source (409 while a report definition reads it)',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...managementErrors },
  }),
  testDataSource: endpoint(apiRoutes.testDataSource, {
    tags: dataTags,
    summary: 'Connect, prove the session read-only, and say whether the account itself could write',
    description: "A connection that fails is `ok: false` with the database's message; 400 `password`: none stored yet.",
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: dataSourceTestResponseSchema, ...managementErrors, 503: apiErrorSchema },
  }),
  getDataSourceSchema: endpoint(apiRoutes.getDataSourceSchema, {
    tags: dataTags,
    summary: "The source's tables and columns (what the SQL editor completes)",
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    response: { 200: sourceSchemaResponseSchema, ...managementErrors, 503: apiErrorSchema },
  }),
  listQueryLog: endpoint(apiRoutes.listQueryLog, {
    tags: dataTags,
    summary: 'The runs of report SQL, newest first (kept 30 days)',
    query: queryLogQuerySchema,
    response: { 200: queryLogResponseSchema, ...managementErrors },
  }),
  listDefinitions: endpoint(apiRoutes.listDefinitions, {
    tags: dataTags,
    summary: "The organisation's report definitions",
    query: withClientQuery({}),
    response: { 200: definitionsResponseSchema, ...managementErrors },
  }),
  createDefinition: endpoint(apiRoutes.createDefinition, {
    tags: dataTags,
    summary: 'Add a report definition (its statement is checked to be one SELECT)',
    query: withClientQuery({}),
    body: definitionBodySchema,
    response: { 201: reportDefinitionBodySchema, ...managementErrors },
  }),
  updateDefinition: endpoint(apiRoutes.updateDefinition, {
    tags: dataTags,
    summary: 'Change a report definition',
    params: definitionNameParamsSchema,
    query: withClientQuery({}),
    body: definitionBodySchema,
    response: { 200: reportDefinitionBodySchema, ...managementErrors },
  }),
  deleteDefinition: endpoint(apiRoutes.deleteDefinition, {
    tags: dataTags,
    summary: 'Remove a report definition (409 while a report item or tile uses it)',
    params: definitionNameParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...managementErrors },
  }),
  previewDefinition: endpoint(apiRoutes.previewDefinition, {
    tags: dataTags,
    summary: "Run an unsaved definition on its real source, row-limited; the database's error with its position",
    query: withClientQuery({}),
    body: definitionPreviewBodySchema,
    response: { 200: definitionPreviewResponseSchema, ...managementErrors, 503: apiErrorSchema },
  }),

  // ---- reports that come to people (decision 029)
  listSubscriptions: endpoint(apiRoutes.listSubscriptions, {
    tags: subscriptionTags,
    summary: 'Your subscriptions and alerts, each with its last delivery',
    query: withClientQuery({}),
    response: { 200: subscriptionsResponseSchema, 401: apiErrorSchema },
  }),
  createSubscription: endpoint(apiRoutes.createSubscription, {
    tags: subscriptionTags,
    summary: 'Subscribe to a report or dashboard you can see, or set an alert on a report',
    description:
      'The schedule is structured (daily, chosen weekdays, weekly, monthly on day 1–28 at HH:MM in your time ' +
      'zone); parameter values are checked against the report\'s parameter types. `recipients` (other users, ' +
      'an audience) is for administrators only.',
    query: withClientQuery({}),
    body: subscriptionBodySchema,
    response: { 201: subscriptionViewSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  updateSubscription: endpoint(apiRoutes.updateSubscription, {
    tags: subscriptionTags,
    summary: 'Change (or pause) one of your subscriptions or alerts',
    params: subscriptionIdParamsSchema,
    query: withClientQuery({}),
    body: subscriptionBodySchema,
    response: { 200: subscriptionViewSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
  }),
  deleteSubscription: endpoint(apiRoutes.deleteSubscription, {
    tags: subscriptionTags,
    summary: 'Delete one of your subscriptions or alerts',
    params: subscriptionIdParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  sendSubscriptionNow: endpoint(apiRoutes.sendSubscriptionNow, {
    tags: subscriptionTags,
    summary: 'Deliver one of your subscriptions now, to each of its recipients',
    params: subscriptionIdParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 202: sendNowResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  listMyDeliveries: endpoint(apiRoutes.listMyDeliveries, {
    tags: subscriptionTags,
    summary: 'Deliveries of your subscriptions (newest 100) with status and reason',
    query: deliveriesQuerySchema,
    response: { 200: deliveriesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  getDeliverySettings: endpoint(apiRoutes.getDeliverySettings, {
    tags: subscriptionTags,
    summary: 'Your time zone for schedules',
    query: withClientQuery({}),
    response: { 200: deliverySettingsSchema, 401: apiErrorSchema },
  }),
  updateDeliverySettings: endpoint(apiRoutes.updateDeliverySettings, {
    tags: subscriptionTags,
    summary: 'Set your time zone for schedules (your subscriptions follow it)',
    query: withClientQuery({}),
    body: deliverySettingsBodySchema,
    response: { 200: deliverySettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  unsubscribe: endpoint(apiRoutes.unsubscribe, {
    tags: subscriptionTags,
    summary: "A mail's unsubscribe link: no sign-in, the signed single-purpose token decides (once)",
    query: withClientQuery({}),
    body: unsubscribeBodySchema,
    response: { 200: unsubscribeResponseSchema, 400: apiErrorSchema, 410: apiErrorSchema },
  }),
  listManagedSubscriptions: endpoint(apiRoutes.listManagedSubscriptions, {
    tags: ['management'],
    summary: "The organisation's subscriptions and alerts",
    query: withClientQuery({}),
    response: { 200: subscriptionsResponseSchema, ...managementErrors },
  }),
  listDeliveries: endpoint(apiRoutes.listDeliveries, {
    tags: ['management'],
    summary: "The organisation's deliveries (newest 200): sent, skipped, failed with the reason, retrying",
    query: deliveriesQuerySchema,
    response: { 200: deliveriesResponseSchema, ...managementErrors },
  }),
  listOutbox: endpoint(apiRoutes.listOutbox, {
    tags: ['management'],
    summary: 'Mails written to the outbox instead of sent (no SMTP_URL), newest 100',
    query: withClientQuery({}),
    response: { 200: outboxResponseSchema, ...managementErrors },
  }),
  getOutboxMail: endpoint(apiRoutes.getOutboxMail, {
    tags: ['management'],
    summary: 'One mail of the outbox: its text and HTML parts and attachments',
    params: outboxMailParamsSchema,
    query: withClientQuery({}),
    response: { 200: outboxMailSchema, ...managementErrors },
  }),

  // ---- app integrity (decision 007)
  getIntegrityChallenge: endpoint(apiRoutes.getIntegrityChallenge, {
    tags: ['integrity'],
    summary: 'A signed proof-of-work challenge (ALTCHA v2), valid for at most 600 s',
    query: withClientQuery({}),
    response: { 200: integrityChallengeResponseSchema, 429: apiErrorSchema },
  }),
  verifyIntegrity: endpoint(apiRoutes.verifyIntegrity, {
    tags: ['integrity'],
    summary: 'Exchange a solved challenge (once) for an integrity token',
    query: withClientQuery({}),
    body: integrityVerifyBodySchema,
    response: { 200: integrityTokenResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
} as const;

export type ApiEndpoints = typeof apiEndpoints;

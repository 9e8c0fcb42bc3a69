/** Every API path, defined once and shared by the server routes and the web client. */
export const apiPaths = {
  /** Liveness: the process answers (decision 018). */
  health: '/api/health',
  /** Readiness: database, Redis when configured, LISTEN connections; 503 takes the instance out. */
  healthReady: '/api/health/ready',
  translations: '/api/Localization/getTranslations',
  authPrefix: '/api/auth',
  signIn: '/api/auth/sign-in/email',
  signOut: '/api/auth/sign-out',
  token: '/api/auth/token',
  userSettings: '/api/user/settings',
  /** `POST`: change the signed-in user's password (issue 3 settings page). */
  userPassword: '/api/user/password',
  appConfig: '/api/app/config',
  menu: '/api/navigation/menu',
  pins: '/api/navigation/pins',
  /** Pinned reports and dashboards with their titles (spec §2 Favorites). */
  favorites: '/api/navigation/favorites',
  /** What the organisation's administrators marked featured, filtered by audience (the reports home). */
  featured: '/api/navigation/featured',
  dashboardsAvailability: '/api/dashboards/availability',
  notificationsStream: '/api/notifications/stream',
  /** `GET` a page of older notifications (the stream's snapshot is the newest page). */
  notifications: '/api/notifications',
  /** `PATCH` one notification: `/api/notifications/:uid`. */
  notification: '/api/notifications/:uid',
  managementNotifications: '/api/management/notifications',
  /** App integrity (issue 7): public proof-of-work challenge and its exchange for an integrity token. */
  integrityChallenge: '/api/integrity/challenge',
  integrityVerify: '/api/integrity/verify',
  /** The signed-in user's own sessions; `DELETE /api/user/sessions/:id` ends one (issue 7). */
  userSessions: '/api/user/sessions',
  userSession: '/api/user/sessions/:id',
  /** `GET` the recently opened reports and dashboards, `POST` one opening, `DELETE` them all. */
  userRecents: '/api/user/recents',
  docs: '/api/docs',
} as const;

/**
 * `GET /api/auth/token?check=true`: the web app's session check. Without a session the answer is
 * `200 { token: null }` instead of 401, so a signed-out visit (the login screen) makes no failed request
 * the browser would log as an error. Without the parameter the endpoint answers 401 as before.
 */
export const tokenCheckParam = 'check';

/**
 * Paths reachable without a bearer token (issue 2: sign-in, translations and health). `/api/auth/*`
 * authenticates with the session cookie instead (DESIGN.md §3).
 */
export const publicApiPaths: readonly string[] = [
  apiPaths.health,
  apiPaths.healthReady,
  apiPaths.translations,
  // Solved before anyone signs in (issue 7).
  apiPaths.integrityChallenge,
  apiPaths.integrityVerify,
];

/** A path of the API with its `:param`s filled in (URL-encoded). */
export function apiPathWith(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPathWith: missing :${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

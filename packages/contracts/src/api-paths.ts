/** Every API path, defined once and shared by the server routes and the web client. */
export const apiPaths = {
  health: '/api/health',
  translations: '/api/Localization/getTranslations',
  authPrefix: '/api/auth',
  signIn: '/api/auth/sign-in/email',
  signOut: '/api/auth/sign-out',
  token: '/api/auth/token',
  userSettings: '/api/user/settings',
  appConfig: '/api/app/config',
  menu: '/api/navigation/menu',
  pins: '/api/navigation/pins',
  dashboardsAvailability: '/api/dashboards/availability',
  docs: '/api/docs',
} as const;

/**
 * Paths reachable without a bearer token (issue 2: sign-in, translations and health). `/api/auth/*`
 * authenticates with the session cookie instead (DESIGN.md §3).
 */
export const publicApiPaths: readonly string[] = [apiPaths.health, apiPaths.translations];

import { apiRoutes, errorCodes } from '@cockpit/contracts';
import type { App } from '../app-types';
import { HttpError } from '../lib/http-error';

/**
 * What a user whom the organisation requires to use a second factor may still call before setting one
 * up (decision 021): the set-up status and what the set-up screen shows (their settings for language
 * and name, the app's configuration). The set-up itself goes through `/api/auth/two-factor/*` with the
 * session cookie, outside this scope.
 */
const allowedWhileSettingUp: ReadonlySet<string> = new Set([
  `GET ${apiRoutes.getTwoFactorStatus.path}`,
  `GET ${apiRoutes.getUserSettings.path}`,
  `GET ${apiRoutes.getAppConfig.path}`,
]);

/**
 * The organisation's two-factor policy on the server (decision 021): after the bearer check of the
 * protected scope, a user whose organisation requires two-factor sign-in and who has not set it up gets
 * 403 `TWO_FACTOR_REQUIRED` from every route but those above. Single sign-on sessions are exempt.
 */
export function requireSecondFactorWhereRequired(scope: App): void {
  scope.addHook('onRequest', async (request) => {
    if (!request.user.secondFactorMissing) return;
    // A one-time password is replaced first (decision 022); the set-up comes right after.
    if (request.user.mustChangePassword) return;
    if (allowedWhileSettingUp.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    throw new HttpError(
      403,
      errorCodes.twoFactorRequired,
      'Your organisation requires two-factor sign-in. Set it up before you continue.',
    );
  });
}

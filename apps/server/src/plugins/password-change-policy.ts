import { apiRoutes, errorCodes } from '@cockpit/contracts';
import type { App } from '../app-types';
import { HttpError } from '../lib/http-error';

/**
 * What a user with a one-time password may still call (decision 022): the password change itself and
 * what the password-change screen shows (their settings for language and name, the app's
 * configuration). Sign-out and the token exchange go through `/api/auth/*` with the session cookie,
 * outside this scope.
 */
export const allowedWhilePasswordChangeRequired: ReadonlySet<string> = new Set([
  `POST ${apiRoutes.changePassword.path}`,
  `GET ${apiRoutes.getUserSettings.path}`,
  `GET ${apiRoutes.getAppConfig.path}`,
]);

/**
 * "Must change password" on the server (decision 022): after the bearer check of the protected scope, a
 * user whose password an administrator set (at creation or by a reset) gets 403
 * `PASSWORD_CHANGE_REQUIRED` from every route but those above, until they choose their own password.
 */
export function requirePasswordChangeFirst(scope: App): void {
  scope.addHook('onRequest', async (request) => {
    if (!request.user.mustChangePassword) return;
    if (allowedWhilePasswordChangeRequired.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    throw new HttpError(
      403,
      errorCodes.passwordChangeRequired,
      'Choose a new password before you continue.',
    );
  });
}

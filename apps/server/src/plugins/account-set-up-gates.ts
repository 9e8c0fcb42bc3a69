import { apiRoutes, errorCodes } from '@cockpit/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { type ErrorCode, HttpError } from '../lib/http-error';
import { declaredPlugin, pluginNames } from './declared-plugin';

/**
 * Something a signed-in user must do before anything else, and what they may call meanwhile: what the
 * no-shell screen of that step shows (their settings for language and name, the app's configuration)
 * and the step itself. Sign-out, the token exchange and the library's two-factor set-up go through
 * `/api/auth/*` with the session cookie, outside the protected scope.
 */
interface AccountSetUpGate {
  applies: (user: AuthenticatedUser) => boolean;
  allowed: ReadonlySet<string>;
  code: ErrorCode;
  message: string;
}

const screenBasics = [`GET ${apiRoutes.getUserSettings.path}`, `GET ${apiRoutes.getAppConfig.path}`];

/** In this order: a one-time password is replaced first, the second factor is set up right after. */
const gates: readonly AccountSetUpGate[] = [
  {
    // Decision 022: an administrator set the password (at creation or by a reset).
    applies: (user) => user.mustChangePassword === true,
    allowed: new Set([`POST ${apiRoutes.changePassword.path}`, ...screenBasics]),
    code: errorCodes.passwordChangeRequired,
    message: 'Choose a new password before you continue.',
  },
  {
    // Decision 021: the organisation requires two-factor sign-in (single sign-on sessions are exempt).
    applies: (user) => user.secondFactorMissing === true,
    allowed: new Set([`GET ${apiRoutes.getTwoFactorStatus.path}`, ...screenBasics]),
    code: errorCodes.twoFactorRequired,
    message: 'Your organisation requires two-factor sign-in. Set it up before you continue.',
  },
];

/**
 * After the bearer check of the protected scope: a user with a step still to do gets 403 with that
 * step's code from every route but the ones the step needs.
 */
export const accountSetUpGatesPlugin = declaredPlugin(
  pluginNames.accountSetUpGates,
  [pluginNames.authenticate],
  (scope) => {
    // Synchronous (decision 028): the usual answer, "no step to do", needs no promise.
    scope.addHook('onRequest', (request, _reply, done) => {
      const gate = gates.find(({ applies }) => applies(request.user));
      if (!gate || gate.allowed.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return done();
      done(new HttpError(403, gate.code, gate.message));
    });
  },
);

import { type AccountSetUpGate, accountSetUpGateCodes, apiRoutes } from '@cockpit/contracts';
import { HttpError } from '../lib/http-error';
import { declaredPlugin, pluginNames } from './declared-plugin';

/**
 * Something a signed-in user must do before anything else, and what they may call meanwhile: what the
 * no-shell screen of that step shows (their settings for language and name, the app's configuration)
 * and the step itself. Sign-out, the token exchange and the library's two-factor set-up go through
 * `/api/auth/*` with the session cookie, outside the protected scope.
 */
interface GateRule {
  allowed: ReadonlySet<string>;
  message: string;
}

const screenBasics = [`GET ${apiRoutes.getUserSettings.path}`, `GET ${apiRoutes.getAppConfig.path}`];

/** What each gate lets through; which gates are pending is auth/account-policy.ts's to decide. */
const gateRules: Record<AccountSetUpGate, GateRule> = {
  // Decision 022: an administrator set the password (at creation or by a reset).
  'password-change': {
    allowed: new Set([`POST ${apiRoutes.changePassword.path}`, ...screenBasics]),
    message: 'Choose a new password before you continue.',
  },
  // Decision 021: the organisation requires two-factor sign-in (single sign-on sessions are exempt).
  'second-factor': {
    allowed: new Set([`GET ${apiRoutes.getTwoFactorStatus.path}`, ...screenBasics]),
    message: 'Your organisation requires two-factor sign-in. Set it up before you continue.',
  },
};

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
      // The first pending gate is taken first: a one-time password is replaced before the second factor.
      const gate = request.user.pendingGates?.[0];
      if (gate === undefined) return done();
      const rule = gateRules[gate];
      if (rule.allowed.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return done();
      done(new HttpError(403, accountSetUpGateCodes[gate], rule.message));
    });
  },
);

import { endpointRoute } from '../../lib/endpoint-route';
import {
  apiEndpoints,
  errorCodes,
  twoLetterIsoOf,
  type UiLanguageName,
  uiLanguageNames,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../auth/password';
import { HttpError } from '../../lib/http-error';
import { sendTooMany } from '../../plugins/rate-limits';
import { resolveLanguage, translate } from '../../lib/language';
import { createUserSettingsRepository } from './user-settings-repository';

/**
 * Wrong current passwords per user and hour before `POST /api/user/password` answers 429 (decision 009):
 * a stolen bearer token must not become unlimited guesses at the password behind it.
 */
export const maxPasswordChangeFailuresPerHour = 10;
const hourMs = 60 * 60_000;

const availableUiLanguages = uiLanguageNames.map((name) => ({
  name,
  twoLetterISOlanguageName: twoLetterIsoOf(name),
}));

/**
 * `GET` and `PUT /api/user/settings` (docs/product.md §3 user settings; docs/product.md §D.3 settings page) and
 * `POST /api/user/password` (password change with the current password).
 */
export const userSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const wrongPasswords = app.createRateLimit({
    max: maxPasswordChangeFailuresPerHour,
    timeWindow: hourMs,
    keyGenerator: (request) => `password:user:${request.user.id}`,
  });
  const repository = createUserSettingsRepository(app.db);

  /** The docs/product.md §3 entity; the role label is a server text in the language the client asked for (docs/product.md §7). */
  const settingsOf = async (user: AuthenticatedUser, language: UiLanguageName) => ({
    accountSettings: {
      uiLanguage: { name: user.uiLanguage, twoLetterISOlanguageName: twoLetterIsoOf(user.uiLanguage) },
      uiCulture: user.uiCulture,
      currencySymbol: user.currencySymbol,
    },
    roleKey: user.roleKey,
    role: translate(language, `roles.${user.roleKey}`),
    subscription: user.subscription,
    userDisplayName: user.displayName,
    availableUiLanguages,
    userId: user.id,
    email: user.email,
    organisationName: await repository.organisationName(user.organisationId),
  });

  app.route({
    ...endpointRoute(apiEndpoints.getUserSettings),
    handler: async (request) => {
      const { user } = request;
      return settingsOf(user, resolveLanguage(request.query.isoLanguageName, user.uiLanguage));
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateUserSettings),
    handler: async (request) => {
      const { uiLanguage, uiCulture, currencySymbol, displayName } = request.body;
      await repository.updateSettings(request.user.id, {
        uiLanguage,
        uiCulture,
        currencySymbol,
        displayName,
      });
      app.sessionEvents.emitUserChanged(request.user.id);
      const updated: AuthenticatedUser = {
        ...request.user,
        uiLanguage,
        uiCulture,
        currencySymbol,
        displayName,
      };
      // The answer is in the language just saved: that is the language the UI switches to.
      return settingsOf(updated, uiLanguage);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.changePassword),
    handler: async (request, reply) => {
      const { user } = request;
      const { currentPassword, newPassword } = request.body;
      // Decision 022: never a common or guessable password, nor one of the user's own words, and a
      // one-time password cannot be kept by "changing" it to itself.
      assertAcceptablePassword(newPassword, 'newPassword', { email: user.email, name: user.displayName });
      if (newPassword === currentPassword) {
        throw new HttpError(
          400,
          errorCodes.passwordUnchanged,
          'newPassword: must differ from the current password',
        );
      }
      // Counted before the check, like sign-in attempts (plugins/sign-in-guard.ts), so parallel guesses
      // cannot overshoot; a correct password takes its count back (docs/decisions/034-one-rate-limiter.md).
      const attempts = await wrongPasswords(request);
      if (!attempts.isAllowed && attempts.isExceeded) {
        request.log.warn(
          { event: 'user.password.rate_limited', userId: user.id },
          'too many wrong current passwords',
        );
        return sendTooMany(reply, attempts.ttlInSeconds, 'Too many wrong passwords. Please try again later.');
      }
      const storedHash = await repository.passwordHash(user.id);
      if (storedHash === null || !(await verifyPassword({ hash: storedHash, password: currentPassword }))) {
        request.log.warn({ event: 'user.password.failure', userId: user.id }, 'wrong current password');
        throw new HttpError(400, errorCodes.invalidCurrentPassword, 'The current password is not correct');
      }
      await app.rateLimitStore.takeBack(attempts.key);
      await repository.setPasswordHash(user.id, await hashPassword(newPassword));
      // The one-time password is gone (decision 022): the bearer check reads the user again, so the next
      // request is no longer refused.
      if (user.mustChangePassword) app.sessionEvents.emitUserChanged(user.id);
      // Whoever knew the old password is signed out everywhere else; the session of the verified bearer
      // token that asked keeps going (a cookie sent along decides nothing).
      const ended = await repository.endOtherSessions(user.id, user.sessionId);
      // The other browsers lose API access and their notification streams now (decision 009).
      for (const sessionId of ended) app.sessionEvents.emitEnded({ userId: user.id, sessionId });
      return reply.status(204).send(null);
    },
  });
};

import {
  apiErrorSchema,
  apiPaths,
  twoLetterIsoOf,
  uiLanguageNames,
  userSettingsSchema,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveLanguage, translate } from '../../lib/language';
import { createUserSettingsRepository } from './user-settings-repository';

const availableUiLanguages = uiLanguageNames.map((name) => ({
  name,
  twoLetterISOlanguageName: twoLetterIsoOf(name),
}));

/** `GET /api/user/settings`: the user-settings entity of spec §3 for the signed-in user. */
export const userSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createUserSettingsRepository(app.db);

  app.get(
    apiPaths.userSettings,
    {
      schema: {
        tags: ['user'],
        summary: 'Settings, role and subscription of the signed-in user',
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: userSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      // The role label is a server text: in the language the client asked for (spec §7).
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      return {
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
      };
    },
  );
};

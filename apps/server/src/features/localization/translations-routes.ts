import {
  apiErrorSchema,
  apiPaths,
  translations,
  translationsQuerySchema,
  translationsResponseSchema,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /api/Localization/getTranslations?lang=xx` (spec §7): public; one call per language. */
export const translationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.translations,
    {
      schema: {
        tags: ['localization'],
        summary: 'UI texts of one language',
        querystring: withClientQuery({ lang: translationsQuerySchema.shape.lang }),
        response: { 200: translationsResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ Translations: translations[request.query.lang] }),
  );
};

import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints, translations } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /api/Localization/getTranslations?lang=xx` (docs/product.md §7): public; one call per language. */
export const translationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(apiEndpoints.getTranslations),
    handler: async (request) => ({ Translations: translations[request.query.lang] }),
  });
};

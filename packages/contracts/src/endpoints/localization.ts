import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import { translationsQuerySchema, translationsResponseSchema } from '../localization';
import { endpoint } from './endpoint';

// Translations (docs/product.md §7).

/** Keyed by operation id, as in `apiEndpoints`. */
export const localizationEndpoints = {
  getTranslations: endpoint(apiRoutes.getTranslations, {
    tags: ['localization'],
    summary: 'UI texts of one language',
    query: withClientQuery({ lang: translationsQuerySchema.shape.lang }),
    response: { 200: translationsResponseSchema, 400: apiErrorSchema },
  }),
} as const;

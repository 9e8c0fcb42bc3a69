import { apiRoutes } from '../api-routes';
import { withClientBody, withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import {
  favoritesResponseSchema,
  featuredResponseSchema,
  menuResponseSchema,
  pinUpdateSchema,
} from '../navigation';
import { endpoint } from './endpoint';

// Navigation (docs/product.md §2 menu and favourites, §4 pin).

/** Keyed by operation id, as in `apiEndpoints`. */
export const navigationEndpoints = {
  getMenu: endpoint(apiRoutes.getMenu, {
    tags: ['navigation'],
    summary: "The signed-in user's menu groups and items",
    query: withClientQuery({}),
    response: { 200: menuResponseSchema, 401: apiErrorSchema },
  }),
  getFavorites: endpoint(apiRoutes.getFavorites, {
    tags: ['navigation'],
    summary: "The signed-in user's pinned reports and dashboards (docs/product.md §2 Favorites)",
    query: withClientQuery({}),
    response: { 200: favoritesResponseSchema, 401: apiErrorSchema },
  }),
  getFeatured: endpoint(apiRoutes.getFeatured, {
    tags: ['navigation'],
    summary: 'What the administrators featured, as far as the signed-in user may see it (home page)',
    query: withClientQuery({}),
    response: { 200: featuredResponseSchema, 401: apiErrorSchema },
  }),
  updatePin: endpoint(apiRoutes.updatePin, {
    tags: ['navigation'],
    summary: 'Pin or unpin a report (by item name) or a dashboard (by layout id)',
    query: withClientQuery({}),
    body: withClientBody(pinUpdateSchema.shape),
    response: { 200: pinUpdateSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
} as const;

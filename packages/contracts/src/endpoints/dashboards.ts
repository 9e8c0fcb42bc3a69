import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import {
  dashboardParamsSchema,
  dashboardResponseSchema,
  dashboardsMenuResponseSchema,
  dashboardTileDataResponseSchema,
  dashboardTileParamsSchema,
  dashboardTileQuerySchema,
} from '../dashboards';
import { apiErrorSchema } from '../errors';
import { dashboardsAvailabilitySchema } from '../navigation';
import { endpoint } from './endpoint';

// Dashboards.

/** Keyed by operation id, as in `apiEndpoints`. */
export const dashboardsEndpoints = {
  getDashboardsAvailability: endpoint(apiRoutes.getDashboardsAvailability, {
    tags: ['dashboards'],
    summary: 'Whether the dashboards area is available to the signed-in user',
    query: withClientQuery({}),
    response: { 200: dashboardsAvailabilitySchema, 401: apiErrorSchema },
  }),
  getDashboardsMenu: endpoint(apiRoutes.getDashboardsMenu, {
    tags: ['dashboards'],
    summary: 'Dashboard groups and items for the dashboards panel (item name = layout id)',
    query: withClientQuery({}),
    response: { 200: dashboardsMenuResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  getDashboard: endpoint(apiRoutes.getDashboard, {
    tags: ['dashboards'],
    summary: 'A dashboard: title and tiles (each tile loads its own data)',
    params: dashboardParamsSchema,
    query: withClientQuery({}),
    response: {
      200: dashboardResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
  }),
  getDashboardTile: endpoint(apiRoutes.getDashboardTile, {
    tags: ['dashboards'],
    summary: "One dashboard tile's data",
    params: dashboardTileParamsSchema,
    query: dashboardTileQuerySchema,
    response: {
      200: dashboardTileDataResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      500: apiErrorSchema,
    },
  }),
} as const;

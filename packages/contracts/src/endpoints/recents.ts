import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { withClientBody, withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import { recentOpeningResponseSchema, recentOpeningSchema, recentsResponseSchema } from '../recents';
import { endpoint } from './endpoint';

// The signed-in user: recently opened reports and dashboards.

/** Keyed by operation id, as in `apiEndpoints`. */
export const recentsEndpoints = {
  listRecents: endpoint(apiRoutes.listRecents, {
    tags: ['user'],
    summary: 'Recently opened reports and dashboards, newest first (only those you may still see)',
    query: withClientQuery({}),
    response: { 200: recentsResponseSchema, 401: apiErrorSchema },
  }),
  recordRecent: endpoint(apiRoutes.recordRecent, {
    tags: ['user'],
    summary: 'Record that you opened a report (by item name) or a dashboard (by layout id)',
    query: withClientQuery({}),
    body: withClientBody(recentOpeningSchema.shape),
    response: {
      200: recentOpeningResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      404: apiErrorSchema,
    },
  }),
  clearRecents: endpoint(apiRoutes.clearRecents, {
    tags: ['user'],
    summary: 'Forget every recently opened report and dashboard (in every browser)',
    query: withClientQuery({}),
    response: { 204: z.null(), 401: apiErrorSchema },
  }),
} as const;

import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { healthResponseSchema, readinessResponseSchema } from '../health';
import { endpoint } from './endpoint';

// Health (decision 018).

/** Keyed by operation id, as in `apiEndpoints`. */
export const healthEndpoints = {
  getHealth: endpoint(apiRoutes.getHealth, {
    tags: ['health'],
    summary: 'Liveness: the server process is up',
    query: withClientQuery({}),
    response: { 200: healthResponseSchema },
  }),
  getReadiness: endpoint(apiRoutes.getReadiness, {
    tags: ['health'],
    summary: 'Readiness: database, Redis (when configured) and LISTEN connections are up',
    query: withClientQuery({}),
    response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
  }),
} as const;

import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import { userSessionParamsSchema, userSessionsResponseSchema } from '../user-sessions';
import { endpoint } from './endpoint';

// The signed-in user's own sessions (devices).

/** Keyed by operation id, as in `apiEndpoints`. */
export const userSessionsEndpoints = {
  listSessions: endpoint(apiRoutes.listSessions, {
    tags: ['user'],
    summary: "The signed-in user's own sessions (devices), the current one marked",
    query: withClientQuery({}),
    response: { 200: userSessionsResponseSchema, 401: apiErrorSchema },
  }),
  endSession: endpoint(apiRoutes.endSession, {
    tags: ['user'],
    summary: 'End one of your own sessions: its tokens stop working and its streams close at once',
    params: userSessionParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
} as const;

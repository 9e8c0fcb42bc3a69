import { apiRoutes } from '../api-routes';
import { activityQuerySchema, activityResponseSchema } from '../catalogue';
import { endpoint, managementErrors } from './endpoint';

// Management: the organisation's activity trail.

/** Keyed by operation id, as in `apiEndpoints`. */
export const activityEndpoints = {
  listActivity: endpoint(apiRoutes.listActivity, {
    tags: ['management'],
    summary: "The organisation's administrator actions, newest first",
    query: activityQuerySchema,
    response: { 200: activityResponseSchema, ...managementErrors },
  }),
} as const;

import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../lib/endpoint-route';
import { listActivity } from './activity-repository';

/**
 * Management → Activity: the organisation's administrator actions, newest first, a page at a time.
 * Registered inside the management scope (app.ts), so only organisation administrators reach it.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(apiEndpoints.listActivity),
    handler: async (request) =>
      listActivity(app.db, request.user.organisationId, {
        kind: request.query.kind,
        page: request.query.page,
      }),
  });
};

import { apiErrorSchema, apiPaths, dashboardsAvailabilitySchema, withClientQuery } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDashboardsRepository } from './dashboards-repository';

/**
 * `GET /api/dashboards/availability`: true when the subscription is `pro` and the organisation has at
 * least one dashboard (DESIGN.md §3 "Dashboards available").
 */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createDashboardsRepository(app.db);

  app.get(
    apiPaths.dashboardsAvailability,
    {
      schema: {
        tags: ['dashboards'],
        summary: 'Whether the dashboards area is available to the signed-in user',
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: dashboardsAvailabilitySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      const available =
        user.subscription === 'pro' && (await repository.countForOrganisation(user.organisationId)) > 0;
      return { available };
    },
  );
};

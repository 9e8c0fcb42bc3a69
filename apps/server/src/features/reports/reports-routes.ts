import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveLanguage } from '../../lib/language';
import { createReportService } from './report-service';

/** `GET /api/reports/:name` (reports and dashboards, DESIGN.md §3 "Report / dashboard content"). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReportService({
    db: app.db,
    log: app.log,
    frameOrigins: app.config.reportFrameOrigins,
    catalogue: app.catalogue,
    queries: app.reportQueries,
  });

  app.route({
    ...endpointRoute(apiEndpoints.getReport),
    handler: async (request) => {
      const { user } = request;
      return service.load({
        user,
        name: request.params.name,
        language: resolveLanguage(request.query.isoLanguageName, user.uiLanguage),
        query: request.query,
      });
    },
  });
};

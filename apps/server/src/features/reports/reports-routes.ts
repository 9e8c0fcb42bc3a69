import {
  apiErrorSchema,
  reportApiPaths,
  reportNameParamsSchema,
  reportQuerySchema,
  reportResponseSchema,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveLanguage } from '../../lib/language';
import { createReportService } from './report-service';

/** `GET /api/reports/:name` (issue 5, DESIGN.md §3 "Report / dashboard content"). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReportService({
    db: app.db,
    log: app.log,
    frameOrigins: app.config.reportFrameOrigins,
    catalogue: app.catalogue,
    queries: app.reportQueries,
  });

  app.get(
    reportApiPaths.report,
    {
      schema: {
        tags: ['reports'],
        summary: "A report of the user's organisation: its definition and, for a built-in report, its data",
        description:
          'Built-in reports run a fixed server-side query for a date range (`range` preset, or `from` and `to`) ' +
          'and a grouping. Values are raw numbers; the client formats them in the user culture.',
        security: [{ bearerAuth: [] }],
        params: reportNameParamsSchema,
        querystring: reportQuerySchema,
        response: {
          200: reportResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { user } = request;
      return service.load({
        user,
        name: request.params.name,
        language: resolveLanguage(request.query.isoLanguageName, user.uiLanguage),
        query: request.query,
      });
    },
  );
};

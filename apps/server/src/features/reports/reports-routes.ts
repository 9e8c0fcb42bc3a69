import { Readable } from 'node:stream';
import { endpointRoute, serializedText } from '../../lib/endpoint-route';
import { type ReportResponse, apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveLanguage } from '../../lib/language';
import { serializeReportResponse } from '../../reports';
import type { ReportPages } from './report-pages';

/**
 * `GET /api/reports/:name` (reports and dashboards; query reports: docs/decisions/027-reports-over-own-data.md) and a query
 * report's streamed download, `GET /api/reports/:name/download` (decision 027).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ pages: ReportPages }> = async (app, { pages }) => {
  // Built once in app.ts: deliveries use the same service (decision 029).
  const { service, downloads } = pages;

  app.route({
    ...endpointRoute(apiEndpoints.getReport),
    handler: async (request, reply) => {
      const { user } = request;
      const answer = await service.load({
        user,
        name: request.params.name,
        language: resolveLanguage(request.query.isoLanguageName, user.uiLanguage),
        query: request.query,
      });
      // Decision 009: a large table's rows arrive serialised and are sent as they are, piece by piece;
      // the rest of the answer goes through the route's response schema. The cast only tells the type
      // provider so: the bytes are the serialised ReportResponse.
      const parts = serializeReportResponse(answer, (payload) => serializedText(reply.serialize(payload)));
      const body = parts.length === 1 ? parts[0] : Readable.from(parts, { objectMode: false });
      return reply.type('application/json; charset=utf-8').send(body as unknown as ReportResponse);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.downloadReport),
    handler: async (request, reply) => {
      const { user } = request;
      const download = await downloads.open({
        user,
        name: request.params.name,
        format: request.query.format,
        values: request.query.values,
        language: resolveLanguage(request.query.isoLanguageName, user.uiLanguage),
      });
      // The file is written while it is sent; the cast only tells the type provider so (see above).
      return reply
        .type(download.contentType)
        .header('content-disposition', `attachment; filename="${download.fileName}"`)
        .header('cache-control', 'no-store')
        .send(download.body as unknown as string);
    },
  });
};

import { apiPaths, healthResponseSchema, withClientQuery } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database';

/** A database that does not answer `select 1` within this time counts as down. */
export const healthDatabaseTimeoutMs = 2000;

/** `GET /api/health`: public; 503 when the database is unreachable (issue 2). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Server and database status',
        querystring: withClientQuery({}),
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await pingDatabase(app.db, healthDatabaseTimeoutMs);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ status: 'degraded', database: 'down' });
      }
    },
  );
};

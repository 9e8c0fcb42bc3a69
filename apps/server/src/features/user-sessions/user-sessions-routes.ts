import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { createUserSessionsRepository } from './user-sessions-repository';

/** User agents are stored as the browser sent them; the list shows at most this much of one. */
const maxUserAgentLength = 512;

/** `GET /api/user/sessions` and `DELETE /api/user/sessions/:id` (docs/product.md §D.3, decision 009). */
export const userSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createUserSessionsRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.listSessions),
    handler: async (request) => {
      const rows = await repository.listActive(request.user.id);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          userAgent: row.userAgent ? row.userAgent.slice(0, maxUserAgentLength) : null,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: (row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt).toISOString(),
          current: row.id === request.user.sessionId,
        })),
      };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.endSession),
    handler: async (request, reply) => {
      const { user } = request;
      // Someone else's session id is "not found", never "forbidden" (docs/product.md §D.4).
      if (!(await repository.deleteOwn(user.id, request.params.id))) throw notFound('No such session');
      request.log.info(
        { event: 'auth.session.ended', userId: user.id, current: request.params.id === user.sessionId },
        'session ended',
      );
      app.sessionEvents.emitEnded({ userId: user.id, sessionId: request.params.id });
      return reply.status(204).send(null);
    },
  });
};

import {
  apiErrorSchema,
  apiPaths,
  userSessionParamsSchema,
  userSessionsResponseSchema,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { createUserSessionsRepository } from './user-sessions-repository';

/** User agents are stored as the browser sent them; the list shows at most this much of one. */
const maxUserAgentLength = 512;

/** `GET /api/user/sessions` and `DELETE /api/user/sessions/:id` (issue 7). */
export const userSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createUserSessionsRepository(app.db);

  app.get(
    apiPaths.userSessions,
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's own sessions (devices), the current one marked",
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: userSessionsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
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
  );

  app.delete(
    apiPaths.userSession,
    {
      schema: {
        tags: ['user'],
        summary: 'End one of your own sessions: its tokens stop working and its streams close at once',
        security: [{ bearerAuth: [] }],
        params: userSessionParamsSchema,
        querystring: withClientQuery({}),
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = request;
      // Someone else's session id is "not found", never "forbidden" (DESIGN.md §4).
      if (!(await repository.deleteOwn(user.id, request.params.id))) throw notFound('No such session');
      request.log.info(
        { event: 'auth.session.ended', userId: user.id, current: request.params.id === user.sessionId },
        'session ended',
      );
      app.sessionEvents.emitEnded({ userId: user.id, sessionId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};

import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../activity';
import { listSentNotifications, sendNotifications } from './notifications-sender';

/**
 * `POST /api/management/notifications` (send) and `GET /api/management/notifications` (what was sent,
 * with read counts): organisation administrators only (403 for members, 401 without a token) — app.ts
 * registers them in the management scope — and only to and about users of their own organisation.
 */
export const managementNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(apiEndpoints.sendNotification),
    handler: async (request, reply) => {
      const { recipients, title, text, url } = request.body;
      const result = await sendNotifications(app.db, {
        organisationId: request.user.organisationId,
        recipients,
        draft: { title, text, ...(url ? { url } : {}) },
        actor: actorOf(request),
      });
      request.log.info({ batchId: result.batchId, recipients: result.recipients }, 'notification sent');
      return reply.status(201).send(result);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.listSentNotifications),
    handler: async (request) => ({ sent: await listSentNotifications(app.db, request.user.organisationId) }),
  });
};

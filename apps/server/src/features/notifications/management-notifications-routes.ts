import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../activity/activity-repository';
import { restrictToAdministrators } from '../../plugins/require-admin';
import { listSentNotifications, sendNotifications } from './notifications-sender';

/**
 * `POST /api/management/notifications` (send) and `GET /api/management/notifications` (what was sent,
 * with read counts): organisation administrators only (403 for members, 401 without a token), and only
 * to and about users of their own organisation. Encapsulated, so the administrator check covers exactly
 * these routes; registered inside the protected scope so the bearer check runs first.
 */
export const managementNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  restrictToAdministrators(app);

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

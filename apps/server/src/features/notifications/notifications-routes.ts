import { endpointRoute } from '../../lib/endpoint-route';
import type { OutgoingHttpHeaders } from 'node:http';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { user } from '../../db/core-tables';
import type { DatabaseHandle } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { NotificationStreams } from './notification-streams';
import { createNotificationsRepository } from './notifications-repository';

export interface NotificationsRoutesOptions {
  /** The database's LISTEN (docs/product.md §D.5); without it streams get snapshots but no live changes. */
  listen?: DatabaseHandle['listen'];
  /** Tests shorten the heartbeat. */
  heartbeatMs?: number;
}

/**
 * `GET /api/notifications/stream` (server-sent events) and `PATCH /api/notifications/:uid` (docs/product.md §2
 * Notifications, §4, §7; docs/product.md §D.5). Registered inside the protected scope: both need a bearer token.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  options,
) => {
  const repository = createNotificationsRepository(app.db);
  const streams = new NotificationStreams({
    repository,
    log: app.log,
    heartbeatMs: options.heartbeatMs,
    onDelivered: (lagSeconds) => app.metrics.observeDeliveryLag(lagSeconds),
  });
  // Open streams and delivery lag in `GET /metrics` (decision 018).
  const stopCountingStreams = app.metrics.addOpenStreams(() => streams.size);
  app.addHook('onClose', async () => stopCountingStreams());
  await streams.start(options.listen);
  // preClose: open streams would otherwise keep `app.close()` waiting for their connections.
  app.addHook('preClose', async () => {
    stopHearingSessions();
    await streams.stop();
  });
  const stopHearingSessions = app.sessionEvents.onEnded((ended) => streams.endSessions(ended));
  // Catalogue changes reach the organisation's open streams, on every process (decision 015); so does a
  // change of a user's role or subscription, which changes what that user may see.
  const catalogueChanged = async (organisationId: string) => {
    const connected = streams.connectedUserIds();
    if (connected.length === 0) return;
    const members = await app.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.organisationId, organisationId), inArray(user.id, connected)));
    streams.broadcast(
      members.map((member) => member.id),
      { type: 'catalogue' },
    );
  };
  const stopHearingCatalogue = app.clusterEvents.on('catalogue-changed', ({ organisationId }) => {
    catalogueChanged(organisationId).catch((error: unknown) =>
      app.log.warn({ err: error }, 'notifications: could not tell streams of a catalogue change'),
    );
  });
  const stopHearingUsers = app.sessionEvents.onUserChanged((userId) =>
    streams.broadcast([userId], { type: 'catalogue' }),
  );
  app.addHook('onClose', async () => {
    stopHearingCatalogue();
    stopHearingUsers();
  });

  app.route({
    ...endpointRoute(apiEndpoints.streamNotifications),
    handler: async (request, reply) => {
      // Written by hand, not through Fastify's send: it must not be buffered, and it never "finishes".
      reply.hijack();
      const res = reply.raw;
      // Headers set by hooks so far (security headers) still apply.
      const hookHeaders = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      res.writeHead(200, {
        ...(Object.fromEntries(hookHeaders) as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies must pass events through at once.
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      request.raw.socket.setNoDelay(true);
      // The stream ends when the verified bearer token does (plugins/authenticate.ts).
      streams.open(request.user.id, request.user.sessionId, res, request.bearerExpiresAtSec);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.listOlderNotifications),
    handler: async (request) => {
      const { beforeDate, beforeUid } = request.query;
      return repository.listPage(
        request.user.id,
        // The date as sent: a Date would cut it to milliseconds (notifications-repository.ts `exactDate`).
        beforeDate && beforeUid ? { date: beforeDate, uid: beforeUid } : null,
      );
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateNotification),
    handler: async (request) => {
      const flag = request.body.wasRead ? 'wasRead' : 'mouseOver';
      const notification = await repository.setFlag(request.user.id, request.params.uid, flag);
      // Another user's notification is "not found" as well: no hint that it exists (docs/product.md §D.4).
      if (!notification) throw notFound('No such notification');
      return notification;
    },
  });
};

import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-types';
import { HttpError } from '../../lib/http-error';
import { endpointRoute } from '../../lib/endpoint-route';
import { resolveLanguage } from '../../lib/language';
import type { DeliveryDependencies } from './delivery-dependencies';
import { unsubscribePageHtml, unsubscribePageCsp } from './unsubscribe-page';
import { createSubscriptionsRepository } from './subscriptions-repository';
import { type SubscriptionsService, createSubscriptionsService } from './subscriptions-service';

// Subscriptions and alerts (decision 029): a user's own list, create, change, pause, delete, "send now",
// their deliveries and time zone; the unsubscribe link (no sign-in); management's lists of the
// organisation's subscriptions and deliveries.

/** The feature's service, its workers registered for processes that work background jobs. */
export function createSubscriptionsFeature(app: App, deps: DeliveryDependencies): SubscriptionsService {
  const service = createSubscriptionsService({
    config: app.config,
    log: app.log,
    repository: createSubscriptionsRepository(app.db),
    catalogue: app.catalogue,
    mailer: app.mailer,
    jobs: app.jobs,
    deps,
  });
  app.jobs.onWorking((boss) => service.registerWorkers(boss));
  return service;
}

interface Options {
  subscriptions: SubscriptionsService;
}

export const subscriptionsRoutes: FastifyPluginAsyncZod<Options> = async (app, { subscriptions }) => {
  app.route({
    ...endpointRoute(apiEndpoints.listSubscriptions),
    handler: async (request) => ({ subscriptions: await subscriptions.list(request.user) }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.createSubscription),
    handler: async (request, reply) =>
      reply.code(201).send(await subscriptions.create(request.user, request.body)),
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateSubscription),
    handler: async (request) => subscriptions.update(request.user, request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(apiEndpoints.deleteSubscription),
    handler: async (request, reply) => {
      await subscriptions.remove(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.sendSubscriptionNow),
    handler: async (request, reply) =>
      reply.code(202).send({ deliveries: await subscriptions.sendNow(request.user, request.params.id) }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.listMyDeliveries),
    handler: async (request) => ({
      deliveries: await subscriptions.repository.ownerDeliveries(request.user.id, request.query),
    }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.getDeliverySettings),
    handler: async (request) => ({ timeZone: await subscriptions.repository.timeZoneOf(request.user.id) }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateDeliverySettings),
    handler: async (request) => {
      await subscriptions.setTimeZone(request.user, request.body.timeZone);
      return { timeZone: request.body.timeZone };
    },
  });
};

/** `/api/management/subscriptions` and `/api/management/deliveries` (administrators only, app.ts). */
export const subscriptionsManagementRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { subscriptions },
) => {
  app.route({
    ...endpointRoute(apiEndpoints.listManagedSubscriptions),
    handler: async (request) => ({ subscriptions: await subscriptions.listOrganisation(request.user) }),
  });
  app.route({
    ...endpointRoute(apiEndpoints.listDeliveries),
    handler: async (request) => ({
      deliveries: await subscriptions.repository.organisationDeliveries(
        request.user.organisationId,
        request.query,
      ),
    }),
  });
};

/** Where a mail's unsubscribe link points: a page that asks, then unsubscribes on its button (no sign-in). */
export const unsubscribePath = '/unsubscribe';

/**
 * The unsubscribe link (public): the signed token is the only credential. `GET /unsubscribe` shows a
 * page with one button — a GET changes nothing, so a mail scanner that opens links unsubscribes nobody —
 * and its form (or a mail client's RFC 8058 one-click POST) posts to `/unsubscribe`. The JSON API
 * `POST /api/subscriptions/unsubscribe` does the same for the web app.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<Options> = async (app, { subscriptions }) => {
  app.route({
    ...endpointRoute(apiEndpoints.unsubscribe),
    handler: async (request) => subscriptions.unsubscribe(request.body.token),
  });

  // The form and one-click posts are `application/x-www-form-urlencoded` (this scope only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const pageQuery = z
    .object({ token: z.string().max(2000).optional(), lang: z.string().max(16).optional() })
    .passthrough();
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', unsubscribePageCsp)
      .header('referrer-policy', 'no-referrer')
      .send(html);

  app.get(unsubscribePath, { schema: { hide: true, querystring: pageQuery } }, async (request, reply) => {
    const language = resolveLanguage(request.query.lang, 'en');
    return send(
      reply,
      200,
      unsubscribePageHtml(language, { step: 'confirm', token: request.query.token ?? '' }),
    );
  });

  app.post(
    unsubscribePath,
    { schema: { hide: true, querystring: pageQuery, body: z.record(z.string(), z.string()).optional() } },
    async (request, reply) => {
      const language = resolveLanguage(request.query.lang, 'en');
      const token = request.query.token ?? request.body?.token ?? '';
      try {
        const { targetName } = await subscriptions.unsubscribe(token);
        return send(reply, 200, unsubscribePageHtml(language, { step: 'done', targetName }));
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 400 || error.statusCode === 410)) {
          return send(
            reply,
            error.statusCode,
            unsubscribePageHtml(language, { step: error.statusCode === 410 ? 'used' : 'invalid' }),
          );
        }
        throw error;
      }
    },
  );
};

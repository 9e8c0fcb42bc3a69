import { endpointRoute, serializedText } from '../../lib/endpoint-route';
import { apiEndpoints, type MenuResponse } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { resolveLanguage } from '../../lib/language';
import { pins } from '../../db/core-tables';
import { and, eq } from 'drizzle-orm';
import { createMenuCache } from './menu-cache';

/**
 * `GET /api/navigation/menu`, `GET /api/navigation/favorites`, `GET /api/navigation/featured` and
 * `PUT /api/navigation/pins` (docs/product.md §2 Favorites, §3 menu, §4 pin). What a user sees is decided by the
 * catalogue (catalogue/, decision 015), audiences included.
 */
export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app;
  const menuCache = createMenuCache();
  // Every process drops what it remembered (cluster events, docs/product.md §D.2).
  const unsubscribe = [
    app.clusterEvents.on('catalogue-changed', ({ organisationId }) =>
      menuCache.forgetOrganisation(organisationId),
    ),
    app.clusterEvents.on('pins-changed', ({ userId }) => menuCache.forgetUser(userId)),
    app.clusterEvents.onMissed(() => menuCache.forgetAll()),
    // Role and subscription decide the audience: an account change rebuilds that user's menu.
    app.sessionEvents.onUserChanged((userId) => menuCache.forgetUser(userId)),
  ];
  const hasPin = async (userId: string, kind: 'report' | 'dashboard', name: string) =>
    (
      await app.db
        .select({ name: pins.name })
        .from(pins)
        .where(and(eq(pins.userId, userId), eq(pins.kind, kind), eq(pins.name, name)))
    ).length > 0;
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
  });

  app.route({
    ...endpointRoute(apiEndpoints.getMenu),
    handler: async (request, reply) => {
      const { user } = request;
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      let body = menuCache.get(user.organisationId, user.id, language);
      if (body === undefined) {
        const readStartedAt = menuCache.generation();
        const groups = await catalogue.menu(user, language);
        // Serialised through the route's response schema, exactly as an uncached answer would be.
        body = Buffer.from(serializedText(reply.serialize({ groups })));
        menuCache.remember(user.organisationId, user.id, language, body, readStartedAt);
      }
      // Bytes with a JSON content type are sent as they are: the schema check above is not repeated,
      // and the text is not encoded again. The cast only tells the type provider so; the bytes are the
      // serialised MenuResponse.
      return reply.type('application/json; charset=utf-8').send(body as unknown as MenuResponse);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getFavorites),
    handler: async (request) => {
      const { user } = request;
      return catalogue.favorites(user, resolveLanguage(request.query.isoLanguageName, user.uiLanguage));
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getFeatured),
    handler: async (request) => {
      const { user } = request;
      return catalogue.featured(user, resolveLanguage(request.query.isoLanguageName, user.uiLanguage));
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updatePin),
    handler: async (request) => {
      const { user } = request;
      const { kind, name, isPinned } = request.body;
      // Another organisation's report, or one outside the user's audience, is "not found", never
      // "forbidden" (docs/product.md §D.4). Unpinning is always allowed: a pin of a deleted item can be removed.
      if (!(await catalogue.canPin(user, kind, name)) && (isPinned || !(await hasPin(user.id, kind, name)))) {
        throw notFound(`No ${kind} named '${name}' exists`);
      }
      // Idempotent: pinning twice or unpinning something not pinned changes nothing.
      if (isPinned) {
        await app.db.insert(pins).values({ userId: user.id, kind, name }).onConflictDoNothing();
      } else {
        await app.db
          .delete(pins)
          .where(and(eq(pins.userId, user.id), eq(pins.kind, kind), eq(pins.name, name)));
      }
      await app.clusterEvents.announce({
        type: 'pins-changed',
        organisationId: user.organisationId,
        userId: user.id,
      });
      return { kind, name, isPinned };
    },
  });
};

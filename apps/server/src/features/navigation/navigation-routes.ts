import {
  apiErrorSchema,
  apiPaths,
  favoritesResponseSchema,
  type MenuResponse,
  menuResponseSchema,
  pinUpdateSchema,
  withClientBody,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { isGerman, resolveLanguage } from '../../lib/language';
import { createMenuCache } from './menu-cache';
import { createNavigationRepository } from './navigation-repository';

/**
 * `GET /api/navigation/menu`, `GET /api/navigation/favorites` and `PUT /api/navigation/pins` (spec §2
 * Favorites, §3 menu, §4 pin).
 */
export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createNavigationRepository(app.db);
  const menuCache = createMenuCache();

  app.get(
    apiPaths.menu,
    {
      schema: {
        tags: ['navigation'],
        summary: "The signed-in user's menu groups and items",
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: menuResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = request;
      const german = isGerman(resolveLanguage(request.query.isoLanguageName, user.uiLanguage));
      let body = menuCache.get(user.organisationId, user.id, german);
      if (body === undefined) {
        const readStartedAt = menuCache.generation();
        const groups = await repository.menu({
          organisationId: user.organisationId,
          userId: user.id,
          german,
        });
        // Serialised through the route's response schema, exactly as an uncached answer would be.
        body = Buffer.from(String(reply.serialize({ groups })));
        menuCache.remember(user.organisationId, user.id, german, body, readStartedAt);
      }
      // Bytes with a JSON content type are sent as they are: the schema check above is not repeated,
      // and the text is not encoded again. The cast only tells the type provider so; the bytes are the
      // serialised MenuResponse.
      return reply.type('application/json; charset=utf-8').send(body as unknown as MenuResponse);
    },
  );

  app.get(
    apiPaths.favorites,
    {
      schema: {
        tags: ['navigation'],
        summary: "The signed-in user's pinned reports and dashboards (spec §2 Favorites)",
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: favoritesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      return repository.favorites({
        organisationId: user.organisationId,
        userId: user.id,
        german: isGerman(language),
      });
    },
  );

  app.put(
    apiPaths.pins,
    {
      schema: {
        tags: ['navigation'],
        summary: 'Pin or unpin a report (by item name) or a dashboard (by layout id)',
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        body: withClientBody(pinUpdateSchema.shape),
        response: { 200: pinUpdateSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      const { kind, name, isPinned } = request.body;
      // Another organisation's report is "not found", never "forbidden" (DESIGN.md §4).
      if (!(await repository.pinTargetExists(user.organisationId, kind, name))) {
        throw notFound(`No ${kind} named '${name}' exists`);
      }
      await repository.setPinned(user.id, kind, name, isPinned);
      menuCache.forget(user.organisationId, user.id);
      return { kind, name, isPinned };
    },
  );
};

import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints, listedRecentsLimit } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { resolveLanguage } from '../../lib/language';
import { createRecentsRepository } from './recents-repository';
import { recentTargetKey, visibleRecentTargets } from './recents-visibility';

/**
 * `GET`, `POST` and `DELETE /api/user/recents`: the reports and dashboards the user opened recently
 * (the reports home's "Continue where you left off", docs/product.md §D.3 routes). Which of them the user may see
 * is decided in one place, `visibleRecentTargets`.
 */
export const recentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createRecentsRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.listRecents),
    handler: async (request) => {
      const { user } = request;
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      const stored = await repository.list(user.id);
      const visible = await visibleRecentTargets(app.catalogue, user, language, stored);
      const items = [];
      for (const recent of stored) {
        const item = visible.get(recentTargetKey(recent));
        if (!item) continue; // gone, or no longer for this user: simply not listed
        items.push({ kind: recent.kind, item, openedAt: recent.openedAt.toISOString() });
        if (items.length === listedRecentsLimit) break;
      }
      return { items };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.recordRecent),
    handler: async (request) => {
      const { user } = request;
      const { kind, name } = request.body;
      const visible = await visibleRecentTargets(app.catalogue, user, user.uiLanguage, [{ kind, name }]);
      // Another organisation's report is "not found", never "forbidden" (docs/product.md §D.4).
      if (!visible.has(recentTargetKey({ kind, name }))) throw notFound(`No ${kind} named '${name}' exists`);
      const openedAt = await repository.record(user.id, kind, name);
      return { kind, name, openedAt: openedAt.toISOString() };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.clearRecents),
    handler: async (request, reply) => {
      await repository.clear(request.user.id);
      return reply.status(204).send(null);
    },
  });
};

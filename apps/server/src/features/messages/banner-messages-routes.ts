import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../activity';
import { notFound } from '../../lib/http-error';
import { createBannerMessagesRepository } from './banner-messages-repository';

const bannerNotFound = () => notFound('No such banner message in your organisation');

/**
 * Banner messages of the administrator's organisation (docs/product.md §2 Message banner, §3, §4; management area):
 * list, create, edit, schedule and delete. Registered inside the management plugin.
 */
export const bannerMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createBannerMessagesRepository(app.db, app.log);

  app.route({
    ...endpointRoute(apiEndpoints.listBanners),
    handler: async (request) => ({ items: await repository.list(request.user.organisationId) }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.createBanner),
    handler: async (request, reply) => {
      const { startsAt, endsAt, content } = request.body;
      const created = await repository.create(actorOf(request), { startsAt, endsAt, content });
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateBanner),
    handler: async (request) => {
      const { startsAt, endsAt, content } = request.body;
      const updated = await repository.update(actorOf(request), request.params.id, {
        startsAt,
        endsAt,
        content,
      });
      if (!updated) throw bannerNotFound();
      return updated;
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.deleteBanner),
    handler: async (request, reply) => {
      if (!(await repository.remove(actorOf(request), request.params.id))) throw bannerNotFound();
      return reply.status(204).send(null);
    },
  });
};

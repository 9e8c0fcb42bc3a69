import {
  apiErrorSchema,
  bannerMessageBodySchema,
  idParamsSchema,
  managedBannerSchema,
  managedBannersResponseSchema,
  managementApiPaths,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { createBannerMessagesRepository } from './banner-messages-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const bannerNotFound = () => notFound('No such banner message in your organisation');

/**
 * Banner messages of the administrator's organisation (spec §2 Message banner, §3, §4; issue 6):
 * list, create, edit, schedule and delete. Registered inside the management plugin.
 */
export const bannerMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createBannerMessagesRepository(app.db, app.log);

  app.get(
    managementApiPaths.banners,
    {
      schema: {
        tags: ['management'],
        summary: "Your organisation's banner messages, newest first, with their schedule status",
        security,
        querystring: withClientQuery({}),
        response: { 200: managedBannersResponseSchema, ...errors },
      },
    },
    async (request) => ({ items: await repository.list(request.user.organisationId) }),
  );

  app.post(
    managementApiPaths.banners,
    {
      schema: {
        tags: ['management'],
        summary: 'Create a banner message (English and German texts, buttons, optional start and end)',
        security,
        querystring: withClientQuery({}),
        body: bannerMessageBodySchema,
        response: { 201: managedBannerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { startsAt, endsAt, content } = request.body;
      const created = await repository.create(
        request.user.organisationId,
        { startsAt, endsAt, content },
        request.user.id,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    managementApiPaths.banner,
    {
      schema: {
        tags: ['management'],
        summary: 'Replace the texts, buttons and schedule of a banner message',
        security,
        params: idParamsSchema,
        querystring: withClientQuery({}),
        body: bannerMessageBodySchema,
        response: { 200: managedBannerSchema, ...errors },
      },
    },
    async (request) => {
      const { startsAt, endsAt, content } = request.body;
      const updated = await repository.update(request.user.organisationId, request.params.id, {
        startsAt,
        endsAt,
        content,
      });
      if (!updated) throw bannerNotFound();
      return updated;
    },
  );

  app.delete(
    managementApiPaths.banner,
    {
      schema: {
        tags: ['management'],
        summary: 'Delete a banner message (it disappears for everyone on their next fetch)',
        security,
        params: idParamsSchema,
        querystring: withClientQuery({}),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await repository.remove(request.user.organisationId, request.params.id))) throw bannerNotFound();
      return reply.status(204).send(null);
    },
  );
};

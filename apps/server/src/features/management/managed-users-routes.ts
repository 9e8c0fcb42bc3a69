import {
  apiErrorSchema,
  emptyBodySchema,
  idParamsSchema,
  managedUserSchema,
  managedUsersQuerySchema,
  managedUsersResponseSchema,
  managementApiPaths,
  newUserBodySchema,
  userChangesBodySchema,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/http-error';
import { createManagedUsersRepository } from './managed-users-repository';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const security = [{ bearerAuth: [] }];
const userNotFound = () => notFound('No such user in your organisation');

/**
 * Users of the administrator's organisation (issue 6): list with search, create with an initial
 * password, change name, role and subscription, deactivate and reactivate. Registered inside the
 * management plugin, so only organisation administrators get here.
 */
export const managedUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createManagedUsersRepository(app.db);

  app.get(
    managementApiPaths.users,
    {
      schema: {
        tags: ['management'],
        summary: 'Users of your organisation, by name; `search` matches name or e-mail',
        security,
        querystring: managedUsersQuerySchema,
        response: { 200: managedUsersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { user } = request;
      const { items, total } = await repository.list(user.organisationId, {
        search,
        page,
        pageSize,
        selfId: user.id,
      });
      return { items, total, page, pageSize };
    },
  );

  app.post(
    managementApiPaths.users,
    {
      schema: {
        tags: ['management'],
        summary: 'Create a user of your organisation with an initial password',
        security,
        querystring: withClientQuery({}),
        body: newUserBodySchema,
        response: { 201: managedUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, email, password, roleKey, subscription, uiLanguage } = request.body;
      const { user } = request;
      const created = await repository.create(
        user.organisationId,
        { name, email, password, roleKey, subscription, uiLanguage },
        user.id,
      );
      if (!created) throw conflict('A user with this e-mail address already exists');
      return reply.status(201).send(created);
    },
  );

  app.patch(
    managementApiPaths.user,
    {
      schema: {
        tags: ['management'],
        summary: 'Change the name, role or subscription of a user of your organisation',
        security,
        params: idParamsSchema,
        querystring: withClientQuery({}),
        body: userChangesBodySchema,
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = request;
      const { name, roleKey, subscription } = request.body;
      const target = await repository.find(user.organisationId, request.params.id, user.id);
      if (!target) throw userNotFound();
      // An administrator cannot take away their own role: the organisation always keeps one.
      if (target.isSelf && roleKey !== undefined && roleKey !== target.roleKey) {
        throw conflict('You cannot change your own role');
      }
      const updated = await repository.update(user.organisationId, target.id, { name, roleKey, subscription }, user.id);
      if (!updated) throw userNotFound();
      // The bearer check must see the new role/subscription on the user's next request.
      app.sessionEvents.emitUserChanged(target.id);
      return updated;
    },
  );

  for (const [path, active] of [
    [managementApiPaths.userDeactivation, false],
    [managementApiPaths.userReactivation, true],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['management'],
          summary: active
            ? 'Reactivate a user of your organisation: they can sign in again'
            : 'Deactivate a user of your organisation: their sessions end and their next call gets 401',
          security,
          params: idParamsSchema,
          querystring: withClientQuery({}),
          body: emptyBodySchema,
          response: { 200: managedUserSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = request;
        if (!active && request.params.id === user.id) {
          throw conflict('You cannot deactivate your own account');
        }
        const changed = await repository.setActive(user.organisationId, request.params.id, active, user.id);
        if (!changed) throw userNotFound();
        // Deactivated: every session ended with it — API access stops and notification streams close
        // now, not when the bearer token expires (issues 6, 7).
        if (!active) app.sessionEvents.emitEnded({ userId: changed.id, sessionId: null });
        return changed;
      },
    );
  }
};

import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertAcceptablePassword } from '../../auth/password';
import { conflict, notFound } from '../../lib/http-error';
import { createManagedUsersRepository } from './managed-users-repository';

const userNotFound = () => notFound('No such user in your organisation');

/**
 * Users of the administrator's organisation (management area): list with search, create with an initial
 * password, change name, role and subscription, deactivate and reactivate. Registered inside the
 * management plugin, so only organisation administrators get here.
 */
export const managedUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createManagedUsersRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.listUsers),
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(apiEndpoints.createUser),
    handler: async (request, reply) => {
      const { name, email, password, roleKey, subscription, uiLanguage } = request.body;
      const { user } = request;
      assertAcceptablePassword(password, 'password', { email, name });
      const created = await repository.create(
        user.organisationId,
        { name, email, password, roleKey, subscription, uiLanguage },
        user.id,
      );
      if (!created) throw conflict('A user with this e-mail address already exists');
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateUser),
    handler: async (request) => {
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
  });

  for (const [endpoint, active] of [
    [apiEndpoints.deactivateUser, false],
    [apiEndpoints.reactivateUser, true],
  ] as const) {
    app.route({
      ...endpointRoute(endpoint),
      handler: async (request) => {
        const { user } = request;
        if (!active && request.params.id === user.id) {
          throw conflict('You cannot deactivate your own account');
        }
        const changed = await repository.setActive(user.organisationId, request.params.id, active, user.id);
        if (!changed) throw userNotFound();
        // Deactivated: every session ended with it — API access stops and notification streams close
        // now, not when the bearer token expires (management area, security hardening).
        if (!active) app.sessionEvents.emitEnded({ userId: changed.id, sessionId: null });
        return changed;
      },
    });
  }
};

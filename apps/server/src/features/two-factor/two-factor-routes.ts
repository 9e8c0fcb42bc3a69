import { apiEndpoints } from '@cockpit/contracts';
import { endpointRoute } from '../../lib/endpoint-route';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../activity';
import { conflict, notFound } from '../../lib/http-error';
import { createTwoFactorRepository } from './two-factor-repository';

/**
 * The signed-in user's two-factor status (decision 021): the settings page and the set-up screen read
 * it. Turning it on and off is the auth library's (`/api/auth/two-factor/*`, session cookie).
 */
export const twoFactorStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createTwoFactorRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.getTwoFactorStatus),
    handler: async (request) => {
      const { user } = request;
      const enabled = await repository.isEnabled(user.id);
      // `secondFactorMissing` is computed by the bearer check: required and not there yet. Once it is
      // there, the organisation's policy still counts as "required" (the settings page keeps it on).
      const required =
        user.secondFactorMissing === true || (enabled && (await repository.isRequired(user.organisationId)));
      return { enabled, required };
    },
  });
};

/**
 * Management (administrators only, registered inside the management plugin): the organisation's
 * two-factor policy and the reset of a user's second factor (decision 021).
 */
export const twoFactorManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createTwoFactorRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.getTwoFactorPolicy),
    handler: async (request) => ({
      requireTwoFactor: await repository.isRequired(request.user.organisationId),
    }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateTwoFactorPolicy),
    handler: async (request) => {
      const { requireTwoFactor } = request.body;
      // Otherwise the administrator would be sent to the set-up screen on their next call: they turn it
      // on for themselves first (single sign-on sessions are exempt anyway).
      if (requireTwoFactor && !request.user.secondFactorCovered) {
        throw conflict('Turn on two-factor sign-in for yourself first (Settings), then require it.');
      }
      await repository.setRequired(actorOf(request), requireTwoFactor);
      request.log.info(
        { event: 'management.two_factor_policy', requireTwoFactor, actorUserId: request.user.id },
        'two-factor policy changed',
      );
      // Signed-in users see the change within the bearer check's cache time (auth/active-user-cache.ts).
      return { requireTwoFactor };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.resetUserTwoFactor),
    handler: async (request, reply) => {
      const { user } = request;
      const reset = await repository.reset(actorOf(request), request.params.id);
      if (!reset) throw notFound('No such user in your organisation');
      request.log.info(
        { event: 'management.two_factor_reset', userId: request.params.id, actorUserId: user.id },
        'second factor reset',
      );
      // The bearer check must see the change on the user's next request (the policy may now apply).
      app.sessionEvents.emitUserChanged(request.params.id);
      return reply.status(204).send(null);
    },
  });
};

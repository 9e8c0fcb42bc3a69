import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertAcceptablePassword } from '../../auth/password';
import { conflict, notFound } from '../../lib/http-error';
import { createManagedUsersRepository } from './managed-users-repository';

/**
 * `POST /api/management/users/:id/password` (decision 022): an organisation administrator sets a
 * one-time password for a user of their organisation. The user must choose a new password at the next
 * sign-in, and every session of theirs ends now — API access and notification streams in every server
 * process. Registered inside the management plugin, so only organisation administrators get here.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createManagedUsersRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.resetUserPassword),
    handler: async (request) => {
      const { user } = request;
      // The own password is changed on the settings page, with the current one (and no forced change).
      if (request.params.id === user.id) throw conflict('Change your own password on the settings page');
      const target = await repository.find(user.organisationId, request.params.id, user.id);
      if (!target) throw notFound('No such user in your organisation');
      assertAcceptablePassword(request.body.password, 'password', { email: target.email, name: target.name });
      const reset = await repository.resetPassword(
        { organisationId: user.organisationId, id: user.id, name: user.displayName },
        request.params.id,
        request.body.password,
      );
      if (!reset) throw notFound('No such user in your organisation');
      // Committed: every server process forgets the sessions and closes their streams (decision 017).
      app.sessionEvents.emitEnded({ userId: reset.user.id, sessionId: null });
      request.log.info(
        {
          event: 'management.user.password_reset',
          userId: reset.user.id,
          endedSessions: reset.endedSessionIds.length,
        },
        'one-time password set by an administrator',
      );
      return reset.user;
    },
  });
};

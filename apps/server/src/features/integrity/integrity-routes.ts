import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints, errorCodes } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';

/** Per client address; generous for people, tight for a script farming tokens (decision 007). */
const challengesPerMinute = 120;

const refusals = {
  expired: 'The integrity challenge has expired; request a new one.',
  invalid: 'The integrity challenge was not solved correctly.',
  replayed: 'This integrity challenge has already been used; request a new one.',
} as const;

/**
 * `GET /api/integrity/challenge` and `POST /api/integrity/verify` (public, decision 007): the
 * SPA's worker solves the challenge and exchanges the solution for a token of about one hour. The
 * challenges and tokens themselves are `app.integrity` (plugins/integrity/integrity-service.ts), which
 * the sign-in guard checks.
 */
export const integrityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.integrity;
  const rateLimit = { max: challengesPerMinute, timeWindow: 60_000 };

  app.route({
    ...endpointRoute(apiEndpoints.getIntegrityChallenge),
    config: { rateLimit },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { challenge: await service.createChallenge() };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.verifyIntegrity),
    config: { rateLimit },
    handler: async (request) => {
      const result = await service.redeem(request.body.challenge, request.body.solution);
      if (!result.ok) {
        request.log.warn(
          { event: 'integrity.refused', reason: result.reason },
          'integrity challenge refused',
        );
        throw new HttpError(400, errorCodes.integrityFailed, refusals[result.reason]);
      }
      request.log.info(
        { event: 'integrity.verified', solveMs: request.body.solution.time },
        'integrity token issued',
      );
      return { token: result.token, expiresAt: result.expiresAt.toISOString() };
    },
  });
};

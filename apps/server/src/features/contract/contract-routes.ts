import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints, isGermanLanguage } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../activity';
import { conflict, notFound } from '../../lib/http-error';
import { resolveLanguage } from '../../lib/language';
import { createContractsRepository } from './contracts-repository';

/**
 * The contract center (docs/product.md §2 `/management/administrator/contractcenter`; docs/product.md §D.3): the
 * organisation's current contract and subscription, the pending new contract, and accepting it (which
 * ends the new-contract notice). Registered inside the management plugin.
 */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createContractsRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.getContract),
    handler: async (request) => {
      const { user } = request;
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      return repository.overview(user.organisationId, isGermanLanguage(language));
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.acceptContract),
    handler: async (request) => {
      const { user } = request;
      const result = await repository.accept(actorOf(request), request.params.id);
      if (result === 'not-found') throw notFound('No such contract in your organisation');
      if (result === 'not-pending') throw conflict('This contract is not waiting for acceptance');
      const language = resolveLanguage(request.body?.isoLanguageName, user.uiLanguage);
      return repository.overview(user.organisationId, isGermanLanguage(language));
    },
  });
};

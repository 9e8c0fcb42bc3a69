import {
  apiErrorSchema,
  contractOverviewSchema,
  emptyBodySchema,
  idParamsSchema,
  managementApiPaths,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/http-error';
import { isGerman, resolveLanguage } from '../../lib/language';
import { createContractsRepository } from './contracts-repository';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const security = [{ bearerAuth: [] }];

/**
 * The contract center (spec §2 `/management/administrator/contractcenter`; DESIGN.md §3): the
 * organisation's current contract and subscription, the pending new contract, and accepting it (which
 * ends the new-contract notice). Registered inside the management plugin.
 */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createContractsRepository(app.db);

  app.get(
    managementApiPaths.contract,
    {
      schema: {
        tags: ['management'],
        summary: "Your organisation's current contract, its use, and a pending new contract",
        security,
        querystring: withClientQuery({}),
        response: { 200: contractOverviewSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = request;
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      return repository.overview(user.organisationId, isGerman(language));
    },
  );

  app.post(
    managementApiPaths.contractAcceptance,
    {
      schema: {
        tags: ['management'],
        summary: 'Accept the pending new contract: it becomes the current one',
        security,
        params: idParamsSchema,
        querystring: withClientQuery({}),
        body: emptyBodySchema,
        response: { 200: contractOverviewSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = request;
      const result = await repository.accept(user.organisationId, request.params.id, user.id);
      if (result === 'not-found') throw notFound('No such contract in your organisation');
      if (result === 'not-pending') throw conflict('This contract is not waiting for acceptance');
      const language = resolveLanguage(request.body?.isoLanguageName, user.uiLanguage);
      return repository.overview(user.organisationId, isGerman(language));
    },
  );
};

import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { contractOverviewSchema, emptyBodySchema, idParamsSchema } from '../management';
import { endpoint, managementErrors } from './endpoint';

// Management: the contract center.

/** Keyed by operation id, as in `apiEndpoints`. */
export const contractEndpoints = {
  getContract: endpoint(apiRoutes.getContract, {
    tags: ['management'],
    summary: "Your organisation's current contract, its use, and a pending new contract",
    query: withClientQuery({}),
    response: { 200: contractOverviewSchema, ...managementErrors },
  }),
  acceptContract: endpoint(apiRoutes.acceptContract, {
    tags: ['management'],
    summary: 'Accept the pending new contract: it becomes the current one',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: contractOverviewSchema, ...managementErrors },
  }),
} as const;

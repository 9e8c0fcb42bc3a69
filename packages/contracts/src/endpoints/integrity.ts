import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import {
  integrityChallengeResponseSchema,
  integrityTokenResponseSchema,
  integrityVerifyBodySchema,
} from '../integrity';
import { endpoint } from './endpoint';

// App integrity (decision 007).

/** Keyed by operation id, as in `apiEndpoints`. */
export const integrityEndpoints = {
  getIntegrityChallenge: endpoint(apiRoutes.getIntegrityChallenge, {
    tags: ['integrity'],
    summary: 'A signed proof-of-work challenge (ALTCHA v2), valid for at most 600 s',
    query: withClientQuery({}),
    response: { 200: integrityChallengeResponseSchema, 429: apiErrorSchema },
  }),
  verifyIntegrity: endpoint(apiRoutes.verifyIntegrity, {
    tags: ['integrity'],
    summary: 'Exchange a solved challenge (once) for an integrity token',
    query: withClientQuery({}),
    body: integrityVerifyBodySchema,
    response: { 200: integrityTokenResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
} as const;

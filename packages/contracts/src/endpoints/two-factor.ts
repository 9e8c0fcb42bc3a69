import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { emptyBodySchema, idParamsSchema } from '../management';
import {
  twoFactorPolicyBodySchema,
  twoFactorPolicyQuerySchema,
  twoFactorPolicySchema,
  twoFactorStatusSchema,
} from '../two-factor';
import { endpoint, managementErrors } from './endpoint';

// Two-factor sign-in (decision 021): its status and the organisation's policy. The steps of the sign-in
// itself are answered by the auth library (auth.ts).

/** Keyed by operation id, as in `apiEndpoints`. */
export const twoFactorEndpoints = {
  getTwoFactorStatus: endpoint(apiRoutes.getTwoFactorStatus, {
    tags: ['user'],
    summary: 'Whether two-factor sign-in is on, and whether your organisation requires it',
    query: withClientQuery({}),
    response: { 200: twoFactorStatusSchema, ...managementErrors },
  }),
  getTwoFactorPolicy: endpoint(apiRoutes.getTwoFactorPolicy, {
    tags: ['management'],
    summary: "Your organisation's two-factor policy",
    query: twoFactorPolicyQuerySchema,
    response: { 200: twoFactorPolicySchema, ...managementErrors },
  }),
  updateTwoFactorPolicy: endpoint(apiRoutes.updateTwoFactorPolicy, {
    tags: ['management'],
    summary: 'Require two-factor sign-in for everyone in your organisation (single sign-on is exempt)',
    query: twoFactorPolicyQuerySchema,
    body: twoFactorPolicyBodySchema,
    response: { 200: twoFactorPolicySchema, ...managementErrors },
  }),
  resetUserTwoFactor: endpoint(apiRoutes.resetUserTwoFactor, {
    tags: ['management'],
    summary: "Remove a user's second factor (lost phone): they set it up again, if required",
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 204: z.null(), ...managementErrors },
  }),
} as const;

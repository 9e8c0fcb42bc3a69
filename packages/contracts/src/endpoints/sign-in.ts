import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import {
  passwordResetCompleteBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestResponseSchema,
} from '../auth';
import { apiErrorSchema } from '../errors';
import { endpoint } from './endpoint';

// Forgotten passwords (decision 031).

/** Keyed by operation id, as in `apiEndpoints`. */
export const signInEndpoints = {
  requestPasswordReset: endpoint(apiRoutes.requestPasswordReset, {
    tags: ['auth'],
    summary: 'Forgotten password: mails a single-use link to the address if an account exists for it',
    description:
      'Always `202 { "accepted": true }`, whether or not an account exists (the work is done after ' +
      'answering). No mail for a deactivated account or where the organisation requires single sign-on. ' +
      '429 with Retry-After past the limits per address and per client.',
    body: passwordResetRequestBodySchema,
    response: { 202: passwordResetRequestResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  completePasswordReset: endpoint(apiRoutes.completePasswordReset, {
    tags: ['auth'],
    summary: "Forgotten password: the mail's link sets a new password and ends every session of the account",
    description:
      '204. 410 `LINK_USED`: the link was used, has expired or is unknown. 400: the new password breaks the ' +
      'password rules (`COMMON_PASSWORD`, `PERSONAL_PASSWORD`, `GUESSABLE_PASSWORD`). 403 `SSO_REQUIRED`: ' +
      'the organisation requires single sign-on.',
    body: passwordResetCompleteBodySchema,
    response: {
      204: z.null(),
      400: apiErrorSchema,
      403: apiErrorSchema,
      410: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
} as const;

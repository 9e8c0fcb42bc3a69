import { apiRoutes } from '../api-routes';
import { emptyBodySchema } from '../management';
import {
  signInDomainParamsSchema,
  signInSettingsBodySchema,
  signInSettingsQuerySchema,
  signInSettingsSchema,
} from '../sign-in-settings';
import { endpoint, managementErrors } from './endpoint';

// Management: sign-in settings (decision 020); the client secret goes in, never out.

/** Keyed by operation id, as in `apiEndpoints`. */
export const singleSignOnEndpoints = {
  getSignInSettings: endpoint(apiRoutes.getSignInSettings, {
    tags: ['management'],
    summary: "The organisation's single sign-on provider (never its client secret)",
    query: signInSettingsQuerySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),
  saveSignInSettings: endpoint(apiRoutes.saveSignInSettings, {
    tags: ['management'],
    summary: 'Register or change the OpenID Connect provider; its discovery document is checked first',
    query: signInSettingsQuerySchema,
    body: signInSettingsBodySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),
  removeSignInSettings: endpoint(apiRoutes.removeSignInSettings, {
    tags: ['management'],
    summary: 'Remove the provider: users sign in with their passwords again',
    query: signInSettingsQuerySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),
  verifySignInDomain: endpoint(apiRoutes.verifySignInDomain, {
    tags: ['management'],
    summary: 'Prove a claimed e-mail domain by its DNS TXT record (`domainProof` of the settings)',
    description:
      '400 `DOMAIN_NOT_PROVEN`: the TXT record is missing or has another value; 400 `PUBLIC_MAIL_DOMAIN`; ' +
      '409 `DOMAIN_IN_USE`: users of another organisation have addresses in it; 409 `CONFLICT`: another ' +
      'organisation proved it; 404: the domain is not claimed by this organisation.',
    params: signInDomainParamsSchema,
    query: signInSettingsQuerySchema,
    body: emptyBodySchema,
    response: { 200: signInSettingsSchema, ...managementErrors },
  }),
} as const;

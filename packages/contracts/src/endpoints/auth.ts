import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import {
  signInBodySchema,
  signInResponseSchema,
  signOutResponseSchema,
  tokenCheckQuerySchema,
  tokenCheckResponseSchema,
} from '../auth';
import { apiErrorSchema } from '../errors';
import { integrityTokenHeader } from '../integrity-header';
import { singleSignOnStartBodySchema, singleSignOnStartResponseSchema } from '../sign-in-settings';
import {
  twoFactorCodeBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorPasswordBodySchema,
} from '../two-factor';
import { endpoint } from './endpoint';

// The auth library's endpoints (docs/product.md §D.3): answered by better-auth through one catch-all route,
// described here for API clients. Two-factor sign-in is decision 021, single sign-on decision 020.

/** The app integrity token (decision 007) that the credential steps need. */
const integrityTokenHeaders = z.object({ [integrityTokenHeader]: z.string().max(4096) });

/** What the auth library answers where the app reads nothing of it (it may add fields). */
const libraryAnswerSchema = z.looseObject({});

/** Keyed by operation id, as in `apiEndpoints`. */
export const authEndpoints = {
  signInWithEmail: endpoint(apiRoutes.signInWithEmail, {
    tags: ['auth'],
    summary: 'Sign in with e-mail and password: sets the session cookie',
    description:
      'Needs a fresh app integrity token (`POST /api/integrity/verify`) in the `' +
      integrityTokenHeader +
      '` header. The session token is only ever in the HttpOnly cookie, never in the body.',
    headers: integrityTokenHeaders,
    body: signInBodySchema,
    response: {
      200: signInResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  signOut: endpoint(apiRoutes.signOut, {
    tags: ['auth'],
    summary: 'Sign out: ends the session of the cookie',
    response: { 200: signOutResponseSchema, 401: apiErrorSchema },
  }),
  getToken: endpoint(apiRoutes.getToken, {
    tags: ['auth'],
    summary: 'Exchange the session cookie for a short-lived bearer token (JWT)',
    description:
      'Send the token as `Authorization: Bearer <token>` on every other call. With `check=true` the answer ' +
      'without a session is `200 { "token": null }` instead of 401.',
    query: tokenCheckQuerySchema,
    response: { 200: tokenCheckResponseSchema, 401: apiErrorSchema },
  }),
  startSingleSignOn: endpoint(apiRoutes.startSingleSignOn, {
    tags: ['auth'],
    summary: "Single sign-on: the authorisation URL of the e-mail domain's OpenID Connect provider",
    description:
      'Send the browser to `url` (authorisation code flow with PKCE, state and nonce). The provider sends it ' +
      'back to `/api/auth/sso/callback`, which signs in and goes on to `redirectTo`, or to ' +
      '`/login?ssoError=<reason>`. 404: no provider for the domain; 502: the provider cannot be reached.',
    body: singleSignOnStartBodySchema,
    response: {
      200: singleSignOnStartResponseSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      502: apiErrorSchema,
    },
  }),
  enableTwoFactor: endpoint(apiRoutes.enableTwoFactor, {
    tags: ['auth'],
    summary: 'A new two-factor key and recovery codes; in force once a code confirms it (verify-totp)',
    body: twoFactorPasswordBodySchema,
    response: { 200: twoFactorEnableResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  disableTwoFactor: endpoint(apiRoutes.disableTwoFactor, {
    tags: ['auth'],
    summary: 'Turn two-factor sign-in off (needs the password)',
    body: twoFactorPasswordBodySchema,
    response: { 200: libraryAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  verifyTwoFactorCode: endpoint(apiRoutes.verifyTwoFactorCode, {
    tags: ['auth'],
    summary: 'A code of the authenticator app: confirms a new key, or completes a sign-in that asked for one',
    headers: integrityTokenHeaders,
    body: twoFactorCodeBodySchema,
    response: { 200: libraryAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),
  verifyRecoveryCode: endpoint(apiRoutes.verifyRecoveryCode, {
    tags: ['auth'],
    summary: 'Complete a sign-in with a recovery code (each works once)',
    headers: integrityTokenHeaders,
    body: twoFactorCodeBodySchema,
    response: { 200: libraryAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),
} as const;

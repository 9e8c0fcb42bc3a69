// No zod here: the login screen needs these (bundle budget, docs/decisions/011).

/**
 * Where the organisation's OpenID Connect provider sends the browser back after single sign-on (the
 * redirect URI to register at the provider; docs/decisions/020-single-sign-on.md). The start is the API
 * route `apiRoutes.startSingleSignOn`.
 */
export const singleSignOnCallbackPath = '/api/auth/sso/callback';

/** The login screen's query parameter that carries why a single sign-on failed. */
export const singleSignOnErrorParam = 'ssoError';

/**
 * Why a single sign-on failed; each has a translated message on the login screen
 * (`login.sso.error.<code>`). Anything not listed shows `failed`.
 */
export const singleSignOnErrors = [
  /** No provider is registered for the e-mail's domain. */
  'unknown_domain',
  /** The provider could not be reached or answered with something unusable. */
  'provider_unavailable',
  /** The user declined at the provider (`error=access_denied`). */
  'access_denied',
  /** The provider does not vouch for the e-mail address (`email_verified` is not true). */
  'email_not_verified',
  /** The account is deactivated. */
  'deactivated',
  /** The e-mail belongs to another organisation than the provider's. */
  'wrong_organisation',
  /** The answer did not match this browser's sign-in (state, PKCE or nonce): nothing was signed in. */
  'invalid_response',
  'failed',
] as const;
export type SingleSignOnError = (typeof singleSignOnErrors)[number];

export function isSingleSignOnError(value: string | null): value is SingleSignOnError {
  return value !== null && (singleSignOnErrors as readonly string[]).includes(value);
}

/**
 * better-auth `account.provider_id` of an account linked through single sign-on: this prefix and the
 * provider's id. Such users are exempt from two-factor codes (their provider decides).
 */
export const singleSignOnAccountPrefix = 'sso:';

/** The `code` of every error response (errors.ts); a plain constant, importable without zod. */
export const errorCodes = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  /** Password change with a wrong current password (settings page). */
  invalidCurrentPassword: 'INVALID_CURRENT_PASSWORD',
  /** Sign-in/sign-up without a valid integrity token (decision 007). */
  integrityRequired: 'INTEGRITY_REQUIRED',
  /** A proof-of-work solution that is wrong, expired or already used (decision 007). */
  integrityFailed: 'INTEGRITY_FAILED',
  /** A new password on the list of common passwords of 12 or more characters (decision 022). */
  commonPassword: 'COMMON_PASSWORD',
  /** A new password built from the owner's e-mail address, name or the product's name (decision 022). */
  personalPassword: 'PERSONAL_PASSWORD',
  /** A new password the strength estimator finds easy to guess (decision 022). */
  guessablePassword: 'GUESSABLE_PASSWORD',
  /** A password change whose new password is the current one (decision 022: a one-time password stays one). */
  passwordUnchanged: 'PASSWORD_UNCHANGED',
  /** 403 for everything but the password change while the user must choose a new password (decision 022). */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** Password sign-in refused: the organisation requires single sign-on (docs/decisions/020-single-sign-on.md). */
  singleSignOnRequired: 'SSO_REQUIRED',
  /** A single-sign-on domain whose DNS TXT record is missing or wrong (docs/decisions/020-single-sign-on.md). */
  domainNotProven: 'DOMAIN_NOT_PROVEN',
  /** A public mail service's domain (gmail.com …) claimed for single sign-on (decision 020). */
  publicMailDomain: 'PUBLIC_MAIL_DOMAIN',
  /** A domain claimed for single sign-on in which users of another organisation have addresses (decision 020). */
  domainInUse: 'DOMAIN_IN_USE',
  /** 403 for everything but the set-up while the organisation requires two-factor sign-in (decision 021). */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** A report definition's SQL the executor will not run: the reason names why (decision 027). */
  sqlRefused: 'SQL_REFUSED',
  /** A report filtered by a user attribute the user lacks: "not available for your account" (decision 027). */
  userAttributeMissing: 'USER_ATTRIBUTE_MISSING',
  /** A report reading a table with a row rule whose attribute the reader lacks; the message names it (decision 044). */
  rowRuleAttributeMissing: 'ROW_RULE_ATTRIBUTE_MISSING',
  /** A report's data source is unreachable or failed the query (decision 027); other reports keep working. */
  dataSourceUnavailable: 'DATA_SOURCE_UNAVAILABLE',
  /** A value of a choice from a query that is not among the reader's own options (decision 038); 400. */
  choiceNotOffered: 'CHOICE_NOT_OFFERED',
  /**
   * A report whose definition is broken: the database refused its statement (a missing column, a syntax
   * error). Not an outage, so not worth asking again; its owner is told once (decision 046); 500.
   */
  reportBroken: 'REPORT_BROKEN',
  /** A report's query ran past its data source's statement timeout (decision 027). */
  queryTimedOut: 'QUERY_TIMED_OUT',
  /** A single-use link used before (an unsubscribe link, decision 029), or what it named is gone. */
  linkUsed: 'LINK_USED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

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
  /** Sign-in/sign-up without a valid integrity token (security hardening). */
  integrityRequired: 'INTEGRITY_REQUIRED',
  /** A proof-of-work solution that is wrong, expired or already used (security hardening). */
  integrityFailed: 'INTEGRITY_FAILED',
  /** A new password on the list of the 10,000 most common passwords (decision 022). */
  commonPassword: 'COMMON_PASSWORD',
  /** A password change whose new password is the current one (decision 022: a one-time password stays one). */
  passwordUnchanged: 'PASSWORD_UNCHANGED',
  /** 403 for everything but the password change while the user must choose a new password (decision 022). */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** Password sign-in refused: the organisation requires single sign-on (docs/decisions/020-single-sign-on.md). */
  singleSignOnRequired: 'SSO_REQUIRED',
  /** 403 for everything but the set-up while the organisation requires two-factor sign-in (decision 021). */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

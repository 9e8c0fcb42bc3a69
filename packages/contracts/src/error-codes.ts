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
  /** Password change with a wrong current password (issue 3 settings page). */
  invalidCurrentPassword: 'INVALID_CURRENT_PASSWORD',
  /** Sign-in/sign-up without a valid integrity token (issue 7). */
  integrityRequired: 'INTEGRITY_REQUIRED',
  /** A proof-of-work solution that is wrong, expired or already used (issue 7). */
  integrityFailed: 'INTEGRITY_FAILED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

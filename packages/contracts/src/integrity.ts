import { z } from 'zod';
import { withClientBody } from './client-params';

/**
 * App integrity (docs/product.md §1 "checks app integrity with a captcha provider; the integrity token refreshes
 * automatically"; docs/product.md §D.3): the SPA solves a signed proof-of-work challenge (ALTCHA v2, PBKDF2) and
 * exchanges the solution for a short-lived integrity token, sent in this header on sign-in and sign-up.
 */
// In a zod-free module: the web app's API client (login route) needs only this name (languages.ts says why).
export { integrityTokenHeader } from './integrity-header';

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^(?:[0-9a-f]{2})+$/, 'must be lowercase hex');

/** ALTCHA v2 challenge parameters (altcha-lib `ChallengeParameters`), as the server signed them. */
export const integrityChallengeParametersSchema = z
  .object({
    algorithm: z.enum(['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']),
    nonce: hex(128),
    salt: hex(128),
    cost: z.number().int().positive().max(10_000_000),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: hex(128),
    keySignature: hex(256).optional(),
    expiresAt: z.number().int().positive(),
  })
  .strict();

export const integrityChallengeSchema = z
  .object({
    parameters: integrityChallengeParametersSchema,
    signature: hex(256),
  })
  .strict();
export type IntegrityChallenge = z.infer<typeof integrityChallengeSchema>;

/** `GET /api/integrity/challenge` (public). */
export const integrityChallengeResponseSchema = z.object({ challenge: integrityChallengeSchema });
export type IntegrityChallengeResponse = z.infer<typeof integrityChallengeResponseSchema>;

/** What the solver found: the counter and the key it derives (altcha-lib `Solution`). */
export const integritySolutionSchema = z
  .object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: hex(256),
    /** Milliseconds the solver took (informational; logged, never trusted). */
    time: z.number().nonnegative().max(3_600_000).optional(),
  })
  .strict();
export type IntegritySolution = z.infer<typeof integritySolutionSchema>;

/** `POST /api/integrity/verify` body (plus the client fields of docs/product.md §7). */
export const integrityVerifyBodySchema = withClientBody({
  challenge: integrityChallengeSchema,
  solution: integritySolutionSchema,
});
export type IntegrityVerifyBody = z.input<typeof integrityVerifyBodySchema>;

/** The integrity token and when it expires (ISO 8601); the SPA renews it before then. */
export const integrityTokenResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
});
export type IntegrityTokenResponse = z.infer<typeof integrityTokenResponseSchema>;

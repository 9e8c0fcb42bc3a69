import { z } from 'zod';
import { passwordMaxLength } from './auth';
import { withClientBody, withClientQuery } from './client-params';

// Two-factor sign-in with TOTP codes (docs/decisions/021-two-factor-codes.md). Its routes are in
// api-routes.ts: the `/api/auth/two-factor/*` ones belong to the auth library's two-factor plugin and
// authenticate with the session cookie (or, for the code step of a sign-in, the plugin's two-factor
// cookie); the others are routes of ours.

/** Recovery codes handed out when two-factor sign-in is turned on. */
export const recoveryCodeCount = 10;

export const twoFactorPasswordBodySchema = z.object({ password: z.string().min(1).max(passwordMaxLength) });
export type TwoFactorPasswordBody = z.infer<typeof twoFactorPasswordBodySchema>;

/** Answer of `enable`: the `otpauth://` URI (QR code and key) and the recovery codes, shown once. */
export const twoFactorEnableResponseSchema = z.object({
  totpURI: z.string().startsWith('otpauth://'),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

/** A six-digit code from the authenticator app, or a recovery code (`abcde-12345`). */
export const twoFactorCodeBodySchema = z.object({ code: z.string().trim().min(1).max(32) });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/** What the sign-in endpoint answers instead of a session when a code is still needed. */
export const twoFactorRedirectSchema = z.object({ twoFactorRedirect: z.literal(true) });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The organisation requires it for this session (password sign-in); single sign-on is exempt. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorPolicySchema = z.object({ requireTwoFactor: z.boolean() });
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;
export const twoFactorPolicyBodySchema = withClientBody({ requireTwoFactor: z.boolean() });
export const twoFactorPolicyQuerySchema = withClientQuery({});

import { z } from 'zod';

/**
 * Password rules (issue 7, OWASP ASVS 5.0 §6.2): at least 12 and at most 128 characters, nothing else
 * (no composition rules). Every place that sets a password (password change, user creation) uses this.
 */
export const passwordMinLength = 12;
export const passwordMaxLength = 128;
export const newPasswordSchema = z.string().min(passwordMinLength).max(passwordMaxLength);

/** Body of `POST /api/auth/sign-in/email` (answered by the auth library). */
export const signInBodySchema = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(passwordMaxLength),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** `GET /api/auth/token`: the session exchanged for a short-lived bearer token (DESIGN.md §3). */
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `GET /api/auth/token?check=true` (`tokenCheckParam`): `token` is null when there is no session. */
export const tokenCheckResponseSchema = z.object({ token: z.string().nullable() });
export type TokenCheckResponse = z.infer<typeof tokenCheckResponseSchema>;

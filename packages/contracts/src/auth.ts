import { z } from 'zod';

/**
 * Password rules (security hardening, OWASP ASVS 5.0 §6.2): at least 12 and at most 128 characters, nothing else
 * (no composition rules). Every place that sets a password (password change, user creation, an
 * administrator's reset) uses this; the server also refuses the 10,000 most common passwords (decision 022).
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

/**
 * The auth library's answer to a sign-in (the session token removed: it only ever travels in the HttpOnly
 * cookie). Loose: the library may add fields; the web app reads none of them.
 */
export const signInResponseSchema = z.looseObject({
  redirect: z.boolean().optional(),
  url: z.string().optional(),
  user: z.looseObject({ id: z.string(), email: z.string(), name: z.string() }).optional(),
  /** `true`: no session yet, the second factor is asked for (decision 021). */
  twoFactorRedirect: z.boolean().optional(),
});

/** `POST /api/auth/sign-out`. */
export const signOutResponseSchema = z.looseObject({ success: z.boolean() });

/** `GET /api/auth/token`: `check=true` asks for `{ token: null }` instead of 401 without a session. */
export const tokenCheckQuerySchema = z.object({ check: z.enum(['true', 'false']).optional() });

/** `GET /api/auth/token`: the session exchanged for a short-lived bearer token (docs/product.md §D.3). */
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `GET /api/auth/token?check=true` (`tokenCheckParam`): `token` is null when there is no session. */
export const tokenCheckResponseSchema = z.object({ token: z.string().nullable() });
export type TokenCheckResponse = z.infer<typeof tokenCheckResponseSchema>;

/**
 * Forgotten passwords (docs/decisions/031-forgotten-passwords.md): `POST /api/auth/password-reset/request`
 * with the e-mail address. The answer is always the same, whether or not an account exists for it.
 */
export const passwordResetRequestBodySchema = z.object({ email: z.string().email().max(254) });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;
export const passwordResetRequestResponseSchema = z.object({ accepted: z.literal(true) });

/** How long a link of the forgotten-password mail works (decision 031). */
export const passwordResetLinkMinutes = 30;

/**
 * `POST /api/auth/password-reset/complete`: the mail's token and the new password (the rules of
 * `newPasswordSchema` and decision 022). 204; 410 `LINK_USED` for a used, expired or unknown link.
 */
export const passwordResetCompleteBodySchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: newPasswordSchema,
});
export type PasswordResetCompleteBody = z.infer<typeof passwordResetCompleteBodySchema>;

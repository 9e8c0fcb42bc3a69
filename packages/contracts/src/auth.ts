import { z } from 'zod';

/** Body of `POST /api/auth/sign-in/email` (answered by the auth library). */
export const signInBodySchema = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(128),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** `GET /api/auth/token`: the session exchanged for a short-lived bearer token (DESIGN.md §3). */
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

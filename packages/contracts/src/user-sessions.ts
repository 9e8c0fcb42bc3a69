import { z } from 'zod';

/**
 * The signed-in user's own sessions (security hardening: "a user can list and end their own sessions on the
 * settings page"). `current` marks the session the request came from.
 */
export const userSessionSchema = z.object({
  id: z.string(),
  /** The browser's User-Agent when the session began; null when it sent none. */
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionsResponseSchema = z.object({ sessions: z.array(userSessionSchema) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponseSchema>;

/** `DELETE /api/user/sessions/:id` path parameters. */
export const userSessionParamsSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'is not a session id'),
  })
  .strict();

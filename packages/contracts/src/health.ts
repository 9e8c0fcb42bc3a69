import { z } from 'zod';

/** `GET /api/health` (liveness): the process is up and answering; nothing else is checked. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

const upOrDown = z.enum(['up', 'down']);

/**
 * `GET /api/health/ready` (readiness): 200 `ready` when this instance can serve — the database answers,
 * every LISTEN connection is up and it is not shutting down — else 503 `not-ready`, so a proxy or
 * orchestrator sends traffic elsewhere. Redis is not one of those: the API works without it, so Redis
 * away is `degraded` (still 200), with what works differently meanwhile in `degraded` (decision 009).
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: upOrDown,
    redis: z.enum(['up', 'degraded', 'not-configured']),
    /** The LISTEN connections of live notifications and of the events between instances. */
    listeners: upOrDown,
    shuttingDown: z.boolean(),
  }),
  /** For each degraded check: what its fallback means for the people using the app. */
  degraded: z.object({ redis: z.string() }).partial().optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

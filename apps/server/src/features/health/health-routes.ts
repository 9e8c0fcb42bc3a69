import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Gauge } from 'prom-client';
import { type DatabaseHandle, pingDatabase } from '../../db/database';

/** A database that does not answer `select 1` within this time counts as down. */
export const healthDatabaseTimeoutMs = 2000;
/** Redis that does not answer PING within this time counts as down. */
export const healthRedisTimeoutMs = 1000;

/** What Redis away means, in the readiness answer and docs/deploy.md "Health" (decision 009 "Outages"). */
export const redisDegradedDetail =
  'Redis is unavailable: sign-in limits are counted by each instance on its own (each allows the full ' +
  'limit), the per-address limits of the integrity routes are off, and redeemed integrity challenges are ' +
  'remembered in the database instead. Everything else works; shared counting resumes when Redis is back.';

export interface HealthRoutesOptions {
  /** Whether the LISTEN connections are up; without it (a test app without LISTEN) that check passes. */
  databaseStatus?: Pick<DatabaseHandle, 'listeners'>;
}

async function within<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, both public (decision 018; docs/deploy.md "Health"):
 * - `GET /api/health`: the process is up and its event loop answers. Restart it when this fails.
 * - `GET /api/health/ready`: this instance can serve — the database answers, every LISTEN connection
 *   (live notifications, events between instances) is up, and it is not shutting down. 503 takes it out
 *   of the proxy's rotation until it recovers; no restart needed. Redis is reported but does not decide:
 *   the API works without it, and a Redis outage would otherwise take every instance out at once
 *   (decision 009 "Outages"). Away, it is `degraded` with what that means, and `cockpit_redis_up` is 0.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  let shuttingDown = false;
  // Before the server stops accepting connections: the proxy sees "not ready" while requests drain.
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.route({
    ...endpointRoute(apiEndpoints.getHealth),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  });

  const breaker = app.redisBreaker;
  if (app.metrics.enabled && breaker) {
    new Gauge({
      name: 'cockpit_redis_up',
      help: 'Whether Redis is in use (1) or the instance falls back while it is away (0)',
      registers: [app.metrics.registry],
      collect() {
        this.set(breaker.state === 'closed' ? 1 : 0);
      },
    });
  }

  app.route({
    ...endpointRoute(apiEndpoints.getReadiness),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const redis = app.redis;
      const [database, redisState] = await Promise.all([
        pingDatabase(app.db, healthDatabaseTimeoutMs).then(
          () => 'up' as const,
          (error: unknown) => {
            request.log.warn({ err: error }, 'readiness: database unavailable');
            return 'down' as const;
          },
        ),
        // An open breaker already knows: no ping that would wait for its timeout.
        redis && breaker?.state !== 'open'
          ? within(redis.ping(), healthRedisTimeoutMs, 'redis').then(
              () => 'up' as const,
              (error: unknown) => {
                request.log.debug({ err: error }, 'readiness: redis unavailable');
                return 'degraded' as const;
              },
            )
          : Promise.resolve(redis ? ('degraded' as const) : ('not-configured' as const)),
      ]);
      const listeners = (options.databaseStatus?.listeners() ?? []).every((listener) => listener.connected)
        ? ('up' as const)
        : ('down' as const);
      const ready = database === 'up' && listeners === 'up' && !shuttingDown;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        checks: { database, redis: redisState, listeners, shuttingDown },
        ...(redisState === 'degraded' ? { degraded: { redis: redisDegradedDetail } } : {}),
      });
    },
  });
};

import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type DatabaseHandle, pingDatabase } from '../../db/database';

/** A database that does not answer `select 1` within this time counts as down. */
export const healthDatabaseTimeoutMs = 2000;
/** Redis that does not answer PING within this time counts as down. */
export const healthRedisTimeoutMs = 1000;

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
 * - `GET /api/health/ready`: this instance can serve — the database answers, Redis answers when
 *   configured, every LISTEN connection (live notifications, events between instances) is up, and it is
 *   not shutting down. 503 takes it out of the proxy's rotation until it recovers; no restart needed.
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
        redis
          ? within(redis.ping(), healthRedisTimeoutMs, 'redis').then(
              () => 'up' as const,
              (error: unknown) => {
                request.log.warn({ err: error }, 'readiness: redis unavailable');
                return 'down' as const;
              },
            )
          : Promise.resolve('not-configured' as const),
      ]);
      const listeners = (options.databaseStatus?.listeners() ?? []).every((listener) => listener.connected)
        ? ('up' as const)
        : ('down' as const);
      const ready = database === 'up' && redisState !== 'down' && listeners === 'up' && !shuttingDown;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        checks: { database, redis: redisState, listeners, shuttingDown },
      });
    },
  });
};

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { type RedisBreaker, createRedisBreaker } from './redis-breaker';
import { declaredPlugin, pluginNames } from './declared-plugin';
import { type RateLimitStore, createRateLimitStore } from './rate-limits';
import { createDatabaseClaims } from './use-once-claims';
import { type UseOnceKeys, createMemoryUseOnceKeys, createRedisUseOnceKeys } from './use-once-keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection when REDIS_URL is set (the readiness check pings it). */
    redis: Redis | null;
    /** Whether Redis is in use or callers fall back while it is away (plugins/redis-breaker.ts). */
    redisBreaker: RedisBreaker | null;
    /** Used integrity challenges; Redis when REDIS_URL is set (plugins/use-once-keys.ts). */
    useOnceKeys: UseOnceKeys;
    /** The store of @fastify/rate-limit; Redis when REDIS_URL is set (plugins/rate-limits.ts). */
    rateLimitStore: RateLimitStore;
  }
}

/**
 * The optional Redis connection (docs/product.md §D.2 "rate-limit counters move to Redis when REDIS_URL is set"):
 * rate-limit windows and used integrity challenges shared by several server processes. Commands fail at
 * once instead of queueing while Redis is away (no offline queue), and the breaker (plugins/redis-breaker.ts)
 * sends callers straight to their fallback while it is (plugins/rate-limits.ts, plugins/use-once-keys.ts,
 * decision 009).
 */
export function createRedisClient(
  url: string,
  log: FastifyBaseLogger,
): { redis: Redis; breaker: RedisBreaker } {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect for ever, at most every 5 s; meanwhile the breaker keeps callers on their fallback.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  // The breaker logs the outage and the recovery once each.
  return { redis, breaker: createRedisBreaker(redis, log) };
}

/**
 * `app.redis`, `app.redisBreaker`, `app.useOnceKeys` and `app.rateLimitStore`: Redis when REDIS_URL is set,
 * memory otherwise. While Redis is away, use-once keys go to the database, counts to this process
 * (decision 009 "Outages").
 */
export const redisClientPlugin = declaredPlugin(pluginNames.redisClient, [pluginNames.database], (app) => {
  const { config } = app;
  const connection = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : null;
  const redis = connection?.redis ?? null;
  const useOnceKeys = connection
    ? createRedisUseOnceKeys(connection.redis, config.redisKeyPrefix, {
        breaker: connection.breaker,
        durableClaims: createDatabaseClaims(app.db),
      })
    : createMemoryUseOnceKeys();
  const rateLimitStore = createRateLimitStore(
    connection ? { ...connection, prefix: `${config.redisKeyPrefix}rl:` } : null,
  );
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  app.decorate('redis', redis);
  app.decorate('redisBreaker', connection?.breaker ?? null);
  app.decorate('useOnceKeys', useOnceKeys);
  app.decorate('rateLimitStore', rateLimitStore);
});

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { type RedisBreaker, createRedisBreaker } from './redis-breaker';
import { declaredPlugin, pluginNames } from './declared-plugin';
import { createMemoryCounters, createRedisCounters } from './shared-counters';
import { createDatabaseClaims } from './use-once-claims';

/**
 * The optional Redis connection (docs/product.md §D.2 "rate-limit counters move to Redis when REDIS_URL is set"):
 * shared sign-in counters and used integrity challenges for several server processes. Commands fail at
 * once instead of queueing while Redis is away (no offline queue), and the breaker (plugins/redis-breaker.ts)
 * sends callers straight to their fallback while it is (plugins/shared-counters.ts, decision 009).
 */
export function createRedisClient(url: string, log: FastifyBaseLogger): { redis: Redis; breaker: RedisBreaker } {
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
 * `app.redis`, `app.redisBreaker` and `app.sharedCounters`: Redis when REDIS_URL is set, memory otherwise.
 * While Redis is away, use-once keys go to the database, counts to this process (decision 009 "Outages").
 */
export const redisClientPlugin = declaredPlugin(pluginNames.redisClient, [pluginNames.database], (app) => {
  const { config } = app;
  const connection = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : null;
  const redis = connection?.redis ?? null;
  const counters = connection
    ? createRedisCounters(connection.redis, config.redisKeyPrefix, {
        breaker: connection.breaker,
        durableClaims: createDatabaseClaims(app.db),
      })
    : createMemoryCounters();
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  app.decorate('redis', redis);
  app.decorate('redisBreaker', connection?.breaker ?? null);
  app.decorate('sharedCounters', counters);
});

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { type RedisBreaker, createRedisBreaker } from './redis-breaker';

/**
 * The optional Redis connection (DESIGN.md §2 "rate-limit counters move to Redis when REDIS_URL is set"):
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

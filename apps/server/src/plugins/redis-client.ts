import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The optional Redis connection (DESIGN.md §2 "rate-limit counters move to Redis when REDIS_URL is set"):
 * shared sign-in counters and used integrity challenges for several server processes. Commands fail fast
 * instead of queueing while Redis is away, so callers can fall back to memory (plugins/shared-counters.ts).
 */
export function createRedisClient(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    // Reconnect for ever, at most every 5 s; commands meanwhile fail after commandTimeout.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    // Logged once per outage, not once per reconnect attempt.
    if (!down) log.warn({ err: error }, 'redis: connection failed, counters fall back to this process');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis: connected again');
    down = false;
  });
  return redis;
}

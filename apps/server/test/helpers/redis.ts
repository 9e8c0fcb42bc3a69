import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** Redis for the shared-counter tests: TEST_REDIS_URL, else the local default (docs/tools.md: Redis on 6379). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers PING within a second; the Redis variants run only then. */
export async function redisReachable(): Promise<boolean> {
  const redis = new Redis(testRedisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix no other test run uses; `cleanup` deletes its keys afterwards. */
export function uniqueRedisPrefix(): { prefix: string; cleanup: () => Promise<void> } {
  const prefix = `cockpit-test-${randomBytes(6).toString('hex')}:`;
  return {
    prefix,
    cleanup: async () => {
      const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

import type { Redis } from 'ioredis';
import type { RedisBreaker } from './redis-breaker';

/**
 * Keys that may be used once (redeemed integrity challenges, docs/decisions/007-proof-of-work-integrity-token.md):
 * in Redis when REDIS_URL is set, so every instance sees them, otherwise in this process. Rate limits are
 * not counted here but by @fastify/rate-limit (plugins/rate-limits.ts, docs/decisions/034-one-rate-limiter.md).
 */
export interface UseOnceKeys {
  /** `true` the first time `key` is claimed within `ttlMs`, `false` on every later claim. */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  readonly backend: 'memory' | 'redis';
}

/** Keys kept in memory at most; beyond that the oldest are dropped (bounded memory under attack). */
const maxMemoryKeys = 200_000;

export function createMemoryUseOnceKeys(now: () => number = Date.now): UseOnceKeys {
  const expiries = new Map<string, number>();
  let claims = 0;

  const sweep = () => {
    claims += 1;
    if (claims % 1_000 !== 0 && expiries.size < maxMemoryKeys) return;
    const time = now();
    for (const [key, expiresAt] of expiries) if (expiresAt <= time) expiries.delete(key);
    // Still too many live keys: drop the oldest (Map keeps insertion order).
    for (const key of expiries.keys()) {
      if (expiries.size < maxMemoryKeys) break;
      expiries.delete(key);
    }
  };

  return {
    backend: 'memory',
    async claimOnce(key, ttlMs) {
      sweep();
      const expiresAt = expiries.get(key);
      if (expiresAt !== undefined && expiresAt > now()) return false;
      expiries.delete(key);
      expiries.set(key, now() + ttlMs);
      return true;
    },
  };
}

/**
 * Where use-once keys go while Redis is away (plugins/use-once-claims.ts: the database every instance
 * shares), so that a single use stays single across instances; without it they fall back to the process.
 */
export interface DurableClaims {
  /** `true` the first time `key` is claimed within `ttlMs`, like `UseOnceKeys.claimOnce`. */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  /** Whether `key` was claimed there and has not expired (claims made during an outage stay binding). */
  isClaimed(key: string): Promise<boolean>;
}

export interface RedisUseOnceKeysOptions {
  /** Remembers that Redis is away, so calls fall back at once (plugins/redis-breaker.ts). */
  breaker: RedisBreaker;
  /** Use-once keys during an outage; without it, the process's memory. */
  durableClaims?: DurableClaims;
}

/**
 * Use-once keys in Redis with a unique key prefix. While Redis is away (the breaker is open, or a call
 * fails) they go to the database instead (decision 009 "Outages"), where every instance sees them.
 */
export function createRedisUseOnceKeys(
  redis: Redis,
  prefix: string,
  { breaker, durableClaims }: RedisUseOnceKeysOptions,
): UseOnceKeys {
  const fallback = createMemoryUseOnceKeys();
  return {
    backend: 'redis',
    async claimOnce(key, ttlMs) {
      let inRedis = true;
      const claimed = await breaker.run(
        async () => (await redis.set(`${prefix}${key}`, '1', 'PX', Math.max(ttlMs, 1), 'NX')) === 'OK',
        () => {
          inRedis = false;
          return (durableClaims ?? fallback).claimOnce(key, ttlMs);
        },
      );
      // Claimed in the database while Redis was away (by any instance): used already.
      if (claimed && inRedis && durableClaims) return !(await durableClaims.isClaimed(key));
      return claimed;
    },
  };
}

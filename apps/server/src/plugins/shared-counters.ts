import type { Redis } from 'ioredis';
import type { RedisBreaker } from './redis-breaker';

/** A fixed-window count: how many hits since the window began, and when it ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Counters shared by every server process when Redis is configured, otherwise kept in this process
 * (security hardening: "counters in Redis when REDIS_URL is set, in memory otherwise"). Used for the sign-in limits
 * and for remembering integrity challenges that were already redeemed.
 */
export interface SharedCounters {
  /** Adds one hit to `key`; the window of `windowMs` starts with the first hit. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The current count of `key` without adding to it (`count: 0` when there is none). */
  peek(key: string): Promise<WindowCount>;
  /** Takes one hit back (an attempt that turned out not to count); nothing when the window is over. */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** `true` the first time `key` is claimed within `ttlMs`, `false` on every later claim (use-once). */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  readonly backend: 'memory' | 'redis';
}

/** Entries kept in memory at most; beyond that the oldest are dropped (bounded memory under attack). */
const maxMemoryEntries = 200_000;

export function createMemoryCounters(now: () => number = Date.now): SharedCounters {
  const entries = new Map<string, { count: number; resetAt: number }>();
  let operations = 0;

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    operations += 1;
    if (operations % 1_000 !== 0 && entries.size < maxMemoryEntries) return;
    const time = now();
    for (const [key, entry] of entries) if (entry.resetAt <= time) entries.delete(key);
    // Still too many live keys: drop the oldest (Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size < maxMemoryEntries) break;
      entries.delete(key);
    }
  };
  const toCount = (entry: { count: number; resetAt: number } | undefined): WindowCount =>
    entry
      ? { count: entry.count, resetInMs: Math.max(entry.resetAt - now(), 0) }
      : { count: 0, resetInMs: 0 };

  return {
    backend: 'memory',
    async increment(key, windowMs) {
      sweep();
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return toCount(entry);
    },
    async peek(key) {
      return toCount(live(key));
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async claimOnce(key, ttlMs) {
      sweep();
      if (live(key)) return false;
      entries.set(key, { count: 1, resetAt: now() + ttlMs });
      return true;
    },
  };
}

const decrementIfPresent =
  "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0";

/**
 * Where use-once keys go while Redis is away (plugins/use-once-claims.ts: the database every instance
 * shares), so that a single use stays single across instances; without it they fall back to the process.
 */
export interface DurableClaims {
  /** `true` the first time `key` is claimed within `ttlMs`, like `SharedCounters.claimOnce`. */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  /** Whether `key` was claimed there and has not expired (claims made during an outage stay binding). */
  isClaimed(key: string): Promise<boolean>;
}

export interface RedisCountersOptions {
  /** Remembers that Redis is away, so calls fall back at once (plugins/redis-breaker.ts). */
  breaker: RedisBreaker;
  /** Use-once keys during an outage; without it, the process's memory. */
  durableClaims?: DurableClaims;
}

/**
 * Redis-backed counters with a unique key prefix. While Redis is away (the breaker is open, or a call
 * fails) counts fall back to this process's memory: sign-in stays possible with per-process limits.
 * Use-once keys fall back to the database instead (decision 009 "Outages"), where every instance sees them.
 */
export function createRedisCounters(
  redis: Redis,
  prefix: string,
  { breaker, durableClaims }: RedisCountersOptions,
): SharedCounters {
  const fallback = createMemoryCounters();
  const withFallback = <T>(operation: () => Promise<T>, local: () => Promise<T>): Promise<T> =>
    breaker.run(operation, local);
  const k = (key: string) => `${prefix}${key}`;

  return {
    backend: 'redis',
    increment: (key, windowMs) =>
      withFallback(
        async () => {
          // SET NX starts the window only with the first hit; INCR and PTTL read it back atomically.
          const results = await redis
            .multi()
            .set(k(key), '0', 'PX', windowMs, 'NX')
            .incr(k(key))
            .pttl(k(key))
            .exec();
          const count = Number(results?.[1]?.[1]);
          const ttl = Number(results?.[2]?.[1]);
          if (!Number.isFinite(count)) throw new Error('redis: unexpected INCR answer');
          return { count, resetInMs: ttl > 0 ? ttl : windowMs };
        },
        () => fallback.increment(key, windowMs),
      ),
    peek: (key) =>
      withFallback(
        async () => {
          const [value, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
          const count = value === null ? 0 : Number(value);
          return { count: Number.isFinite(count) ? count : 0, resetInMs: ttl > 0 ? ttl : 0 };
        },
        () => fallback.peek(key),
      ),
    decrement: (key) =>
      withFallback(
        async () => {
          // Only an existing window: DECR on a missing key would create one without expiry.
          // `eval` here is Redis's EVAL: the fixed Lua script above runs atomically on the Redis server;
          // no JavaScript is evaluated and the only input (the key) is passed as KEYS[1], not spliced in.
          await redis.eval(decrementIfPresent, 1, k(key));
        },
        () => fallback.decrement(key),
      ),
    reset: (key) =>
      withFallback(
        async () => {
          await redis.del(k(key));
        },
        () => fallback.reset(key),
      ),
    async claimOnce(key, ttlMs) {
      let inRedis = true;
      const claimed = await withFallback(
        async () => (await redis.set(k(key), '1', 'PX', Math.max(ttlMs, 1), 'NX')) === 'OK',
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

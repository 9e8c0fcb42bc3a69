import { errorCodes } from '@cockpit/contracts';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, { type LibraryStore, type StoreCount } from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisBreaker } from './redis-breaker';

/** Windows kept in memory at most; beyond that the least recently used are dropped (bounded under attack). */
const memoryWindows = 200_000;

/**
 * The store of the one rate limiter, @fastify/rate-limit (docs/decisions/034-one-rate-limiter.md): its Redis
 * store when REDIS_URL is set, so every instance counts in the same windows, its memory store otherwise.
 * While Redis is away the breaker (plugins/redis-breaker.ts) sends counts to memory at once: limits per
 * instance rather than none, and no request waits for Redis's timeout (decision 009 "Outages").
 */
export interface RateLimitStore {
  /** The `store` option of @fastify/rate-limit. */
  readonly Store: new () => LibraryStore;
  /**
   * Takes one hit back from `key` of a limiter made with `app.createRateLimit` (an attempt counted before
   * the check that turned out not to be a failure, decision 034); nothing when its window is over.
   */
  takeBack: (key: string) => Promise<void>;
  /** Ends the window of `key` of such a limiter (tests start from a known count). */
  reset: (key: string) => Promise<void>;
  readonly backend: 'memory' | 'redis';
}

export interface RedisRateLimitOptions {
  redis: Redis;
  breaker: RedisBreaker;
  /** Key prefix in Redis (REDIS_KEY_PREFIX plus the limiter's name space). */
  prefix: string;
}

function counted(store: LibraryStore, method: 'incr' | 'read', key: string, timeWindow: number, max: number) {
  return new Promise<StoreCount>((resolve, reject) => {
    store[method](
      key,
      (error, count) =>
        error || !count ? reject(error ?? new Error('rate limit: no count')) : resolve(count),
      timeWindow,
      max,
    );
  });
}

/** Redis through the breaker, memory while it is open or a command fails. */
function guarded(redis: LibraryStore, memory: LibraryStore, breaker: RedisBreaker): LibraryStore {
  const call =
    (method: 'incr' | 'read'): LibraryStore['incr'] =>
    (key, callback, timeWindow, max) => {
      breaker
        .run(
          () => counted(redis, method, key, timeWindow, max),
          () => counted(memory, method, key, timeWindow, max),
        )
        .then(
          (count) => callback(null, count),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    };
  return {
    incr: call('incr'),
    read: call('read'),
    child: (routeOptions) => guarded(redis.child(routeOptions), memory.child(routeOptions), breaker),
  };
}

/**
 * Routes with `config.rateLimit` get windows of their own (the library's child stores, keyed by method and
 * URL); the limiters made with `app.createRateLimit` share the root store, so `takeBack` finds their keys
 * (they name their keys themselves).
 */
function withSharedManualLimiters(root: LibraryStore): new () => LibraryStore {
  const store: LibraryStore = {
    incr: root.incr.bind(root),
    read: root.read.bind(root),
    child: (routeOptions) => (routeOptions.routeInfo?.url === undefined ? store : root.child(routeOptions)),
  };
  // The plugin calls `new Store(options)`; every instance is this one store.
  return function SharedStore() {
    return store;
  } as unknown as new () => LibraryStore;
}

function takeBackInMemory(memory: LocalStore, key: string): void {
  const window = memory.lru.get(key);
  if (window && window.current > 0) window.current -= 1;
}

/**
 * Decrements an existing window only (DECR on a missing key would create one without expiry), atomically on the
 * Redis server. Defined as a command of the client, as the library's own store defines its counting: ioredis
 * then sends the script's digest (EVALSHA) instead of its text.
 */
const takeBackCommand = 'cockpitRateLimitTakeBack';
const decrementIfPresent =
  "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0";

function definedTakeBack(redis: Redis): (key: string) => Promise<unknown> {
  redis.defineCommand(takeBackCommand, { numberOfKeys: 1, lua: decrementIfPresent });
  const client = redis as unknown as Record<typeof takeBackCommand, (key: string) => Promise<unknown>>;
  return (key) => client[takeBackCommand](key);
}

export function createRateLimitStore(redisOptions: RedisRateLimitOptions | null): RateLimitStore {
  const memory = new LocalStore(false, false, memoryWindows);
  if (!redisOptions) {
    return {
      backend: 'memory',
      Store: withSharedManualLimiters(memory),
      takeBack: async (key) => takeBackInMemory(memory, key),
      reset: async (key) => memory.lru.delete(key),
    };
  }
  const { redis, breaker, prefix } = redisOptions;
  const decrement = definedTakeBack(redis);
  return {
    backend: 'redis',
    Store: withSharedManualLimiters(guarded(new RedisStore(false, false, redis, prefix), memory, breaker)),
    takeBack: (key) =>
      breaker.run(
        async () => {
          await decrement(`${prefix}${key}`);
        },
        async () => takeBackInMemory(memory, key),
      ),
    reset: (key) =>
      breaker.run(
        async () => {
          await redis.del(`${prefix}${key}`);
        },
        async () => memory.lru.delete(key),
      ),
  };
}

/** The answer of every limit: 429, `Retry-After` in seconds and the app's error shape. */
export function sendTooMany(reply: FastifyReply, retryAfterSeconds: number, message: string): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
    .send({ error: { code: errorCodes.rateLimited, message } });
}

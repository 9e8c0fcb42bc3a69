// @fastify/rate-limit types only its plugin; its two stores (the `store` contract of its README) are used
// by plugins/rate-limits.ts under the Redis breaker (docs/decisions/034-one-rate-limiter.md).
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { LibraryStore } from '@fastify/rate-limit/store/RedisStore.js';

  class LocalStore implements LibraryStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr: LibraryStore['incr'];
    read: LibraryStore['read'];
    child: LibraryStore['child'];
    /** Its window per key (toad-cache LRU); `current` is the count. */
    lru: { get(key: string): { current: number } | undefined; delete(key: string): void };
  }
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  /** What the plugin passes to `child`: the route's options, and `routeInfo` (no URL for `createRateLimit`). */
  type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { url?: string } };

  /** A fixed-window count: hits so far and the window's remaining milliseconds. */
  export interface StoreCount {
    current: number;
    ttl: number;
  }
  export type StoreCallback = (error: Error | null, count?: StoreCount) => void;

  /** The store contract of @fastify/rate-limit (its README, "Custom store"). */
  export interface LibraryStore {
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
    child(routeOptions: ChildOptions): LibraryStore;
  }

  class RedisStore implements LibraryStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr: LibraryStore['incr'];
    read: LibraryStore['read'];
    child: LibraryStore['child'];
    /** The key prefix in Redis. */
    key: string;
  }
  export default RedisStore;
}

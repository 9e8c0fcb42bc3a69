import { LRUCache } from 'lru-cache';

/** Lookups of every guarded cache of this process by cache name, read by `GET /metrics` (decision 018). */
export interface CacheLookups {
  hits: number;
  misses: number;
}
const lookupsByName = new Map<string, CacheLookups>();

/** Hits and misses so far, per cache name (caches created under one name are counted together). */
export function guardedCacheLookups(): ReadonlyMap<string, Readonly<CacheLookups>> {
  return lookupsByName;
}

/**
 * An LRU cache with a TTL whose entries are dropped when what they were read from changes, with a
 * guard against the race that a plain cache has: a read that started before a `forget` must not store
 * what it read (it may have read the row just before the change committed). Callers take
 * `generation()` before reading and hand it to `remember`; every `forget` moves the generation on.
 *
 * Shared by the bearer check's live sessions and the menu route's answers (decision 014).
 */
export function createGuardedCache<Value extends NonNullable<unknown>>({
  max,
  ttlMs,
  name = 'unnamed',
}: {
  max: number;
  ttlMs: number;
  /** The `cache` label of its hit and miss counts in the metrics. */
  name?: string;
}) {
  const entries = new LRUCache<string, Value>({ max, ttl: ttlMs });
  let generation = 0;
  let lookups = lookupsByName.get(name);
  if (!lookups) {
    lookups = { hits: 0, misses: 0 };
    lookupsByName.set(name, lookups);
  }
  const counted = lookups;

  return {
    get(key: string): Value | undefined {
      const value = entries.get(key);
      if (value === undefined) counted.misses += 1;
      else counted.hits += 1;
      return value;
    },
    /** Take before reading what will be remembered; pass it to `remember`. */
    generation(): number {
      return generation;
    },
    /** Stores the value unless something was forgotten since `readStartedAt`; `ttlMs` only shortens. */
    remember(key: string, value: Value, readStartedAt: number, entryTtlMs = ttlMs): void {
      if (readStartedAt !== generation) return;
      const ttl = Math.min(ttlMs, entryTtlMs);
      if (ttl > 0) entries.set(key, value, { ttl });
    },
    forget(keys: readonly string[]): void {
      generation += 1;
      for (const key of keys) entries.delete(key);
    },
    forgetWhere(matches: (key: string) => boolean): void {
      generation += 1;
      const stale = [...entries.keys()].filter(matches);
      for (const key of stale) entries.delete(key);
    },
  };
}

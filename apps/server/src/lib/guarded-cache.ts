import { LRUCache } from 'lru-cache';

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
}: {
  max: number;
  ttlMs: number;
}) {
  const entries = new LRUCache<string, Value>({ max, ttl: ttlMs });
  let generation = 0;

  return {
    get(key: string): Value | undefined {
      return entries.get(key);
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

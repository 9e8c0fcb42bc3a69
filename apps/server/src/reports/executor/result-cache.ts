import { LRUCache } from 'lru-cache';
import type { ResultColumn, ResultRow } from './result-values';

// Results kept per instance (decision 027, "Cache"): keyed by organisation, definition name and version,
// source and version, the statement and its bound values — which hold the user attribute values used —
// and the row limit; kept for the definition's `cacheSeconds`. A changed definition, source or upload
// bumps a version and so misses the old entries on every instance, with no message between them.
// Bounded by an estimate of the rows' memory; one result larger than `maxEntryBytes` is not kept.

export interface CachedResult {
  columns: ResultColumn[];
  rows: ResultRow[];
  cutAtRows: number | null;
  dataAsOf: Date;
  bytes: number;
}

export interface ResultCacheOptions {
  maxBytes?: number;
  maxEntryBytes?: number;
}

export function createResultCache(options: ResultCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 64 * 1024 * 1024;
  const cache = new LRUCache<string, CachedResult>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  });
  return {
    get: (key: string) => cache.get(key),
    set(key: string, entry: CachedResult, seconds: number) {
      if (seconds <= 0 || entry.bytes > maxEntryBytes) return;
      cache.set(key, entry, { ttl: seconds * 1000 });
    },
    clear: () => cache.clear(),
  };
}

export type ResultCache = ReturnType<typeof createResultCache>;

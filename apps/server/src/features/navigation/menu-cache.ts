import { LRUCache } from 'lru-cache';

/**
 * A menu changed outside this process (another server instance, a re-run seed) shows within this time.
 * The user's own pin changes in this process show at once: the pin route forgets the user's entries.
 */
export const menuCacheTtlMs = 30_000;
const maxEntries = 5_000;

/**
 * The menu route's serialised answers (UTF-8 bytes) per organisation, user and language (decision 014). The menu is
 * the most requested call of the cockpit and changes only when the user pins or unpins a report;
 * building it took three queries and a schema check per request.
 */
export function createMenuCache(ttlMs = menuCacheTtlMs) {
  const entries = new LRUCache<string, Buffer>({ max: maxEntries, ttl: ttlMs });
  // Bumped by every forget: an answer built from rows read before a pin change must not be stored.
  let generation = 0;
  const keyOf = (organisationId: string, userId: string, german: boolean) =>
    `${organisationId} ${userId} ${german ? 'de' : 'en'}`;

  return {
    get(organisationId: string, userId: string, german: boolean): Buffer | undefined {
      return entries.get(keyOf(organisationId, userId, german));
    },
    /** Call before reading the menu; pass the result to `remember`. */
    generation(): number {
      return generation;
    },
    remember(organisationId: string, userId: string, german: boolean, body: Buffer, readStartedAt: number) {
      if (readStartedAt === generation) entries.set(keyOf(organisationId, userId, german), body);
    },
    /** The user's pins changed: both languages are built again on the next request. */
    forget(organisationId: string, userId: string): void {
      generation += 1;
      entries.delete(keyOf(organisationId, userId, true));
      entries.delete(keyOf(organisationId, userId, false));
    },
  };
}

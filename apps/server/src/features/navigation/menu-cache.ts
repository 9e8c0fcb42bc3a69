import { createGuardedCache } from '../../lib/guarded-cache';

/**
 * A menu changed outside this process (another server instance, a re-run seed) shows within this time.
 * The user's own pin changes in this process show at once: the pin route forgets the user's entries.
 */
export const menuCacheTtlMs = 30_000;
const maxEntries = 5_000;

/**
 * The menu route's serialised answers (UTF-8 bytes) per organisation, user and language (decision 014).
 * The menu is the most requested call of the cockpit and changes only when the user pins or unpins a
 * report; building it took three queries and a schema check per request.
 */
export function createMenuCache(ttlMs = menuCacheTtlMs) {
  const cache = createGuardedCache<Buffer>({ max: maxEntries, ttlMs });
  const keyOf = (organisationId: string, userId: string, german: boolean) =>
    `${organisationId} ${userId} ${german ? 'de' : 'en'}`;

  return {
    get(organisationId: string, userId: string, german: boolean): Buffer | undefined {
      return cache.get(keyOf(organisationId, userId, german));
    },
    /** Call before reading the menu; pass the result to `remember`. */
    generation: cache.generation,
    remember(organisationId: string, userId: string, german: boolean, body: Buffer, readStartedAt: number) {
      cache.remember(keyOf(organisationId, userId, german), body, readStartedAt);
    },
    /** The user's pins changed: both languages are built again on the next request. */
    forget(organisationId: string, userId: string): void {
      cache.forget([keyOf(organisationId, userId, true), keyOf(organisationId, userId, false)]);
    },
  };
}

import type { UiLanguageName } from '@cockpit/contracts';
import { createGuardedCache } from '../../lib/guarded-cache';

/**
 * A change that misses the announcements (cluster events, decision 015) shows within this time at most;
 * pins, catalogue changes and account changes drop entries on every process at once.
 */
export const menuCacheTtlMs = 30_000;
const maxEntries = 5_000;

/**
 * The menu route's serialised answers (UTF-8 bytes) per organisation, user and language (decision 014).
 * The menu is the most requested call of the cockpit and changes only when the catalogue, the user's
 * pins or the user's audience (role, subscription) change.
 */
export function createMenuCache(ttlMs = menuCacheTtlMs) {
  const cache = createGuardedCache<Buffer>({ name: 'menu', max: maxEntries, ttlMs });
  const keyOf = (organisationId: string, userId: string, language: UiLanguageName) =>
    `${organisationId} ${userId} ${language}`;

  return {
    get(organisationId: string, userId: string, language: UiLanguageName): Buffer | undefined {
      return cache.get(keyOf(organisationId, userId, language));
    },
    /** Call before reading the menu; pass the result to `remember`. */
    generation: (): number => cache.generation(),
    remember(
      organisationId: string,
      userId: string,
      language: UiLanguageName,
      body: Buffer,
      readStartedAt: number,
    ) {
      cache.remember(keyOf(organisationId, userId, language), body, readStartedAt);
    },
    /** The user's pins or account changed: every language is built again on the next request. */
    forgetUser(userId: string): void {
      cache.forgetWhere((key) => key.split(' ')[1] === userId);
    },
    /** Announcements may have been missed (cluster events reconnected). */
    forgetAll(): void {
      cache.forgetWhere(() => true);
    },
    /** The organisation's catalogue changed. */
    forgetOrganisation(organisationId: string): void {
      cache.forgetWhere((key) => key.startsWith(`${organisationId} `));
    },
  };
}

import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { DurableClaims } from './use-once-keys';
import { useOnceClaims } from '../db/use-once-claims-schema';

/** Expired claims are swept after every this many claims. */
const sweepEvery = 100;

/**
 * Use-once keys in the database (plugins/use-once-keys.ts `DurableClaims`): where they go while Redis is
 * away, so that an integrity challenge redeemed on one instance is refused on every other (decision 009
 * "Outages"), instead of each instance remembering only its own.
 */
export function createDatabaseClaims(db: Database): DurableClaims {
  let claims = 0;
  return {
    async claimOnce(key, ttlMs) {
      claims += 1;
      if (claims % sweepEvery === 0)
        await db.delete(useOnceClaims).where(lt(useOnceClaims.expiresAt, sql`now()`));
      const expiresAt = sql`now() + ${`${Math.max(ttlMs, 1)} milliseconds`}::interval`;
      // One statement: a new key is inserted, an expired one taken over; a live one returns no row.
      const claimed = await db
        .insert(useOnceClaims)
        .values({ key, expiresAt })
        .onConflictDoUpdate({
          target: useOnceClaims.key,
          set: { expiresAt },
          setWhere: lt(useOnceClaims.expiresAt, sql`now()`),
        })
        .returning({ key: useOnceClaims.key });
      return claimed.length === 1;
    },
    async isClaimed(key) {
      const [row] = await db
        .select({ key: useOnceClaims.key })
        .from(useOnceClaims)
        .where(and(eq(useOnceClaims.key, key), gt(useOnceClaims.expiresAt, sql`now()`)));
      return row !== undefined;
    },
  };
}

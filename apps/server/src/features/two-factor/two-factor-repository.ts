import { and, eq, ne } from 'drizzle-orm';
import { type Actor, recordActivity } from '../../activity';
import { endDeviceTrust } from '../../auth/device-trust';
import type { Database } from '../../db/database';
import { organisations, user } from '../../db/core-tables';
import { twoFactor } from '../../db/two-factor-schema';

/** The organisation's two-factor policy and an administrator's reset of a user's factor (decision 021). */
export function createTwoFactorRepository(db: Database) {
  return {
    async isEnabled(userId: string): Promise<boolean> {
      const [row] = await db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
      return row?.enabled ?? false;
    },

    async isRequired(organisationId: string): Promise<boolean> {
      const [row] = await db
        .select({ required: organisations.requireTwoFactor })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return row?.required ?? false;
    },

    /** Sets the policy; a change (not a repeat of the same value) gets its activity entry alongside. */
    async setRequired(actor: Actor, required: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(organisations)
          .set({ requireTwoFactor: required })
          .where(
            and(eq(organisations.id, actor.organisationId), ne(organisations.requireTwoFactor, required)),
          )
          .returning({ id: organisations.id });
        if (changed.length > 0) {
          await recordActivity(tx, actor, [
            { action: 'sign-in.two-factor-policy-changed', target: required ? 'required' : 'not required' },
          ]);
        }
      });
    },

    /**
     * Removes the user's key and recovery codes, ends every device trust and turns two-factor sign-in
     * off; `false` when the user is not in the organisation (nothing changes then).
     */
    async reset(actor: Actor, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(user)
          .set({ twoFactorEnabled: false })
          .where(and(eq(user.id, userId), eq(user.organisationId, actor.organisationId)))
          .returning({ id: user.id, email: user.email });
        if (!changed) return false;
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await endDeviceTrust(tx, userId);
        await recordActivity(tx, actor, [{ action: 'users.two-factor-reset', target: changed.email }]);
        return true;
      });
    },
  };
}

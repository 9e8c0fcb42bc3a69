import { and, eq } from 'drizzle-orm';
import { endDeviceTrust } from '../../auth/device-trust';
import type { Database } from '../../db/database';
import { organisations, twoFactor, user } from '../../db/schema';

/** The organisation's two-factor policy and an administrator's reset of a user's factor (decision 021). */
export function createTwoFactorRepository(db: Database) {
  return {
    async isEnabled(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ enabled: user.twoFactorEnabled })
        .from(user)
        .where(eq(user.id, userId));
      return row?.enabled ?? false;
    },

    async isRequired(organisationId: string): Promise<boolean> {
      const [row] = await db
        .select({ required: organisations.requireTwoFactor })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return row?.required ?? false;
    },

    async setRequired(organisationId: string, required: boolean): Promise<void> {
      await db
        .update(organisations)
        .set({ requireTwoFactor: required })
        .where(eq(organisations.id, organisationId));
    },

    /**
     * Removes the user's key and recovery codes, ends every device trust and turns two-factor sign-in
     * off; `false` when the user is not in the organisation (nothing changes then).
     */
    async reset(organisationId: string, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(user)
          .set({ twoFactorEnabled: false })
          .where(and(eq(user.id, userId), eq(user.organisationId, organisationId)))
          .returning({ id: user.id });
        if (changed.length === 0) return false;
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await endDeviceTrust(tx, userId);
        return true;
      });
    },
  };
}

import type { UiCultureChoice, UiLanguageName } from '@cockpit/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { endDeviceTrust } from '../../auth/device-trust';
import type { Database } from '../../db/database';
import { account, organisations, session, user } from '../../db/core-tables';

export interface StoredAccountSettings {
  uiLanguage: UiLanguageName;
  uiCulture: UiCultureChoice;
  currencySymbol: string;
  displayName: string;
}

export function createUserSettingsRepository(db: Database) {
  return {
    async organisationName(organisationId: string): Promise<string> {
      const [row] = await db
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return row?.name ?? '';
    },

    /** Saves the settings-page fields of one user (the display name is better-auth's `name`). */
    async updateSettings(userId: string, settings: StoredAccountSettings): Promise<void> {
      await db
        .update(user)
        .set({
          name: settings.displayName,
          uiLanguage: settings.uiLanguage,
          uiCulture: settings.uiCulture,
          currencySymbol: settings.currencySymbol,
        })
        .where(eq(user.id, userId));
    },

    /** The argon2id hash of the user's e-mail + password account, or null when there is none. */
    async passwordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
      return row?.password ?? null;
    },

    /** A password the user chose: no longer a one-time one (decision 022); no device stays trusted (decision 021). */
    async setPasswordHash(userId: string, hash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(account)
          .set({ password: hash })
          .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
        await tx.update(user).set({ mustChangePassword: false }).where(eq(user.id, userId));
        await endDeviceTrust(tx, userId);
      });
    },

    /** Ends every session of the user except `keepSessionId`; their ids. */
    async endOtherSessions(userId: string, keepSessionId: string): Promise<string[]> {
      const ended = await db
        .delete(session)
        .where(and(eq(session.userId, userId), ne(session.id, keepSessionId)))
        .returning({ id: session.id });
      return ended.map((row) => row.id);
    },
  };
}

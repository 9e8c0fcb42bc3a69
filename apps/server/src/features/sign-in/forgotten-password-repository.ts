import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { endDeviceTrust } from '../../auth/device-trust';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/database';
import { account, session, user } from '../../db/core-tables';
import { passwordResetTokens } from './forgotten-password-schema';

/** The SHA-256 of a link's token, as stored (decision 031). */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whose password a forgotten-password mail may reset: an active user who has a password. */
export interface ResetCandidate {
  id: string;
  email: string;
  name: string;
  organisationId: string;
  roleKey: string;
  active: boolean;
  uiLanguage: string;
}

const candidateColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  organisationId: user.organisationId,
  roleKey: user.roleKey,
  active: user.active,
  uiLanguage: user.uiLanguage,
};

/** The forgotten-password links (decision 031): stored as hashes, single-use, expiring. */
export function createForgottenPasswordRepository(db: Database) {
  return {
    /** The active user with a password for an address (any case), or null. */
    async candidateByEmail(email: string): Promise<ResetCandidate | null> {
      const [row] = await db
        .select(candidateColumns)
        .from(user)
        .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
        .where(and(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`, eq(user.active, true)))
        .limit(1);
      return row ?? null;
    },

    /** A new link for the user: the token to mail (only its hash is stored). */
    async createToken(userId: string, validMinutes: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({
        userId,
        tokenHash: tokenHashOf(token),
        expiresAt: new Date(Date.now() + validMinutes * 60_000),
      });
      return token;
    },

    /** The user of a link that is unused and not expired, or null. Uses nothing up. */
    async candidateByToken(token: string): Promise<ResetCandidate | null> {
      const [row] = await db
        .select(candidateColumns)
        .from(passwordResetTokens)
        .innerJoin(user, eq(user.id, passwordResetTokens.userId))
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHashOf(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        );
      return row ?? null;
    },

    /**
     * Uses the link up and sets the password in one transaction: the link must still be unused and
     * unexpired (two parallel uses: one wins); every other link of the user is used up too, every session
     * ends, device trust ends (decision 021) and a one-time password is no longer pending (the user chose
     * this one). Null when the link no longer works.
     */
    async complete(
      token: string,
      newPassword: string,
    ): Promise<{ userId: string; endedSessionIds: string[] } | null> {
      const passwordHash = await hashPassword(newPassword);
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHashOf(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) return null;
        const { userId } = used;
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        await tx
          .update(account)
          .set({ password: passwordHash })
          .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
        await tx.update(user).set({ mustChangePassword: false }).where(eq(user.id, userId));
        const ended = await tx
          .delete(session)
          .where(eq(session.userId, userId))
          .returning({ id: session.id });
        await endDeviceTrust(tx, userId);
        return { userId, endedSessionIds: ended.map((entry) => entry.id) };
      });
    },
  };
}

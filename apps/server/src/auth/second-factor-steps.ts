import { timingSafeEqual } from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { APIError, getSessionFromCtx, type createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { twoFactor } from '../db/two-factor-schema';

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The plugin's TOTP settings (decision 021): six digits every 30 s, one step of clock drift either way. */
const periodMs = 30_000;
const digits = 6;
const window = 1;

/** better-auth's two-factor plugin cookie of a pending sign-in (its TWO_FACTOR_COOKIE_NAME). */
const challengeCookie = 'two_factor';

/** What the plugin answers to a wrong code: a reused one gets exactly the same answer. */
const invalidCode = () => APIError.from('UNAUTHORIZED', { message: 'Invalid code', code: 'INVALID_CODE' });

/** The user whose code this is: the signed-in user confirming a new key, or the pending sign-in's. */
async function userIdOf(ctx: AuthContext): Promise<string | null> {
  const found = await getSessionFromCtx(ctx).catch(() => null);
  if (found) return found.user.id;
  const cookie = ctx.context.createAuthCookie(challengeCookie);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending && pending.expiresAt > new Date() ? pending.value : null;
}

/** The time step (Unix time / 30 s) whose code `code` is, within the accepted window; `null` if none. */
async function stepOf(secret: string | Uint8Array, code: string, now: number): Promise<number | null> {
  const otp = createOTP(secret, { digits, period: periodMs / 1000 });
  const current = Math.floor(now / periodMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - window; step <= current + window; step += 1) {
    const expected = Buffer.from(await otp.hotp(step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = step;
  }
  return matched;
}

/**
 * Every two-factor code works once (decision 021; RFC 6238 §5.2): before the plugin checks a code, the
 * time step it belongs to is claimed for the user's key in the database — only if it is later than the
 * last one accepted, in one conditional UPDATE, so two browsers or two server instances racing with the
 * same code cannot both win. A reused code (or one of an earlier step) is answered like a wrong one. A
 * code that fits no step is left to the plugin, which refuses and counts it.
 */
export function createSecondFactorStepCheck(db: Database) {
  return async (ctx: AuthContext): Promise<void> => {
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string' || code.length !== digits) return;
    const userId = await userIdOf(ctx);
    if (!userId) return;
    const [key] = await db
      .select({ secret: twoFactor.secret })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId));
    if (!key) return;
    const decrypted = await symmetricDecrypt({ key: ctx.context.secretConfig, data: key.secret });
    // Keys imported from elsewhere are stored as `base32:<key>` by the plugin; ours never are.
    const secret = decrypted.startsWith('base32:')
      ? base32.decode(decrypted.slice(7).toUpperCase())
      : decrypted;
    const step = await stepOf(secret, code, Date.now());
    if (step === null) return;
    const claimed = await db
      .update(twoFactor)
      .set({ lastAcceptedStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          or(isNull(twoFactor.lastAcceptedStep), lt(twoFactor.lastAcceptedStep, step)),
        ),
      )
      .returning({ id: twoFactor.id });
    if (claimed.length === 0) throw invalidCode();
  };
}

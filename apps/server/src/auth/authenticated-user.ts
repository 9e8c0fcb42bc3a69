import {
  type AccountSetUpGate,
  type RoleKey,
  type Subscription,
  type UiCultureChoice,
  type UiLanguageName,
  roleKeySchema,
  subscriptionSchema,
  uiCultureChoiceSchema,
  uiLanguageNameSchema,
} from '@cockpit/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { organisations, session, user } from '../db/core-tables';
import { isSecondFactorCovered, pendingGates } from './account-policy';

/** What every protected route knows about the caller (`request.user`). */
export interface AuthenticatedUser {
  id: string;
  organisationId: string;
  roleKey: RoleKey;
  subscription: Subscription;
  uiLanguage: UiLanguageName;
  /** The choice; `auto` follows `uiLanguage` (`effectiveCulture`, docs/decisions/030). */
  uiCulture: UiCultureChoice;
  currencySymbol: string;
  displayName: string;
  email: string;
  /**
   * The better-auth session the verified bearer token was issued for (its `sid` claim): every token
   * names one, the bearer check refuses a token without it (plugins/authenticate.ts).
   */
  sessionId: string;
  /**
   * The set-up gates this session must pass first, in order (auth/account-policy.ts): everything but what
   * the first one needs answers 403 (plugins/account-set-up-gates.ts). None when absent (a delivery that
   * runs as its recipient has no session).
   */
  pendingGates?: readonly AccountSetUpGate[];
  /**
   * The organisation requires a second factor of this session's user and they have none yet (decision
   * 021: password sessions only; single sign-on is exempt). Everything but the set-up answers 403.
   */
  secondFactorMissing?: boolean;
  /** Whether this session has a second factor behind it: TOTP on, or single sign-on (decision 021). */
  secondFactorCovered?: boolean;
  /**
   * A one-time password is in use (decision 022): everything but the password change answers 403.
   * Single sign-on sessions never carry it: the provider owns those users' credentials.
   */
  mustChangePassword?: boolean;
}

/** The user joined with one unexpired session of theirs: a prepared statement (parsed and planned once). */
function prepareUserWithSession(db: Database) {
  return db
    .select({
      user,
      sessionExpiresAt: session.expiresAt,
      signInMethod: session.signInMethod,
      requireTwoFactor: organisations.requireTwoFactor,
    })
    .from(user)
    .innerJoin(organisations, eq(organisations.id, user.organisationId))
    .innerJoin(
      session,
      and(
        eq(session.userId, user.id),
        eq(session.id, sql.placeholder('sessionId')),
        gt(session.expiresAt, sql.placeholder('now')),
      ),
    )
    .where(eq(user.id, sql.placeholder('userId')))
    .prepare('load_active_user_session');
}

const preparedByDatabase = new WeakMap<Database, ReturnType<typeof prepareUserWithSession>>();

/** An active user with one live session of theirs, and when that session expires. */
export interface ActiveSession {
  user: AuthenticatedUser;
  sessionExpiresAt: Date;
}

/**
 * Loads the user together with the session the bearer token names (its `sid` claim): the session must
 * still exist and be unexpired, and the user active (security hardening: a session ended by sign-out, on the
 * settings page or by a deactivation stops API access). One indexed join, prepared once per database.
 * `null` when missing or inactive. The bearer check caches the answer briefly
 * (auth/active-user-cache.ts).
 */
export async function loadActiveSession(
  db: Database,
  id: string,
  sessionId: string,
): Promise<ActiveSession | null> {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) {
    prepared = prepareUserWithSession(db);
    preparedByDatabase.set(db, prepared);
  }
  const [found] = await prepared.execute({ userId: id, sessionId, now: new Date() });
  if (!found || !found.user.active) return null;
  const row = found.user;
  const account = {
    mustChangePassword: row.mustChangePassword,
    twoFactorEnabled: row.twoFactorEnabled,
    organisationRequiresTwoFactor: found.requireTwoFactor,
  };
  const sessionFacts = { signInMethod: found.signInMethod };
  const gates = pendingGates(account, sessionFacts);
  return {
    sessionExpiresAt: found.sessionExpiresAt,
    user: {
      ...authenticatedUserOf(row, sessionId),
      pendingGates: gates,
      secondFactorMissing: gates.includes('second-factor'),
      secondFactorCovered: isSecondFactorCovered(account, sessionFacts),
      mustChangePassword: gates.includes('password-change'),
    },
  };
}

/**
 * A user row as every request knows its user: stored values that no longer parse fall back to the least
 * (a member, basic, English); `auto` culture stays, the formatter follows the language with it
 * (docs/decisions/030).
 */
export function authenticatedUserOf(row: typeof user.$inferSelect, sessionId: string): AuthenticatedUser {
  return {
    sessionId,
    id: row.id,
    organisationId: row.organisationId,
    roleKey: roleKeySchema.catch('organisationmember').parse(row.roleKey),
    subscription: subscriptionSchema.catch('basic').parse(row.subscription),
    uiLanguage: uiLanguageNameSchema.catch('en').parse(row.uiLanguage),
    uiCulture: uiCultureChoiceSchema.catch('auto').parse(row.uiCulture),
    currencySymbol: row.currencySymbol,
    displayName: row.name,
    email: row.email,
  };
}

/** The user as a request would know them, for work that runs as them without a session (a delivery); null when gone. */
export async function readUserWithoutSession(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<(AuthenticatedUser & { active: boolean }) | null> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  return row ? { ...authenticatedUserOf(row, 'delivery'), active: row.active } : null;
}

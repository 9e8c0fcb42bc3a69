import {
  type RoleKey,
  type Subscription,
  type UiCulture,
  type UiLanguageName,
  roleKeySchema,
  subscriptionSchema,
  uiCultureSchema,
  uiLanguageNameSchema,
} from '@cockpit/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { session, user } from '../db/schema';

/** What every protected route knows about the caller (`request.user`). */
export interface AuthenticatedUser {
  id: string;
  organisationId: string;
  roleKey: RoleKey;
  subscription: Subscription;
  uiLanguage: UiLanguageName;
  uiCulture: UiCulture;
  currencySymbol: string;
  displayName: string;
  email: string;
  /** The better-auth session the bearer token was issued for (its `sid` claim, issue 7). */
  sessionId?: string;
}

/** The user joined with one unexpired session of theirs: a prepared statement (parsed and planned once). */
function prepareUserWithSession(db: Database) {
  return db
    .select({ user })
    .from(user)
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

/**
 * Loads the user by id on every request, so a deactivated or deleted user is refused at once even with
 * a token that has not expired yet. With `sessionId`, the session must also still exist and be unexpired
 * (issue 7: a session ended by sign-out or on the settings page stops API access at once): one indexed
 * join, prepared once per database. `null` when missing or inactive.
 */
export async function loadActiveUser(
  db: Database,
  id: string,
  sessionId?: string,
): Promise<AuthenticatedUser | null> {
  let row;
  if (sessionId) {
    let prepared = preparedByDatabase.get(db);
    if (!prepared) {
      prepared = prepareUserWithSession(db);
      preparedByDatabase.set(db, prepared);
    }
    row = (await prepared.execute({ userId: id, sessionId, now: new Date() }))[0]?.user;
  } else {
    row = (await db.select().from(user).where(eq(user.id, id)))[0];
  }
  if (!row || !row.active) return null;
  return {
    ...(sessionId ? { sessionId } : {}),
    id: row.id,
    organisationId: row.organisationId,
    roleKey: roleKeySchema.catch('organisationmember').parse(row.roleKey),
    subscription: subscriptionSchema.catch('basic').parse(row.subscription),
    uiLanguage: uiLanguageNameSchema.catch('en').parse(row.uiLanguage),
    uiCulture: uiCultureSchema.catch('en-GB').parse(row.uiCulture),
    currencySymbol: row.currencySymbol,
    displayName: row.name,
    email: row.email,
  };
}

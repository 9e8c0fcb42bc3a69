import { randomUUID } from 'node:crypto';
import type { RoleKey, Subscription, UiCultureChoice, UiLanguageName } from '@cockpit/contracts';
import { hashPassword } from './password';
import type { Database } from '../db/database';
import { account, user } from '../db/core-tables';

export interface NewUser {
  organisationId: string;
  email: string;
  password: string;
  name: string;
  roleKey: RoleKey;
  subscription: Subscription;
  uiLanguage?: UiLanguageName;
  uiCulture?: UiCultureChoice;
  currencySymbol?: string;
  active?: boolean;
  /** An initial password set by an administrator: to be replaced at the first sign-in (decision 022). */
  mustChangePassword?: boolean;
}

/**
 * Creates a user who can sign in with e-mail and password: a better-auth `user` row plus its
 * `credential` account (accountId = user id) holding the argon2id hash. Does nothing when the
 * e-mail exists. Returns the id of the new user, or null. Used by the demo seed and by management's
 * "new user" alike (the seed is not imported by production code, docs/decisions/023).
 */
export async function createUserWithPassword(
  db: Database,
  input: NewUser,
  /** More writes in the same transaction once the user exists (management's activity entry). */
  alongside?: (tx: Pick<Database, 'insert'>, id: string) => Promise<void>,
): Promise<string | null> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const inserted = await tx
      .insert(user)
      .values({
        id,
        name: input.name,
        email: input.email.toLowerCase(),
        emailVerified: true,
        organisationId: input.organisationId,
        roleKey: input.roleKey,
        subscription: input.subscription,
        uiLanguage: input.uiLanguage ?? 'en',
        uiCulture: input.uiCulture ?? 'auto',
        currencySymbol: input.currencySymbol ?? '€',
        active: input.active ?? true,
        mustChangePassword: input.mustChangePassword ?? false,
      })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (inserted.length === 0) return null;
    await insertCredentialAccount(tx, id, passwordHash);
    await alongside?.(tx, id);
    return id;
  });
}

/**
 * The better-auth `credential` account of a user (accountId = user id) with an argon2id hash: what lets
 * the user sign in with a password.
 */
export async function insertCredentialAccount(
  tx: Pick<Database, 'insert'>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: passwordHash,
  });
}

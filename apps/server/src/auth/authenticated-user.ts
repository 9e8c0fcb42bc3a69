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
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { user } from '../db/schema';

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
}

/**
 * Loads the user by id on every request, so a deactivated or deleted user is refused at once even with
 * a token that has not expired yet. `null` when missing or inactive.
 */
export async function loadActiveUser(db: Database, id: string): Promise<AuthenticatedUser | null> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row || !row.active) return null;
  return {
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

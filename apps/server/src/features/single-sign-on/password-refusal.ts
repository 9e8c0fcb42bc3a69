import type { Database } from '../../db/database';
import { createSsoProvidersRepository, passwordsRefused } from './sso-providers-repository';

/** The account a password is checked for: what `passwordsRefused` reads of it, and its organisation. */
export type PasswordAccount = Parameters<typeof passwordsRefused>[1] & { organisationId: string };

/** Whether the account's organisation refuses its password (decision 020). */
export type PasswordRefusal = (account: PasswordAccount) => Promise<boolean>;

/**
 * `passwordsRefused` for the account's organisation: its provider requires single sign-on and the account is
 * not its break-glass administrator. Forgotten passwords (sign-in/forgotten-password-routes.ts, decision 031)
 * ask it; app.ts passes it there, as features never import each other.
 */
export function passwordRefusal(db: Database): PasswordRefusal {
  const providers = createSsoProvidersRepository(db);
  return async (account) =>
    passwordsRefused(await providers.findByOrganisation(account.organisationId), account);
}

// The account policy in one place: whether a session is a single sign-on one, which set-up gates an
// account still has to pass, and which auth paths need the integrity token. The auth library's hooks
// (create-auth.ts), the bearer check (authenticated-user.ts) and the Fastify glue (plugins/, features/sign-in)
// ask here and decide nothing of it themselves.
import {
  type AccountSetUpGate,
  type CredentialKind,
  accountSetUpGates,
  integrityRequirementOf as contractsIntegrityRequirementOf,
} from '@cockpit/contracts';
import { normalisedAuthPath } from './credential-endpoint';

/** How a session was signed in: the `sign_in_method` column of the session (db/core-tables.ts). */
export type SignInMethod = 'password' | 'sso';

/** What the policy needs of a session: better-auth's session object or the bearer check's join. */
export interface SessionFacts {
  signInMethod?: unknown;
}

/** What the policy needs of an account and its organisation. */
export interface AccountFacts {
  /** An administrator set the password (decision 022). */
  mustChangePassword?: unknown;
  /** TOTP is on (decision 021). */
  twoFactorEnabled?: unknown;
  /** The organisation requires a second factor of password sessions (decision 021). */
  organisationRequiresTwoFactor?: unknown;
}

/**
 * A single sign-on session (decision 020): the provider owns the user's credentials and second factor, so
 * it is exempt from the password change (decision 022) and from the required second factor (decision 021).
 */
export function isSingleSignOnSession(session: SessionFacts): boolean {
  return session.signInMethod === 'sso';
}

/** Whether this session has a second factor behind it: TOTP on, or single sign-on (decision 021). */
export function isSecondFactorCovered(account: AccountFacts, session: SessionFacts): boolean {
  return isSingleSignOnSession(session) || account.twoFactorEnabled === true;
}

const gateApplies: Record<AccountSetUpGate, (account: AccountFacts) => boolean> = {
  // Decision 022: an administrator set the password (at creation or by a reset).
  'password-change': (account) => account.mustChangePassword === true,
  // Decision 021: the organisation requires two-factor sign-in and the user has none yet.
  'second-factor': (account) =>
    account.organisationRequiresTwoFactor === true && account.twoFactorEnabled !== true,
};

/**
 * The set-up gates this account still has to pass in this session, in the order they are taken
 * (contracts `accountSetUpGates`): none for a single sign-on session.
 */
export function pendingGates(account: AccountFacts, session: SessionFacts): AccountSetUpGate[] {
  if (isSingleSignOnSession(session)) return [];
  return accountSetUpGates.filter((gate) => gateApplies[gate](account));
}

/**
 * Whether a request path needs the app integrity token, and what credentials it takes (decision 007):
 * the routes the contracts mark `integrity` and the auth library's credential paths they declare
 * (`integrityAuthPathPrefixes`), the same lookup the web app's client makes. Percent-encoding, doubled or
 * trailing slashes, dot segments and letter case are undone first, so no spelling of
 * `/api/auth/sign-in/email` gets past the integrity check and the sign-in limits.
 */
export function integrityRequirementOf(pathname: string): CredentialKind | null {
  return contractsIntegrityRequirementOf(normalisedAuthPath(pathname));
}

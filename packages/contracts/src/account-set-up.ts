// Plain data, no zod: the route guards and the API client of the web app read it (bundle budget, decision 011).
import { errorCodes } from './error-codes';

/**
 * What a signed-in user must do before anything else, in this order: replace a one-time password
 * (decision 022), then set up the second factor the organisation requires (decision 021). The server
 * decides which are pending (apps/server/src/auth/account-policy.ts); single sign-on sessions have none.
 */
export const accountSetUpGates = ['password-change', 'second-factor'] as const;
export type AccountSetUpGate = (typeof accountSetUpGates)[number];

/** The 403 code every other call answers with while a gate is pending. */
export const accountSetUpGateCodes = {
  'password-change': errorCodes.passwordChangeRequired,
  'second-factor': errorCodes.twoFactorRequired,
} as const satisfies Record<AccountSetUpGate, string>;

/** The gate a 403 code announces, or null for any other code. */
export function accountSetUpGateOfCode(code: string): AccountSetUpGate | null {
  return accountSetUpGates.find((gate) => accountSetUpGateCodes[gate] === code) ?? null;
}

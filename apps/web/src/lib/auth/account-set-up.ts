import { type AccountSetUpGate, accountSetUpGates, pendingSetUpClaim } from '@cockpit/contracts';
import { readTokenClaim } from './jwt';
import { getToken } from './token-store';

/**
 * The set-up gate the signed-in user must pass before anything else (decisions 021, 022): the first one
 * the bearer token announces, or null. The server refuses every other call anyway; this only sends the
 * browser to the gate's screen instead of failing calls.
 */
export function pendingAccountSetUp(): AccountSetUpGate | null {
  const token = getToken();
  const claim = token === null ? null : readTokenClaim(token, pendingSetUpClaim);
  if (!Array.isArray(claim)) return null;
  return accountSetUpGates.find((gate) => gate === claim[0]) ?? null;
}

import { passwordChangeRequiredClaim } from '@cockpit/contracts';
import { readTokenClaim } from './jwt';
import { getToken } from './token-store';

/**
 * Whether the signed-in user must choose a new password before anything else (decision 022: a one-time
 * password set by an administrator): the bearer token says so. The server refuses every other call
 * anyway; this only sends the browser to the password-change screen instead of failing calls.
 */
export function isPasswordChangeRequired(): boolean {
  const token = getToken();
  return token !== null && readTokenClaim(token, passwordChangeRequiredClaim) === true;
}

// How the auth library would spell a path. In auth/ because the account policy (account-policy.ts) and the
// Fastify glue (features/sign-in/auth-routes.ts) both need it.
import type { CredentialKind } from '@cockpit/contracts';

/**
 * The kinds of credentials an auth endpoint takes (contracts `CredentialKind`): all need an integrity
 * token (decision 007); the code step of a two-factor sign-in counts against the same limits as passwords
 * (decision 021). Which path is which: `integrityRequirementOf` in account-policy.ts.
 */
export type CredentialEndpoint = CredentialKind;

/** A path as the auth library would route it, in one spelling: decoded, dot segments and slashes undone, lower case. */
export function normalisedAuthPath(pathname: string): string {
  let path = pathname;
  for (let round = 0; round < 4; round += 1) {
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // malformed escapes: keep what we have
    }
    const normalised = new URL(decoded.replace(/\\/g, '/').replace(/\/{2,}/g, '/'), 'http://x').pathname;
    if (normalised === path) break;
    path = normalised;
  }
  return path.replace(/\/+$/, '').toLowerCase();
}

// Which better-auth endpoint takes credentials. In auth/ because the auth library's own hook
// (create-auth.ts) and the Fastify glue (plugins/sign-in-guard.ts and metrics.ts, features/sign-in/auth-routes.ts) both ask.

/**
 * The better-auth endpoints that take credentials: all need an integrity token (decision 007); the code
 * step of a two-factor sign-in (`/two-factor/verify-*`) counts against the same limits as passwords
 * (decision 021).
 */
export type CredentialEndpoint = 'sign-in' | 'sign-up' | 'second-factor';

/**
 * Which credential endpoint a path under /api/auth reaches, however it is spelled: percent-encoding,
 * doubled or trailing slashes, dot segments and letter case are undone first, so no spelling of
 * `/api/auth/sign-in/email` gets past the integrity check and the rate limits.
 */
export function credentialEndpointOf(pathname: string): CredentialEndpoint | null {
  const path = normalisedAuthPath(pathname);
  if (path.startsWith('/api/auth/sign-in')) return 'sign-in';
  if (path.startsWith('/api/auth/sign-up')) return 'sign-up';
  if (path.startsWith('/api/auth/two-factor/verify')) return 'second-factor';
  return null;
}

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

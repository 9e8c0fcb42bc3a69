/** The payload of a JWT, read without verifying it (the server verifies), or `null` when unreadable. */
function readTokenPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const decoded: unknown = JSON.parse(atob(padded));
    return typeof decoded === 'object' && decoded !== null ? (decoded as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The expiry of a JWT in epoch milliseconds (the client only needs to know when to renew). `null` when
 * the token carries no readable `exp`.
 */
export function readTokenExpiry(token: string): number | null {
  const exp = readTokenPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** One claim of a JWT's payload (`undefined` when absent or unreadable). */
export function readTokenClaim(token: string, claim: string): unknown {
  return readTokenPayload(token)?.[claim];
}

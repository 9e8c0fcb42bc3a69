/**
 * The expiry of a JWT in epoch milliseconds, read from its payload without verifying it (the server
 * verifies; the client only needs to know when to renew). `null` when the token carries no readable `exp`.
 */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const decoded: unknown = JSON.parse(atob(padded));
    if (typeof decoded === 'object' && decoded !== null && 'exp' in decoded && typeof decoded.exp === 'number') {
      return decoded.exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}

import { isIP } from 'node:net';

/**
 * THE rule for which issuer URLs an administrator may register (docs/decisions/020-single-sign-on.md):
 * https only — a plain-http provider would hand tokens over an unencrypted connection — except loopback
 * addresses (127.0.0.1, ::1, localhost), so tests and a local provider on the same machine work — and
 * those only outside production, where an administrator could otherwise make the server fetch from
 * services on its own machine.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Why an issuer URL is not acceptable, or `null` when it is. */
export function issuerUrlProblem(text: string, { allowLoopback }: { allowLoopback: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The issuer URL is not a URL.';
  }
  if (url.username || url.password) return 'The issuer URL must not contain a user name or password.';
  if (url.search || url.hash) return 'The issuer URL must not have a query or fragment.';
  if (isLoopbackHost(url.hostname) && !allowLoopback) return 'The issuer URL must not be a loopback address.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  return 'The issuer URL must start with https:// (plain http only for loopback addresses).';
}

/** Plain http is allowed for this issuer (a loopback address). */
export function allowsPlainHttp(issuerUrl: string): boolean {
  const url = new URL(issuerUrl);
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

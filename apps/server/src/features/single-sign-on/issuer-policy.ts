import { addressKind, isIpLiteral, isLoopbackHost } from '../../lib/public-address';

/**
 * THE rule for which provider URLs the server talks to (docs/decisions/020-single-sign-on.md): the issuer
 * and every endpoint of its discovery document must be https on a public address (lib/public-address.ts;
 * hosts an operator lists in SSO_ALLOWED_HOSTS count as public). One exception, only outside production: a
 * **local provider**, whose issuer and endpoints are all loopback (127.0.0.0/8, ::1, `localhost`), may use
 * plain http — tests and a provider on the developer's machine. A plain-http provider would hand tokens
 * over an unencrypted connection; an internal address would let an administrator make the server fetch
 * from services on its own network with the client secret attached.
 */

/** Why an issuer URL is not acceptable before anything is fetched, or `null` when it may be tried. */
export function issuerUrlProblem(text: string, { allowLoopback }: { allowLoopback: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The issuer URL is not a URL.';
  }
  if (url.username || url.password) return 'The issuer URL must not contain a user name or password.';
  if (url.search || url.hash) return 'The issuer URL must not have a query or fragment.';
  // 0.0.0.0 and :: reach this machine too.
  const unspecified = isIpLiteral(url.hostname) && addressKind(url.hostname) === 'unspecified';
  if (unspecified || (isLoopbackHost(url.hostname) && !allowLoopback)) {
    return 'The issuer URL must not be a loopback or unspecified address.';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  return 'The issuer URL must start with https:// (plain http only for a provider on this machine).';
}

/** A provider on this machine: a loopback issuer, outside production (plain http allowed, loopback only). */
export function isLocalProvider(issuerUrl: string, { production }: { production: boolean }): boolean {
  return !production && isLoopbackHost(new URL(issuerUrl).hostname);
}

/** The URLs of a discovery document the server or the browser is sent to. */
export function endpointsOf(metadata: Record<string, unknown>): { field: string; url: string }[] {
  const found: { field: string; url: string }[] = [];
  for (const [field, value] of Object.entries(metadata)) {
    if (
      typeof value === 'string' &&
      (field.endsWith('_endpoint') || field === 'jwks_uri' || field === 'check_session_iframe')
    ) {
      found.push({ field, url: value });
    }
  }
  const aliases = metadata.mtls_endpoint_aliases;
  if (aliases && typeof aliases === 'object') {
    for (const [field, value] of Object.entries(aliases as Record<string, unknown>)) {
      if (typeof value === 'string') found.push({ field: `mtls_endpoint_aliases.${field}`, url: value });
    }
  }
  return found;
}

/**
 * Why an endpoint of the document is not acceptable by its URL alone: https (http and loopback only for a
 * local provider, whose endpoints must then all be loopback). Its address is checked separately.
 */
export function endpointUrlProblem(
  field: string,
  text: string,
  { local }: { local: boolean },
): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `The discovery document's ${field} is not a URL.`;
  }
  if (url.username || url.password)
    return `The discovery document's ${field} must not contain a user name or password.`;
  if (local) {
    if (!isLoopbackHost(url.hostname) || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return `The discovery document's ${field} must be on this machine too (a local provider's endpoints are all loopback).`;
    }
    return null;
  }
  if (url.protocol !== 'https:') return `The discovery document's ${field} must start with https://.`;
  return null;
}

import { safeRedirectPath } from '@cockpit/contracts';

/** Any origin serves: `safeRedirectPath` only needs one to tell a path of this site from another host. */
const siteOrigin = 'https://cockpit.invalid';

/**
 * The URL an embedded report may show in its frame, or null. Allowed: a same-origin path (`/…`, served
 * by this server) or an https URL on one of REPORT_FRAME_ORIGINS — the same list the CSP's `frame-src`
 * is built from, so a frame the browser would block is never offered. `{lang}` in the stored URL
 * becomes the UI language. A path passes the sign-in redirect's rule (contracts `safeRedirectPath`: no
 * control character or backslash, resolving to this origin), so `/\t/evil.example` — which a browser
 * reads as `//evil.example` — is refused, and the path returned is the resolved one.
 */
export function resolveFrameUrl(
  stored: string,
  language: string,
  allowedOrigins: readonly string[],
): string | null {
  const url = stored.replaceAll('{lang}', encodeURIComponent(language));
  if (url.startsWith('/') || url.startsWith('\\')) return safeRedirectPath(url, siteOrigin);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || !allowedOrigins.includes(parsed.origin)) return null;
  return parsed.toString();
}

/** An external report opens in a new window: only http(s) URLs, nothing the browser would run. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The URL an embedded report may show in its frame, or null. Allowed: a same-origin path (`/…`, served
 * by this server) or an https URL on one of REPORT_FRAME_ORIGINS — the same list the CSP's `frame-src`
 * is built from, so a frame the browser would block is never offered. `{lang}` in the stored URL
 * becomes the UI language.
 */
export function resolveFrameUrl(
  stored: string,
  language: string,
  allowedOrigins: readonly string[],
): string | null {
  const url = stored.replaceAll('{lang}', encodeURIComponent(language));
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
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

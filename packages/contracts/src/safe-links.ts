// No zod here: the signed-in shell checks banner and notification links with these before rendering them
// (bundle budget, docs/decisions/011).

/** The longest link a notification or a banner button may carry. */
export const linkMaxLength = 2000;

// Control characters (C0, DEL, C1) and the invisible characters browsers drop from URLs. A tab or a newline
// inside `java\tscript:` is removed by URL parsers, which is how such links slip past naive checks.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/;
const httpSchemePrefix = /^https?:\/\//i;

/** The WHATWG URL parser of browsers and Node; declared here because the contracts compile without DOM or Node types. */
declare const URL: new (input: string) => { protocol: string; hostname: string };

/**
 * Whether `value` is a link a notification may carry and the UI may render (docs/product.md §D.5: `url` must be
 * http(s), anything else is rejected on write and never rendered as a link). Leading/trailing blanks are
 * ignored; control characters anywhere, a scheme other than `http:`/`https:`, protocol-relative (`//host`),
 * scheme-less or host-less values are not.
 */
export function isSafeHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > linkMaxLength) return false;
  if (controlCharacters.test(trimmed)) return false;
  // The raw text must already start with the scheme: `https:evil.example` or `\\evil` are "fixed up" by
  // URL parsers, and a link should be shown as what it is.
  if (!httpSchemePrefix.test(trimmed)) return false;
  let parsed: { protocol: string; hostname: string };
  try {
    parsed = new URL(trimmed);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

// Whitespace, control characters and the backslash (browsers read `\` as `/`, so `/\evil.example` would
// leave the app): a link must be exactly what is rendered.
// eslint-disable-next-line no-control-regex
const unsafeInPath = /[\u0000-\u0020\u007f-\u00a0\u2000-\u200f\u2028\u2029\u2060\ufeff\\]/;

/** A path inside this app (`/settings`, `/reports/x?y#z`); never protocol-relative (`//host`). */
export function isInternalPath(value: string): boolean {
  if (value.length === 0 || value.length > linkMaxLength || unsafeInPath.test(value)) return false;
  return value.startsWith('/') && !value.startsWith('//');
}

/**
 * Where a banner link may go: an http(s) URL (the notifications' rule, without surrounding blanks) or a
 * path inside the app. Checked on write and again before rendering (bad stored data is never a link).
 */
export function isSafeBannerHref(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  return (value === value.trim() && isSafeHttpUrl(value)) || isInternalPath(value);
}

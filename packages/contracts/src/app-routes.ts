// Plain functions, no zod (see languages.ts): the web app's router and the server's menu both build
// these addresses, so they are defined once here (docs/product.md §2 routes).

/** The page of a report: `/reports/<name>`. */
export const reportPagePath = (name: string) => `/reports/${encodeURIComponent(name)}`;

/** The page of a dashboard by its numeric layout id (docs/product.md §3: a dashboard item's name holds it). */
export const dashboardPagePath = (layoutId: number | string) =>
  `/dashboards/${encodeURIComponent(String(layoutId))}`;

/** The WHATWG URL parser of browsers and Node; declared here because the contracts compile without DOM or Node types. */
declare const URL: new (
  input: string,
  base?: string,
) => { origin: string; protocol: string; host: string; pathname: string; search: string; hash: string };

/**
 * Control characters (C0, DEL, C1) and backslashes. A browser's URL parser drops tabs and newlines and
 * reads `\\` as `/`, so `/\t/evil.example` or `/\\evil.example` would become `//evil.example` — another
 * host — only after a check on the raw string had let them through.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
const unsafeRedirectCharacters = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * The in-app address (path, query, hash) to go to after signing in (docs/product.md §2 `redirectTo`; the login
 * screen and the single sign-on callback), or `null` when `target` could lead anywhere else: it must be a
 * path, contain no control character or backslash, and resolve against `origin` to that same origin. The
 * value returned is the resolved one, never the raw input.
 */
export function safeRedirectPath(target: string | null | undefined, origin: string): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null;
  if (unsafeRedirectCharacters.test(target)) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether `pathname` is the login screen, as the router would match it (any case, a trailing slash): a
 * page there is drawn without the router (decision 011), and nobody is sent back to it after signing in.
 */
export function isLoginPathname(pathname: string): boolean {
  return pathname.toLowerCase().replace(/\/+$/, '') === '/login';
}

/** Why an embedded report's frame URL cannot be shown; `null`: it can. */
export type FrameUrlProblem = 'empty' | 'invalid' | 'not-https' | 'other-site';

/**
 * The rule of the server's frame check (decision 015), for the catalogue field: a path of this site, or
 * an https address on one of the allowed origins (REPORT_FRAME_ORIGINS, the CSP's `frame-src`). Anything
 * else the browser would block inside the frame.
 */
export function frameUrlProblem(frameUrl: string, allowedOrigins: readonly string[]): FrameUrlProblem | null {
  const url = frameUrl.trim().replaceAll('{lang}', 'en');
  if (url === '') return 'empty';
  const siteOrigin = 'https://cockpit.invalid';
  if (url.startsWith('/') || url.startsWith('\\'))
    return safeRedirectPath(url, siteOrigin) === null ? 'invalid' : null;
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'invalid';
  if (!allowedOrigins.includes(`https://${parsed.host}`)) return 'other-site';
  return parsed.protocol === 'https:' ? null : 'not-https';
}

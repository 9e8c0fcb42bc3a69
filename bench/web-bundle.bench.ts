import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { debianChromium } from '../e2e/debian-chromium';
import { signInMember } from './support/browser-sign-in';
import { startProductionServer } from './support/production-server';

// Navigation shell figures, measured from outside the way a user's browser downloads them
// (docs/decisions/011-shell-navigation-state-and-bundle-budget.md): the production build of the web app
// served by the real server (NODE_ENV=production), Debian's Chromium
// (e2e/debian-chromium.ts). For each screen the browser starts with an empty cache, loads the page and waits until the
// network is quiet; every JavaScript and CSS body it fetched is gzip-compressed at level 6 and counted
// once (whatever the server sent on the wire), and the total and each file are printed.
//
// - login route: a signed-out visitor's cold load of `/login` — target ≤ 120 KB of JavaScript.
// - signed-in home: a signed-in member's cold load of `/` (the session cookie kept, the cache empty),
//   counted until the network is quiet — target ≤ 190 KB of JavaScript; CSS is printed beside it
//   (Mantine's whole style sheet, decision 011) with a target of its own.
//
// It also checks, from the same downloads' source maps, that reports, dashboards, management, the charts
// and table libraries stay out of the signed-in home, that neither screen loads zod, and that the login
// route loads neither React Router nor any code of the signed-in area.
//
// Builds the web app into a temporary directory first; `WEB_DIST_DIR=<dir>` measures an existing build.
// `BENCH_LIST=<n>` limits the per-file list (default: every file).

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = path.join(root, 'apps/web');
/** KB gzip (level 6) per screen and kind of body. */
const targets = {
  login: { js: 120, css: 50 },
  home: { js: 190, css: 50 },
} as const;

/** Areas that must be lazy: none of their modules may be in the signed-in home's downloads (source map paths). */
const lazyAreas = [
  'src/app/routes/app/report.tsx',
  'src/app/routes/app/dashboards.tsx',
  'src/app/routes/app/management/',
  // The management screens' features, and the management parts of features the home also uses.
  'src/features/users/',
  'src/features/contract/',
  'src/features/single-sign-on/',
  'src/features/activity/',
  'src/features/messages/components/banner-management.tsx',
  'src/features/notifications/components/notification-composer.tsx',
  'src/features/two-factor/components/two-factor-policy-card.tsx',
  'src/components/ui/management-table.module.css',
];
/**
 * Libraries the signed-in home must not load. Mantine's components and provider come with the other pages,
 * panels and dialogs (lib/mantine-area.tsx): the home and the shell are plain elements with Mantine's look.
 */
const lazyLibraries = [
  'node_modules/echarts/',
  'node_modules/zrender/',
  'node_modules/@tanstack/react-table/',
  'node_modules/@mantine/core/',
];
/** Code that loads only when needed, never until the home has settled: the idle countdown dialog, the toaster. */
const lazyModules = ['src/components/ui/idle-timeout-dialog.tsx', 'src/lib/toaster.tsx'];
/** Libraries neither screen may load: zod alone is ~25 KB gzip (the API client does not parse answers, decision 026). */
const unwantedOnFirstScreens = ['node_modules/zod/'];
/** Nothing of the signed-in area on a signed-out visitor's /login. */
const notOnLogin = [
  'node_modules/react-router/',
  'src/app/routes/app/main-layout.tsx',
  'node_modules/@mantine/',
  'node_modules/@tanstack/',
];

async function buildWeb(): Promise<{ dir: string; cleanup: () => void }> {
  const given = process.env.WEB_DIST_DIR;
  if (given) return { dir: path.resolve(given), cleanup: () => undefined };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bench-web-'));
  const { build } = await import('vite');
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Body {
  /** The path below the site, e.g. `/assets/shell-….js`. */
  file: string;
  kind: 'js' | 'css';
  kb: number;
}

/** How long no request may be in flight for the network to count as quiet. */
const quietMs = 2_000;

/** gzip level 6, as the measure from outside compresses every body. */
const gzipKb = (body: Buffer) =>
  gzipSync(body, { level: 6, strategy: constants.Z_DEFAULT_STRATEGY }).length / 1024;

/**
 * Opens `url` in a fresh page of `context` with the browser cache cleared and disabled, waits until the
 * network is quiet, and returns every JS and CSS body fetched (each file once).
 */
async function coldLoad(
  context: BrowserContext,
  url: string,
  shown: (page: Page) => Locator,
): Promise<Body[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bodies = new Map<string, Promise<Body | null>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const pathname = new URL(response.url()).pathname;
    const kind =
      type === 'script' || pathname.endsWith('.js')
        ? 'js'
        : type === 'stylesheet' || pathname.endsWith('.css')
          ? 'css'
          : null;
    if (!kind || bodies.has(pathname)) return;
    bodies.set(
      pathname,
      response.body().then(
        (body) => ({ file: pathname, kind, kb: gzipKb(body) }),
        () => null,
      ),
    );
  });
  // The network is quiet when no request is in flight for two seconds — an open event stream (the
  // notifications stream stays open for the whole visit) does not count as in flight once it answered.
  const inFlight = new Set<Request>();
  const settle = (request: Request) => inFlight.delete(request);
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream'))
      settle(response.request());
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // The screen is drawn first: on a busy machine a long script can leave the network idle for a moment
  // before the screen's own requests start.
  await shown(page).waitFor({ state: 'visible', timeout: 120_000 });
  const until = Date.now() + 120_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > until)
      throw new Error(`the network did not become quiet: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(100);
    if (inFlight.size > 0) quietSince = Date.now();
  }
  const result = (await Promise.all(bodies.values())).filter((body): body is Body => body !== null);
  await page.close();
  return result.sort((a, b) => b.kb - a.kb);
}

/** Source paths of a built file, from its source map in the build directory. */
function sourcesOf(dir: string, file: string): string[] {
  const mapFile = path.join(dir, `${file.replace(/^\//, '')}.map`);
  if (!existsSync(mapFile)) return [];
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

function report(name: string, screen: keyof typeof targets, bodies: Body[]): boolean {
  let ok = true;
  for (const kind of ['js', 'css'] as const) {
    const files = bodies.filter((body) => body.kind === kind);
    const total = files.reduce((sum, body) => sum + body.kb, 0);
    const target = targets[screen][kind];
    const within = total <= target;
    ok &&= within;
    console.log(
      `${name}, ${kind.toUpperCase().padEnd(3)}: ${total.toFixed(1)} KB gzip (level 6) in ${files.length} files ` +
        `(target ≤ ${target} KB) ${within ? 'OK' : 'OVER BUDGET'}`,
    );
    for (const body of files.slice(0, Number(process.env.BENCH_LIST ?? Infinity))) {
      console.log(`    ${body.kb.toFixed(1).padStart(6)} KB  ${body.file}`);
    }
  }
  const all = bodies.reduce((sum, body) => sum + body.kb, 0);
  console.log(`    JS and CSS together: ${all.toFixed(1)} KB`);
  return ok;
}

/** Files of `bodies` whose source maps name one of `parts`, as `file: source` (at most five). */
function containing(dir: string, bodies: Body[], parts: string[]): string[] {
  return bodies
    .filter((body) => body.kind === 'js')
    .flatMap((body) =>
      sourcesOf(dir, body.file)
        .filter((source) => parts.some((part) => source.includes(part)))
        .map((source) => `${body.file}: ${source}`),
    )
    .slice(0, 5);
}

const { dir, cleanup } = await buildWeb();
// The server's sources through tsx, as the browser journeys start it, but with NODE_ENV=production (the
// bodies it sends do not depend on how the server itself was built).
const server = await startProductionServer(path.join(root, 'apps/server/src/main.ts'), null, {
  nodeArgs: ['--import', 'tsx'],
  // No background work: the page downloads do not depend on it, and the server starts sooner.
  env: { WEB_DIST_DIR: dir, LOG_LEVEL: 'warn', BACKGROUND_JOBS: 'false' },
});
let browser: Browser | undefined;
let failed = false;
try {
  browser = await chromium.launch({
    executablePath: debianChromium.executablePath,
    args: debianChromium.args,
  });

  const visitor = await browser.newContext();
  const login = await coldLoad(visitor, `${server.baseUrl}/login`, (page) =>
    page.getByRole('button', { name: 'Sign in', exact: true }),
  );
  await visitor.close();
  if (!report('login route (signed out, cold)', 'login', login)) failed = true;
  const signedInOnLogin = containing(dir, login, notOnLogin);
  if (signedInOnLogin.length > 0) {
    failed = true;
    console.log(`SIGNED-IN CODE ON /login: ${signedInOnLogin.join(', ')}`);
  } else {
    console.log('    React Router, Mantine, TanStack and the layout: not loaded by the login route: OK');
  }

  const user = await browser.newContext();
  await signInMember(user, server.baseUrl);
  const home = await coldLoad(user, `${server.baseUrl}/`, (page) => page.getByTestId('menu-panel'));
  await user.close();
  if (!report('signed-in home (cookie kept, cold cache, network idle)', 'home', home)) failed = true;

  const zod = containing(dir, [...login, ...home], unwantedOnFirstScreens);
  if (zod.length > 0) {
    failed = true;
    console.log(`ON A FIRST SCREEN: ${zod.join(', ')}`);
  } else {
    console.log('zod: not loaded by the login route or the signed-in home: OK');
  }
  const eager = containing(dir, home, [...lazyAreas, ...lazyLibraries, ...lazyModules]);
  if (eager.length > 0) {
    failed = true;
    console.log(`NOT LAZY: ${eager.join(', ')}`);
  } else {
    console.log(
      "lazy: reports, dashboards, management, charts, Mantine's components and the toaster are not loaded by the home: OK",
    );
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser?.close();
  await server.stop();
  server.remove();
  cleanup();
}
if (failed) process.exitCode = 1;

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Navigation shell figures: the gzipped JavaScript a browser needs to show the login route and the signed-in
// reports home until it has settled (router module, main layout, the home and what loads right after
// without anyone doing anything: the idle timer and the notifications stream), read from the production build's Vite
// manifest: the entry's static imports, then each screen's lazy chunks and their static imports. A page
// loaded at /login is drawn by the entry alone, without React Router (app/index.tsx); every other page
// needs the router module too. Targets: ≤ 120 KB for the login route, ≤ 200 KB for the signed-in shell. It also checks that reports, dashboards, management and the
// charts library stay out of the shell (lazy chunks), that neither screen loads the zod library, and
// what the login route loads right after it is drawn (the session and the integrity check) — which must
// not bring the signed-in area along (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
//
// Builds the web app into a temporary directory first; `WEB_DIST_DIR=<dir>` measures an existing build
// (made with `build.manifest: true`, as vite.config.ts does) instead.

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = path.join(root, 'apps/web');
const targets = { login: 120, shell: 200 };
/**
 * Lazy modules that make up each screen, besides the entry (keys of the manifest). The signed-in figure
 * is what a browser downloads until the reports home has settled: the router module, the layout, the
 * area routes and the home, and what the layout loads right after it is shown without anyone doing
 * anything — the idle timer (its countdown dialog loads only when the countdown starts) and the
 * notifications stream client. The toast container loads with the first toast (lib/toast.tsx).
 */
const screens = {
  login: [],
  shell: [
    'src/app/routed-app.tsx',
    'src/app/routes/app/main-layout.tsx',
    'src/app/routes/app/area-routes.ts',
    'src/app/routes/app/reports-home.tsx',
    'src/app/routes/app/idle-sign-out.tsx',
    'src/features/notifications/api/notifications-connection.ts',
  ],
} satisfies Record<string, string[]>;
/** The login screen must be in the login route's download (source map path), and React Router must not. */
const loginScreen = 'src/app/routes/auth/login-screen.tsx';
const notOnLogin = ['node_modules/react-router/'];
/** Areas that must be lazy: none of their route modules may be in the shell's chunks. */
const lazyAreas = [
  'src/app/routes/app/report.tsx',
  'src/app/routes/app/dashboards.tsx',
  'src/app/routes/app/management/',
];
/** Libraries that must not be in the shell (source map paths). */
const lazyLibraries = ['node_modules/echarts/', 'node_modules/zrender/', 'node_modules/@tanstack/react-table/'];
/** Code that loads only when needed, never until the home has settled: the idle countdown dialog. */
const lazyModules = ['src/components/ui/idle-timeout-dialog.tsx', 'src/lib/toaster.tsx'];
/** Libraries neither screen may load: zod alone is ~25 KB gzip (the API client does not parse answers, decision 026). */
const unwantedOnFirstScreens = ['node_modules/zod/'];
/**
 * What the login route imports once it is drawn, not to draw it: the start-up session check and the app
 * integrity check (app/bootstrap.ts). Reported apart from the route's figure; none of it may be code of
 * the signed-in area (its layout, Mantine, TanStack Query) or React Router — or the login route would
 * download that too.
 */
const afterLoginPaint = ['src/lib/auth/session.ts', 'src/lib/integrity/integrity.ts'];
const signedInAreaOnly = [
  'src/app/routes/app/main-layout.tsx',
  'node_modules/@mantine/',
  'node_modules/@tanstack/',
  'node_modules/react-router/',
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
    build: { outDir: dir, emptyOutDir: true, manifest: true },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The chunk of `key` and everything it imports statically (what the browser must load for it). */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function gzipKb(dir: string, file: string): number {
  return gzipSync(readFileSync(path.join(dir, file))).length / 1024;
}

function sourcesOf(dir: string, file: string): string[] {
  const mapFile = path.join(dir, `${file}.map`);
  if (!existsSync(mapFile)) return [];
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

const { dir, cleanup } = await buildWeb();
try {
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  // Budgets are reported (OK / OVER); only a lazy area loaded by the shell fails the run.
  let failed = false;

  const measure = (name: keyof typeof screens) => {
    // A lazy module imported statically somewhere else too is no chunk of its own: it is in one counted already.
    const merged = screens[name].filter((key) => !manifest[key]);
    if (merged.length > 0) console.log(`    (in another chunk, counted with it: ${merged.join(', ')})`);
    const keys = staticClosure(manifest, [...entries, ...screens[name].filter((key) => manifest[key])]);
    const files = [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
    const sizes = files.map((file) => ({ file, kb: gzipKb(dir, file) })).sort((a, b) => b.kb - a.kb);
    const total = sizes.reduce((sum, size) => sum + size.kb, 0);
    const ok = total <= targets[name];
    console.log(
      `${name === 'login' ? 'login route ' : 'signed-in home, settled'}: ${total.toFixed(1)} KB gzip JS in ${files.length} files ` +
        `(target ≤ ${targets[name]} KB) ${ok ? 'OK' : 'OVER'}`,
    );
    for (const size of sizes.slice(0, Number(process.env.BENCH_LIST ?? 6))) console.log(`    ${size.kb.toFixed(1).padStart(6)} KB  ${size.file}`);
    return { keys, files };
  };

  const login = measure('login');

  // A page loaded at /login: the screen is drawn by the entry, React Router loads only after signing in.
  const loginSources = login.files.flatMap((file) => sourcesOf(dir, file));
  const routerOnLogin = loginSources.filter((source) => notOnLogin.some((library) => source.includes(library)));
  if (!loginSources.some((source) => source.endsWith(loginScreen))) {
    failed = true;
    console.log(`NOT IN THE LOGIN ROUTE'S DOWNLOAD: ${loginScreen}`);
  } else if (routerOnLogin.length > 0) {
    failed = true;
    console.log(`REACT ROUTER ON /login: ${routerOnLogin.slice(0, 5).join(', ')}`);
  } else {
    console.log('    React Router: not loaded by the login route: OK');
  }

  // Right after the login route's first paint: the session and the integrity check, nothing of the shell.
  // Each in a chunk the login route does not load: named by the manifest when it is a lazy entry of its
  // own, else found by its source map (Rolldown names a chunk it shares with static importers `_name-…`).
  const chunkKeyOf = (module: string) =>
    manifest[module]
      ? module
      : Object.keys(manifest).find(
          (key) =>
            !login.keys.has(key) &&
            (manifest[key]?.file ?? '').endsWith('.js') &&
            sourcesOf(dir, manifest[key]?.file ?? '').some((source) => source.endsWith(module.replace(/^src\//, '/src/'))),
        );
  const afterPaintKeys = afterLoginPaint.map(chunkKeyOf);
  const merged = afterLoginPaint.filter((_module, index) => !afterPaintKeys[index]);
  if (merged.length > 0) {
    failed = true;
    console.log(`NOT A CHUNK OF ITS OWN (merged into the login route's download): ${merged.join(', ')}`);
  }
  const deferred = [...staticClosure(manifest, afterPaintKeys.filter((key): key is string => key !== undefined))].filter(
    (key) => !login.keys.has(key),
  );
  const deferredFiles = deferred.map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
  const deferredKb = deferredFiles.reduce((sum, file) => sum + gzipKb(dir, file), 0);
  const signedInCode = [
    ...deferred.filter((key) => signedInAreaOnly.some((part) => key.startsWith(part))),
    ...deferredFiles.flatMap((file) =>
      sourcesOf(dir, file).filter((source) => signedInAreaOnly.some((part) => source.includes(part))),
    ),
  ];
  console.log(
    `    then, after the first paint: ${deferredKb.toFixed(1)} KB in ${deferredFiles.length} files (session, integrity check)`,
  );
  if (signedInCode.length > 0) {
    failed = true;
    console.log(`SIGNED-IN CODE LOADED ON /login: ${signedInCode.slice(0, 5).join(', ')}`);
  }

  const shell = measure('shell');

  // zod: neither the login route nor the shell.
  const unwanted = new Set(
    [login, shell].flatMap(({ files }) =>
      files.filter((file) =>
        sourcesOf(dir, file).some((source) => unwantedOnFirstScreens.some((library) => source.includes(library))),
      ),
    ),
  );
  if (unwanted.size > 0) {
    failed = true;
    console.log(`ON A FIRST SCREEN: ${unwantedOnFirstScreens.join(', ')} in ${[...unwanted].join(', ')}`);
  } else {
    console.log('zod: not loaded by the login route or the shell: OK');
  }

  // Lazy areas: their route chunks and the chart/table libraries are not part of the shell.
  const eager = [...shell.keys].filter((key) => lazyAreas.some((area) => key.startsWith(area)));
  const eagerLibraries = shell.files.flatMap((file) =>
    sourcesOf(dir, file)
      .filter((source) => [...lazyLibraries, ...lazyModules].some((library) => source.includes(library)))
      .map((source) => `${file}: ${source}`),
  );
  if (eager.length > 0 || eagerLibraries.length > 0) {
    failed = true;
    console.log('NOT LAZY:', [...eager, ...eagerLibraries.slice(0, 5)].join(', '));
  } else {
    console.log('lazy: reports, dashboards, management and charts are not in the shell: OK');
  }
  if (failed) process.exitCode = 1;
} finally {
  cleanup();
}

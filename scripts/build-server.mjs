#!/usr/bin/env node
// Bundles the server (apps/server/src/main.ts) into one ES module, apps/server/dist/server.mjs, so
// `npm start` runs plain `node` instead of transpiling ~200 TypeScript files through tsx and resolving
// ~1,000 files of node_modules on every start (reports and dashboards: later starts within 3 s; decision 013).
//
// What goes into the bundle:
// - our TypeScript: apps/server/src and @cockpit/contracts (TypeScript source, decision 001; its locale
//   JSON files are inlined);
// - ES-module packages (`"type": "module"`: better-auth, kysely, drizzle-orm, zod, jose, …): they are
//   location-independent JavaScript, and loading them as hundreds of small files was the larger part of
//   the module loading left once tsx was gone (0.85 s with every package external, 0.5 s like this).
// Everything else stays an ordinary import from node_modules: CommonJS packages (fastify and its plugins,
// pg, ioredis, pino-pretty, native @node-rs/argon2 …, which use require/__dirname), and the packages in
// `keepExternal`, which load files next to their own code (PGlite's wasm, data and extension files) or
// bring their own copy of a shared dependency (zrender, under echarts, has a tslib of its own version).
// The build refuses to inline a package that refers to its own location (import.meta, require, __dirname)
// or that would then resolve a dependency to another version than it does from node_modules.
//
// The bundle must stay one folder below apps/server (dist/, beside src/): config.ts resolves the
// repository root and apps/web/dist relative to its own module URL, which works from src/ and dist/ alike,
// and the external packages resolve through apps/server/node_modules and the root node_modules.
//
// `node scripts/build-server.mjs [--if-changed] [outfile]`. scripts/start.mjs calls buildServer() when a source changed
// since the last build; apps/server/test/server-bundle.test.ts builds a copy of its own.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = join(root, 'apps/server');
export const serverBundle = join(serverDir, 'dist/server.mjs');

/**
 * The embedded database's worker thread (apps/server/src/db/pglite-worker.ts, decision 039) is a second
 * entry point, written beside the bundle as `<bundle>-pglite-worker.mjs`: db/pglite-client.ts starts it
 * from there.
 */
export const workerBundleOf = (outfile) =>
  join(dirname(outfile), `${basename(outfile, '.mjs')}-pglite-worker.mjs`);

/** What the bundle is made of: a change to any of these makes scripts/start.mjs rebuild it. */
export const serverBundleSources = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  // Bundled packages are baked in: an install that changes node_modules must rebuild the bundle.
  'package-lock.json',
  'node_modules/.package-lock.json',
  'scripts/build-server.mjs',
];

function newestChange(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Whether any of `sources` (paths from the repository root) changed after `file` was written. */
export const changedSince = (sources, file) => Math.max(...sources.map(newestChange)) > builtAt(file);

/** Whether the bundle at `outfile` (and its embedded database's worker beside it) must be built again. */
export const bundleIsStale = (outfile) =>
  changedSince(serverBundleSources, outfile) || !existsSync(workerBundleOf(outfile));

/**
 * ES-module packages that must still load from node_modules: they read files beside their code, or resolve
 * a dependency to a copy of their own (the server's chart images: echarts and its zrender).
 */
const keepExternal = new Set(['@electric-sql/pglite', 'echarts', 'zrender']);

/** Signs that a module depends on where its file lies — such a package cannot be moved into the bundle. */
const locationDependent = /\bimport\.meta\b|\bcreateRequire\b|\b__dirname\b|\b__filename\b|\brequire\s*\(/;

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const inNodeModules = (file) => file.split(sep).includes('node_modules');

/**
 * Is `file` part of an ES-module package: its package.json (the nearest one with a name) says
 * `"type": "module"`. Dual packages whose ES entry only wraps CommonJS code (pg) do not count.
 */
function inEsModulePackage(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (manifest.name !== undefined) return manifest.type === 'module';
  }
  return false;
}

/** Decides, for every import of a package, whether it is bundled or stays external (see the top). */
const packagePolicy = {
  name: 'package-policy',
  setup(build) {
    const resolveFrom = (specifier, resolveDir, kind) =>
      build.resolve(specifier, { kind, resolveDir, pluginData: { policyDone: true } });
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.policyDone || args.path.startsWith('node:')) return undefined;
      const name = packageName(args.path);
      if (name.startsWith('@cockpit/')) return undefined; // workspace TypeScript source
      const resolved = await resolveFrom(args.path, args.resolveDir, args.kind);
      const external = { path: args.path, external: true };
      // Not installed (an optional peer imported inside a try): at run time exactly as before.
      if (resolved.errors.length > 0 || !resolved.path) return external;
      if (!keepExternal.has(name) && inEsModulePackage(resolved.path)) return resolved;
      // Staying external: the bundle's import must find the very file the importer would have found.
      // Looked up from apps/server, as a module in apps/server/dist does (dist/ has no node_modules
      // and may not exist yet).
      const fromBundle = await resolveFrom(args.path, serverDir, args.kind);
      if (fromBundle.path !== resolved.path) {
        const found = fromBundle.path ? relative(root, fromBundle.path) : 'nothing';
        const text =
          `${args.path}, imported by ${relative(root, args.importer)}, resolves to ` +
          `${relative(root, resolved.path)} there but to ${found} from the bundle`;
        return { errors: [{ text }] };
      }
      return external;
    });

    build.onLoad({ filter: /\.m?js$/ }, (args) => {
      if (!inNodeModules(args.path)) return undefined;
      const contents = readFileSync(args.path, 'utf8');
      if (locationDependent.test(contents)) {
        const text = `${relative(root, args.path)} refers to its own location: add its package to keepExternal`;
        return { errors: [{ text }] };
      }
      return { contents, loader: 'js' };
    });
  },
};

/** Builds the bundle and its worker (and their source maps) beside `outfile`; resolves when they are written. */
export async function buildServer(outfile = serverBundle) {
  // Loaded only when a build is needed: a later `npm start` does not pay for it.
  const esbuild = await import('esbuild');
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: [
        { in: join(serverDir, 'src/main.ts'), out: basename(outfile, '.mjs') },
        { in: join(serverDir, 'src/db/pglite-worker.ts'), out: basename(workerBundleOf(outfile), '.mjs') },
      ],
      outdir: dirname(resolve(outfile)),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      // package.json engines: Node ≥ 22.12 (decision 033).
      target: 'node22.12',
      // Resolve packages exactly as Node does (`import`/`require`, `node`, `default`), without esbuild's
      // bundler-only `module` condition.
      conditions: [],
      plugins: [packagePolicy],
      // Not minified, so a stack trace in a log stays readable; names are kept for the same reason and
      // for anything that reads a function's or class's name.
      keepNames: true,
      // `NODE_OPTIONS=--enable-source-maps npm start` maps stack traces back to the .ts files (costs
      // ~0.1 s of start-up, so it is not the default).
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
      banner: {
        js: '// Generated by scripts/build-server.mjs from apps/server/src (decision 013): do not edit.',
      },
    });
  } finally {
    // esbuild keeps a service process for further builds; there are none.
    await esbuild.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--if-changed`: only when a source changed since the bundle was built (tests that start the server).
  const ifChanged = process.argv.includes('--if-changed');
  const outfile = process.argv.slice(2).find((argument) => !argument.startsWith('--')) ?? serverBundle;
  if (ifChanged && !bundleIsStale(outfile)) process.exit(0);
  const started = performance.now();
  try {
    await buildServer(outfile);
  } catch (error) {
    // esbuild has printed its build errors; anything else (esbuild missing, …) is printed here.
    if (!Array.isArray(error?.errors)) console.error(error);
    process.exit(1);
  }
  console.log(
    `Built ${relative(process.cwd(), resolve(outfile))} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

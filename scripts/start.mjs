#!/usr/bin/env node
// `npm start`: build the web app and the server bundle when their sources changed since the last build,
// then start the server on the embedded database (README). Later starts skip both builds and run the
// prebuilt bundle with plain Node, so they are ready within 3 s (reports and dashboards; decision 013).
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, bundleIsStale, changedSince, serverBundle } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

if (changedSince(webSources, builtIndex)) {
  console.log('Building the web app …');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cockpit/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (bundleIsStale(serverBundle)) {
  console.log('Building the server …');
  try {
    await buildServer();
  } catch (error) {
    // esbuild has printed its build errors; anything else (esbuild missing, …) is printed here.
    if (!Array.isArray(error?.errors)) console.error(error);
    process.exit(1);
  }
}

// The bundle runs in this process (no second Node start-up): its main() reads the environment — NODE_ENV
// as the caller set it, production demands an explicit AUTH_SECRET (config.ts) — and handles SIGINT and
// SIGTERM itself.
await import(pathToFileURL(serverBundle).href);

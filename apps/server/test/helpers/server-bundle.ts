import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Tests that start the server as a process of its own (start output, graceful shutdown, the production
// seed, a killed worker) run the prebuilt bundle, as `npm start` and a deployment do (decisions 013 and
// 040): plain Node starts it in well under a second, where tsx took 2–3.5 s to transpile the sources.
// `npm test` builds it before the server tests; a single file run on its own builds it when it is stale.

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const bundle = path.join(repoRoot, 'apps/server/dist/server.mjs');

let checked = false;

/** The path of an up-to-date server bundle, to start with `node <bundle>`. */
export function serverBundle(): string {
  if (!checked) {
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs'), '--if-changed'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    checked = true;
  }
  return bundle;
}

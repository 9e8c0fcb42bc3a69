#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn and prints its figures. Speed and memory targets
// live here, not in timed tests (tests must pass on a slow, shared 2-core machine).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join('bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`\n${failed} bench file(s) failed`);
  process.exit(1);
}

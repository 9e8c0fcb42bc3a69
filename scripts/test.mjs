#!/usr/bin/env node
// `npm test`: the whole suite, in two lanes on two cores (decision 040). Each stage's lanes run side by
// side, the next stage starts when both have passed (a lane stops at its first failing step); at the end a table gives each step's time and, for
// the test steps, how many tests passed, failed and were skipped. A failing step stops the run after its
// stage (the other lane finishes, so its result is known too).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const vitestJson = (name) =>
  `--reporter=default --reporter=json --outputFile.json=${join(reports, `${name}.json`)}`;

/** A step: a command, and where its test counts are written (Vitest's or Playwright's JSON report). */
const step = (name, command, report) => ({ name, command, report });

// Two lanes from the start, balanced by their measured times (decision 040): the build comes before the PGlite
// server tests (their spawned servers and the journeys run the bundle); the PostgreSQL server tests follow the
// unit tests in the other lane.
const stages = [
  [
    [
      step('type-check', 'npx tsc -b'),
      step('build', 'npm run build && npm run build:server'),
      step('server tests on PGlite', `npx vitest run --project server ${vitestJson('server')}`, 'server'),
    ],
    [
      // Formatting is part of lint: ESLint first (its findings matter more), then Prettier's check.
      step('lint', 'npx eslint . --max-warnings 0 && npm run format:check'),
      step(
        'unit tests',
        `npx vitest run --project web --project contracts --project repository ${vitestJson('unit')}`,
        'unit',
      ),
      ...(withPostgres
        ? [
            step(
              'server tests on PostgreSQL',
              `npx vitest run --project server-postgres ${vitestJson('server-postgres')}`,
              'server-postgres',
            ),
          ]
        : []),
    ],
  ],
  [[step('browser journeys', 'npx playwright test', 'e2e')]],
];

const results = [];

function run({ name, command }, prefixed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, {
      cwd: root,
      shell: true,
      stdio: ['ignore', prefixed ? 'pipe' : 'inherit', prefixed ? 'pipe' : 'inherit'],
    });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr])
        createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
    }
    child.on('close', (code) => resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

async function runLane(lane, prefixed) {
  for (const current of lane) {
    const outcome = await run(current, prefixed);
    results.push({ ...current, ...outcome });
    if (!outcome.ok) return false;
  }
  return true;
}

/** Passed, failed and skipped tests of a step from its JSON report. */
function counts(report) {
  const file = join(reports, `${report}.json`);
  if (!existsSync(file)) return '';
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (json.stats) {
    const { expected, unexpected, flaky, skipped } = json.stats;
    return `${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`;
  }
  return `${json.numPassedTests} passed, ${json.numFailedTests} failed, ${json.numPendingTests + json.numTodoTests} skipped`;
}

const started = Date.now();
let ok = true;
for (const stage of stages) {
  const outcomes = await Promise.all(stage.map((lane) => runLane(lane, stage.length > 1)));
  if (outcomes.includes(false)) {
    ok = false;
    break;
  }
}

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
console.log('\nnpm test — steps (lanes of a stage ran side by side):');
for (const result of results)
  console.log(
    `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(28)} ${minutes(result.seconds).padStart(13)}  ${result.report ? counts(result.report) : ''}`,
  );
if (!withPostgres) console.log('  (server tests on PostgreSQL not run: TEST_DATABASE_URL is not set)');
console.log(`  in all ${minutes((Date.now() - started) / 1000)}`);
process.exit(ok ? 0 : 1);

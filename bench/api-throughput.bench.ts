import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRoutes } from '@cockpit/contracts';
import autocannon from 'autocannon';
import { bearerTokenOf, buildBenchBundle, startProductionServer } from './support/production-server';
import { withScratchDatabase } from './support/scratch-database';

// Sustained request rate and p99 latency of GET /api/navigation/menu (bearer token, the SPA's query
// parameters) with 50 connections, next to a bare Fastify route, as deployed (decision 028): the
// prebuilt bundle with NODE_ENV=production and metrics on, its JSON log written to a real file; the
// bare route in a process of its own. The two are measured alternately, three times each in the same
// run, and the median is reported with min and max, so a change of load on the shared machine shows as
// spread instead of moving one side of the ratio. Targets: ≥ 30 % of the bare route's rate (median),
// p99 ≤ 10 ms, 0 errors — on PGlite and, when PostgreSQL answers at BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), on a database of its own there (created and dropped here).

const connections = 50;
const rounds = 3;
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const warmUpSeconds = 3;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const menuPath = `${apiRoutes.getMenu.path}?useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=en`;

interface Run {
  rate: number;
  p99: number;
  errors: number;
  answered: number;
}

const loadAverage = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;

async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Run> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    answered: result['2xx'],
  };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const rate = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 0 }).padStart(7);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

function summary(title: string, runs: Run[]): string {
  const rates = sorted(runs.map((r) => r.rate));
  const p99s = sorted(runs.map((r) => r.p99));
  return `  ${title.padEnd(26)} median ${rate(median(rates))} req/s (min ${rate(rates[0]!).trim()}, max ${rate(rates.at(-1)!).trim()})   p99 median ${median(p99s)} ms (max ${p99s.at(-1)} ms)`;
}

function startBareRoute(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/bare-route-server.ts'),
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) =>
      resolve({ child, url: `http://127.0.0.1:${message.port}/bare` }),
    );
    child.once('exit', (code) => reject(new Error(`the bare route's process exited (${code})`)));
  });
}

/** Request log lines of the menu route in the server's log file, and the file's size. */
function menuLogLines(logFile: string): { lines: number; menuLines: number; megabytes: number } {
  const text = readFileSync(logFile, 'utf8');
  const lines = text.split('\n').filter((line) => line.startsWith('{'));
  // One line per request; a log with "incoming request" lines as well counts the completed ones.
  const menuLines = lines.filter(
    (line) => line.includes(`"${apiRoutes.getMenu.path}`) && !line.includes('"incoming request"'),
  ).length;
  return { lines: lines.length, menuLines, megabytes: statSync(logFile).size / 1e6 };
}

async function run(bundle: string, bareUrl: string, databaseUrl: string | null): Promise<void> {
  console.log(
    `\n  database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded, in DATA_DIR)'}; ${connections} connections, ${durationSeconds} s per run, ${rounds} alternating runs`,
  );
  // BENCH_CPU_PROFILE=<folder>: the app writes a CPU profile there when it stops (decision 028).
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const server = await startProductionServer(bundle, databaseUrl, {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  let stopped = false;
  try {
    const headers = {
      authorization: `Bearer ${await bearerTokenOf(server.baseUrl, 'member@example.com', 'Cockpit-member-1')}`,
    };
    const menuUrl = `${server.baseUrl}${menuPath}`;
    // Warm-up (JIT, caches, connection pool), not counted.
    const warmUp = [await load(bareUrl, warmUpSeconds), await load(menuUrl, warmUpSeconds, headers)];
    const bare: Run[] = [];
    const menu: Run[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      bare.push(await load(bareUrl, durationSeconds));
      menu.push(await load(menuUrl, durationSeconds, headers));
      const [b, m] = [bare.at(-1)!, menu.at(-1)!];
      console.log(
        `  run ${round}: bare ${rate(b.rate)} req/s p99 ${String(b.p99).padStart(3)} ms   menu ${rate(m.rate)} req/s p99 ${String(m.p99).padStart(3)} ms   ratio ${percent(m.rate / b.rate)}   load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
    // Stopped before the log is read: the graceful shutdown writes what is still buffered.
    const exitCode = await server.stop();
    stopped = true;
    const log = menuLogLines(server.logFile);

    const ratio = median(menu.map((m) => m.rate)) / median(bare.map((b) => b.rate));
    const perRun = sorted(menu.map((m, i) => m.rate / bare[i]!.rate));
    const p99 = median(menu.map((m) => m.p99));
    const errors = [...bare, ...menu].reduce((sum, r) => sum + r.errors, 0);
    const answered = [warmUp[1]!, ...menu].reduce((sum, r) => sum + r.answered, 0);
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(summary('bare Fastify route', bare));
    console.log(summary('GET /api/navigation/menu', menu));
    console.log(
      `  ratio menu / bare (medians): ${percent(ratio)}   per run ${percent(perRun[0]!)}–${percent(perRun.at(-1)!)}   (target ≥ 30 %: ${verdict(ratio >= 0.3)})`,
    );
    console.log(`  menu p99 (median): ${p99} ms   (target ≤ 10 ms: ${verdict(p99 <= 10)})`);
    console.log(`  errors: ${errors}   (target 0: ${verdict(errors === 0)})`);
    console.log(
      `  log file: ${log.lines.toLocaleString('en')} JSON lines, ${log.megabytes.toFixed(1)} MB; ${log.menuLines.toLocaleString('en')} menu lines for ${answered.toLocaleString('en')} menu answers counted (requests still in flight when a run ends are answered and logged, not counted); exit code ${exitCode}`,
    );
  } finally {
    if (!stopped) await server.stop();
    server.remove();
  }
}

async function main(): Promise<void> {
  console.log(`  load average before: ${loadAverage()}`);
  // BENCH_SERVER_BUNDLE: a bundle built elsewhere (e.g. of an earlier commit, to compare).
  const given = process.env.BENCH_SERVER_BUNDLE;
  const { bundle, remove } = given ? { bundle: given, remove: () => {} } : await buildBenchBundle();
  const bare = await startBareRoute();
  try {
    await run(bundle, bare.url, null);
    await withScratchDatabase(adminUrl, 'cockpit_bench', (url) => run(bundle, bare.url, url));
  } finally {
    bare.child.send({ type: 'stop' });
    await new Promise((resolve) => bare.child.once('exit', resolve));
    remove();
  }
  console.log(`\n  load average after: ${loadAverage()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

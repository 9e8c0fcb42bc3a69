import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { withScratchDatabase } from './support/scratch-database';

// Security hardening figures: sustained request rate and p99 latency of GET /api/navigation/menu (bearer token,
// the SPA's query parameters, database reads per request) with 50 connections, next to a bare Fastify
// route measured in the same run, with the app's JSON request log on as deployed (written to a sink).
// Targets: ≥ 20 % of the bare route's rate (the catalogue's reference with logging), p99 ≤ 20 ms, 0 errors.
// The servers run in a child process; autocannon runs here. The app runs on PGlite (in memory) and,
// when PostgreSQL answers at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), again
// on a database of its own there (created and dropped by this bench).

const connections = 50;
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Ready {
  type: 'ready';
  appPort: number;
  barePort: number;
  token: string;
  driver: 'pglite' | 'pg';
}

function startServers(databaseUrl: string | null): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/throughput-server.ts'),
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_THROUGHPUT_DATABASE_URL: databaseUrl ?? '' },
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (message: Ready) => resolve({ child, ready: message }));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
}

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up (JIT, connection pool), then the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `  ${title.padEnd(26)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${errors}`,
  );
  return { rate: result.requests.average, p99: result.latency.p99, errors };
}

async function run(databaseUrl: string | null): Promise<void> {
  const { child, ready } = await startServers(databaseUrl);
  try {
    console.log(
      `\n  database: ${ready.driver === 'pg' ? 'PostgreSQL' : 'PGlite (in memory)'}; ${connections} connections, ${durationSeconds} s each`,
    );
    const bare = await load('bare Fastify route', `http://127.0.0.1:${ready.barePort}/bare`);
    const menu = await load(
      'GET /api/navigation/menu',
      `http://127.0.0.1:${ready.appPort}/api/navigation/menu?useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=en`,
      { authorization: `Bearer ${ready.token}` },
    );
    const ratio = menu.rate / bare.rate;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `  ratio menu / bare: ${(ratio * 100).toFixed(1)} %   (target ≥ 20 %: ${verdict(ratio >= 0.2)})`,
    );
    console.log(`  menu p99: ${menu.p99} ms   (target ≤ 20 ms: ${verdict(menu.p99 <= 20)})`);
    console.log(
      `  errors: ${menu.errors + bare.errors}   (target 0: ${verdict(menu.errors + bare.errors === 0)})`,
    );
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  await run(null);
  await withScratchDatabase(adminUrl, 'cockpit_bench', run);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

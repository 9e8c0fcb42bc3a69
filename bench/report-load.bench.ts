import { type ChildProcess, fork } from 'node:child_process';
import { Agent, get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withScratchDatabase } from './support/scratch-database';
import { percentile } from './support/percentile';
import { printLoadAverage } from './support/machine-load';

// Decision 009 figures: while one user fires 20 parallel requests for the heaviest report (contribution
// margin, whole data set, by day), another user's GET /api/navigation/menu keeps p99 ≤ 50 ms on
// PostgreSQL and ≤ 100 ms on the embedded database (in its worker thread, decision 039). Also how the heavy requests were answered (200,
// 429 beyond the per-user limit, 503 past the statement timeout) and the size of one heavy answer
// plain and compressed, and the server's event-loop delay during the load. The app runs in a child
// process (production configuration, JSON request logs, compression); the load comes from here. The heavy
// user's answers are read as the compressed bytes on the wire, not decoded (a browser decodes them on
// its own machine; decoding them here held this process's event loop, which also times the menu).
//
// The flood asks with refresh=true (the page's refresh button: no answer from the result cache), so each
// heavy request runs the definition; BENCH_REPORT_LOAD_REFRESH=false lets the cache answer instead.
// BENCH_SALES_ROWS (default 300,000), BENCH_DURATION_SECONDS (default 10), BENCH_DATABASE_URL (default
// the CI PostgreSQL; a database of its own is created and dropped), BENCH_REPORT_LOAD_DRIVERS (`pglite`,
// `pg`, default both), BENCH_CPU_PROF (a directory: the server writes a CPU profile there on exit).

const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const drivers = (process.env.BENCH_REPORT_LOAD_DRIVERS ?? 'pglite,pg').split(',');
const parallel = 20;
// The heaviest view of the demo: every day of the whole data set (the definition's parameters).
const heavyPath = `/api/reports/contribution-margin?values=${encodeURIComponent(
  JSON.stringify({ period: { preset: 'all' }, grouping: 'day' }),
)}&useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=en`;
const refresh = process.env.BENCH_REPORT_LOAD_REFRESH !== 'false';
const floodPath = refresh ? `${heavyPath}&refresh=true` : heavyPath;
const menuPath =
  '/api/navigation/menu?useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=en';
const targets = { pglite: 100, pg: 50 } as const;

interface Ready {
  type: 'ready';
  port: number;
  heavyToken: string;
  menuToken: string;
  driver: 'pglite' | 'pg';
  limits: { maxConcurrentPerUser: number; statementTimeoutMs: number };
}

function startServer(databaseUrl: string | null): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/report-load-server.ts'),
    {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_REPORT_LOAD_DATABASE_URL: databaseUrl ?? '' },
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (message: Ready) => resolve({ child, ready: message }));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
}

/** Sequential menu requests (one user clicking around) for `ms`; their latencies. */
async function probeMenu(base: string, token: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${base}${menuPath}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`menu answered ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times.sort((a, b) => a - b);
}

const describe = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms (${times.length} requests)`;

async function run(databaseUrl: string | null): Promise<boolean> {
  const { child, ready } = await startServer(databaseUrl);
  const base = `http://127.0.0.1:${ready.port}`;
  const heavyHeaders = { authorization: `Bearer ${ready.heavyToken}`, 'accept-encoding': 'br, gzip' };
  try {
    console.log(
      `\n  database: ${ready.driver === 'pg' ? 'PostgreSQL' : 'PGlite (in memory)'}; per-user limit ${ready.limits.maxConcurrentPerUser}, statement timeout ${ready.limits.statementTimeoutMs} ms`,
    );
    // One heavy answer, plain and compressed (fetch decompresses: sizes from the headers).
    const plain = await fetch(`${base}${heavyPath}`, {
      headers: { authorization: heavyHeaders.authorization, 'accept-encoding': 'identity' },
    });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    const compressed = await new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
      get(`${base}${heavyPath}`, { headers: heavyHeaders }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      }).on('error', reject);
    });
    console.log(
      `  heaviest report (${plain.status}): ${(plainBytes / 1024).toFixed(0)} KB plain, ${(compressed.bytes / 1024).toFixed(0)} KB ${compressed.encoding}`,
    );

    const menu = await fetch(`${base}${menuPath}`, {
      headers: { authorization: `Bearer ${ready.menuToken}`, 'accept-encoding': 'identity' },
    });
    console.log(`  menu answer: ${(await menu.arrayBuffer()).byteLength} bytes plain`);
    const idle = await probeMenu(base, ready.menuToken, 3_000);
    console.log(`  menu, no other load:              ${describe(idle)}`);

    const statuses = new Map<number, number>();
    let stop = false;
    // The heavy user's answers are read as the bytes on the wire and not decompressed: a browser does that
    // on its own machine, and here it would hold this process's event loop, which also times the menu.
    const agent = new Agent({ keepAlive: true });
    const heavyRequest = () =>
      new Promise<{ status: number; retryAfter: number }>((resolve, reject) => {
        get(`${base}${floodPath}`, { headers: heavyHeaders, agent }, (res) => {
          res.on('data', () => {});
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 1) }),
          );
          res.on('error', reject);
        }).on('error', reject);
      });
    const worker = async () => {
      while (!stop) {
        const { status, retryAfter } = await heavyRequest();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        // A browser that was refused waits as told before asking again.
        if (status === 429 || status === 503) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 2) * 1000));
        }
      }
    };
    const workers = Array.from({ length: parallel }, worker);
    const loaded = await probeMenu(base, ready.menuToken, durationSeconds * 1000);
    stop = true;
    await Promise.all(workers);
    agent.destroy();
    const delay = await new Promise<{ p99Ms: number; maxMs: number }>((resolve) => {
      const onMessage = (message: { type?: string; p99Ms: number; maxMs: number }) => {
        if (message.type !== 'delay') return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.send({ type: 'delay' });
    });
    const target = targets[ready.driver];
    const p99 = percentile(loaded, 99);
    const met = p99 <= target;
    console.log(
      `  menu, one user firing ${parallel} heavy requests${refresh ? ' (refresh=true)' : ''}: ${describe(loaded)}  ${met ? '✓' : `✗ (target p99 ≤ ${target} ms)`}`,
    );
    console.log(
      `  heavy requests answered: ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ')}`,
    );
    console.log(
      `  server event-loop delay meanwhile: p99 ${delay.p99Ms.toFixed(0)} ms, max ${delay.maxMs.toFixed(0)} ms`,
    );
    return met;
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  printLoadAverage();
  let ok = true;
  if (drivers.includes('pglite')) ok = (await run(null)) && ok;
  if (drivers.includes('pg'))
    ok = (await withScratchDatabase(adminUrl, 'cockpit_bench', run)) !== false && ok;
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { apiRoutes, pathOf } from '@cockpit/contracts';
import { withScratchDatabase } from './support/scratch-database';
import { bearerTokenOf, buildBenchBundle, startProductionServer } from './support/production-server';
import { printLoadAverage } from './support/machine-load';

// Uploaded tables (decision 027): a 1,000,000-row CSV file uploaded to the production server (the prebuilt
// bundle, NODE_ENV=production, request logs on) over HTTP as the browser sends it, streamed from disk.
// Printed: the import's time and the server process's resident memory before, at its peak during the
// upload (sampled, and the kernel's high-water mark) and the growth — the file itself must not be held.
//
// BENCH_UPLOAD_ROWS (default 1,000,000), BENCH_UPLOAD_DRIVERS (`pglite`, `pg`; default both), BENCH_UPLOAD_NODE_ARGS,
// BENCH_DATABASE_URL (default the CI PostgreSQL; a database of its own is created and dropped).

const rows = Number(process.env.BENCH_UPLOAD_ROWS ?? 1_000_000);
const drivers = (process.env.BENCH_UPLOAD_DRIVERS ?? 'pglite,pg').split(',');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** E.g. `--max-old-space-size=96`: whether the import fits a small heap (memory held vs garbage not yet collected). */
const nodeArgs = (process.env.BENCH_UPLOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
const regions = ['Nord', 'Süd', 'Ost', 'West'];

const columns = [
  { name: 'id', header: 'id', type: 'integer' },
  { name: 'day', header: 'day', type: 'date' },
  { name: 'region', header: 'region', type: 'text' },
  { name: 'amount', header: 'amount', type: 'decimal' },
  { name: 'active', header: 'active', type: 'boolean' },
] as const;

/** The CSV file on disk: German style, `;`-separated, UTF-8. */
async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write('id;day;region;amount;active\n');
  for (let index = 1; index <= rows; index += 1) {
    const day = `${String((index % 28) + 1).padStart(2, '0')}.${String((index % 12) + 1).padStart(2, '0')}.2026`;
    const amount = `${Math.floor(index / 7)},${String(index % 100).padStart(2, '0')}`;
    if (!out.write(`${index};${day};${regions[index % 4]};${amount};${index % 2 ? 'ja' : 'nein'}\n`))
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Resident set size (`VmRSS`) and its high-water mark (`VmHWM`) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** POSTs the file as multipart/form-data (the options field first), streamed; resolves with the answer. */
function upload(baseUrl: string, token: string, file: string, table: string) {
  const boundary = `----bench${Date.now()}`;
  const options = JSON.stringify({ table, mode: 'replace', valueStyle: 'de', columns });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${options}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${table}.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(pathOf(apiRoutes.uploadTable, { name: 'uploads' }), baseUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + statSync(file).size + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
    stream.on('error', reject);
  });
}

async function run(bundle: string, file: string, databaseUrl: string | null): Promise<boolean> {
  const server = await startProductionServer(bundle, databaseUrl, { nodeArgs });
  try {
    const pid = server.child.pid!;
    const token = await bearerTokenOf(server.baseUrl, 'admin@example.com', 'Cockpit-admin-1');
    console.log(
      `\n  database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (on disk, in its worker thread of the server process)'}${nodeArgs.length ? `; node ${nodeArgs.join(' ')}` : ''}`,
    );
    // The high-water mark from now on (start-up and the demo seed peaked before): `5` resets it.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = memoryOf(pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
    }, 100);
    const started = performance.now();
    const answer = await upload(server.baseUrl, token, file, 'bench_sales');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);
    if (answer.status !== 200) {
      console.log(`  upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      return false;
    }
    const result = JSON.parse(answer.body) as { rowsImported: number; milliseconds: number };
    const megabytes = statSync(file).size / 1024 / 1024;
    console.log(
      `  ${result.rowsImported.toLocaleString('en')} rows (${megabytes.toFixed(0)} MB) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.rowsImported / seconds).toLocaleString('en')} rows/s; the import itself ${(result.milliseconds / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  server RSS: ${before.rss.toFixed(0)} MB before, peak ${Math.max(sampledPeak, after.peak).toFixed(0)} MB ` +
        `(sampled ${sampledPeak.toFixed(0)} MB, high-water mark ${after.peak.toFixed(0)} MB), ` +
        `growth ${(Math.max(sampledPeak, after.peak) - before.rss).toFixed(0)} MB for a ${megabytes.toFixed(0)} MB file; ${after.rss.toFixed(0)} MB after`,
    );
    return true;
  } finally {
    await server.stop();
    server.remove();
  }
}

async function main(): Promise<void> {
  printLoadAverage();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-upload-bench-'));
  const file = path.join(dir, 'sales.csv');
  const { bundle, remove } = await buildBenchBundle();
  try {
    await writeCsv(file);
    let ok = true;
    if (drivers.includes('pglite')) ok = (await run(bundle, file, null)) && ok;
    if (drivers.includes('pg'))
      ok =
        (await withScratchDatabase(adminUrl, 'cockpit_bench_upload', (url) => run(bundle, file, url))) !==
          false && ok;
    if (!ok) process.exitCode = 1;
  } finally {
    remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

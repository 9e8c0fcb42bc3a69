import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { apiRoutes, dataSourceDefaults, pathOf } from '@cockpit/contracts';
import pg from 'pg';
import { withScratchDatabase } from './support/scratch-database';
import { bearerTokenOf, buildBenchBundle, startProductionServer } from './support/production-server';
import { printLoadAverage } from './support/machine-load';

// Query reports (decision 027, "Results") on the production server (the prebuilt bundle, NODE_ENV=production,
// request logs on) over PostgreSQL, with a 1,000,000-row table among the organisation's uploaded tables:
// - a CSV download of the rows: time, size and the server's resident memory growth while it streams
//   (target ≤ 64 MB: the result is never held) — cut at the uploaded tables' row limit (100,000) like the
//   report page since decision 038;
// - a SQL report over the 1,000,000 rows: the cockpit's answer time ÷ the same SQL run directly with `pg`
//   in the same run (medians; targets ≤ 1.3 for the default views — aggregates — and ≤ 1.5 for the
//   100,000-row table).
//
// BENCH_DOWNLOAD_ROWS (default 1,000,000), BENCH_DATABASE_URL (default the CI PostgreSQL; a database of its
// own is created and dropped), BENCH_REPORT_RUNS (default 7), BENCH_DOWNLOAD_NODE_ARGS (the server's Node options,
// e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles` to see where its time goes).

const rows = Number(process.env.BENCH_DOWNLOAD_ROWS ?? 1_000_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const runs = Number(process.env.BENCH_REPORT_RUNS ?? 7);
const nodeArgs = (process.env.BENCH_DOWNLOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);

const period = {
  name: 'period',
  type: 'date-range',
  label: { en: 'Period' },
  required: true,
  default: { from: '2020-01-01', to: '2030-12-31' },
};

/** The views measured: the SQL as the definition has it, and as `pg` runs it directly. */
const views = [
  {
    name: 'bench-by-month',
    label: 'default view: revenue by month and region (aggregate over 1,000,000 rows)',
    target: 1.3,
    sql: `select date_trunc('month', day)::date as month, region, sum(amount) as amount, count(*) as orders,
  sum(sum(amount)) over () as total
from bench_rows where day between {{period.from}} and {{period.to}}
group by 1, 2 order by 1, 2`,
  },
  {
    name: 'bench-by-region',
    label: 'default view: totals by region (aggregate over 1,000,000 rows)',
    target: 1.3,
    sql: `select region, sum(amount) as amount, count(*) as orders, avg(amount) as average
from bench_rows where day between {{period.from}} and {{period.to}}
group by 1 order by 1`,
  },
  {
    name: 'bench-table',
    label: 'the 100,000-row table',
    target: 1.5,
    sql: `select id, day, region, amount from bench_rows where day between {{period.from}} and {{period.to}}
order by id limit 100000`,
  },
] as const;

const direct = (sql: string) => sql.replace('{{period.from}}', '$1').replace('{{period.to}}', '$2');

function definition(name: string, sql: string) {
  return {
    name,
    source: 'uploads',
    sql,
    parameters: [period],
    columns: [],
    visuals: [{ type: 'table', id: 'table' }],
    // Every run reads the database: the figures compare work, not the cache.
    cacheSeconds: 0,
  };
}

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** GETs a URL and counts the bytes (never holds them); resolves with status and size. */
function drain(url: string, token: string): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let index = chunk.indexOf(10); index >= 0; index = chunk.indexOf(10, index + 1)) lines += 1;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function run(bundle: string, databaseUrl: string): Promise<boolean> {
  const server = await startProductionServer(bundle, databaseUrl, { nodeArgs });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pid = server.child.pid!;
    const token = await bearerTokenOf(server.baseUrl, 'admin@example.com', 'Cockpit-admin-1');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // The table, as an upload would leave it, in Demo GmbH's uploaded-tables schema.
    const organisation = await client.query<{ id: string }>(
      `select id from organisations where name = 'Demo GmbH'`,
    );
    const schema = `uploads_${organisation.rows[0]!.id.replaceAll('-', '')}`;
    let started = performance.now();
    await client.query(`create schema if not exists "${schema}"`);
    await client.query(
      `create table "${schema}".bench_rows as
       select i as id, date '2021-01-01' + (i % 2000) as day, (array['North','South','East','West'])[1 + i % 4] as region,
              round((i % 1000) * 1.37, 2)::numeric(12,2) as amount
       from generate_series(1, ${rows}) as i`,
    );
    await client.query(`analyze "${schema}".bench_rows`);
    // The direct runs read the same table the same way (the executor sets this search_path too).
    await client.query(`set search_path to "${schema}"`);
    console.log(
      `  ${rows.toLocaleString('en')} rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const exported = (await (
      await fetch(`${server.baseUrl}${apiRoutes.exportCatalogue.path}`, { headers })
    ).json()) as {
      definitions?: unknown[];
      menu: { name: string; items: unknown[] }[];
    };
    const names = [...views.map((view) => view.name), 'bench-all-rows'];
    const imported = await fetch(`${server.baseUrl}${apiRoutes.importCatalogue.path}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        ...exported,
        definitions: [
          ...(exported.definitions ?? []),
          ...views.map((view) => definition(view.name, view.sql)),
          definition(
            'bench-all-rows',
            'select id, day, region, amount from bench_rows where day between {{period.from}} and {{period.to}} order by id',
          ),
        ],
        menu: [
          ...exported.menu,
          {
            name: 'bench',
            title: { en: 'Bench' },
            items: names.map((name) => ({
              name,
              title: { en: name },
              report: { kind: 'query', definition: name },
            })),
          },
        ],
      }),
    });
    if (!imported.ok) throw new Error(`catalogue import: ${imported.status} ${await imported.text()}`);

    // 1. The CSV download of every row.
    const downloadUrl = `${server.baseUrl}${pathOf(apiRoutes.downloadReport, { name: 'bench-all-rows' })}?format=csv`;
    await drain(
      `${downloadUrl}&values=${encodeURIComponent(JSON.stringify({ period: { from: '2021-01-01', to: '2021-01-02' } }))}`,
      token,
    );
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = memoryOf(pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
    }, 50);
    started = performance.now();
    const downloaded = await drain(downloadUrl, token);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);
    const peak = Math.max(sampledPeak, after.peak);
    // A download is cut at the source's row limit like the page (decision 038; uploaded tables: the
    // default limit), and then ends with a line saying so.
    const sent = Math.min(rows, dataSourceDefaults.rowLimit);
    const expectedLines = sent + 1 + (sent < rows ? 1 : 0);
    if (downloaded.status !== 200 || downloaded.lines !== expectedLines) {
      console.log(
        `  download answered ${downloaded.status} with ${downloaded.lines} lines (expected ${expectedLines})`,
      );
      return false;
    }
    const growth = peak - before.rss;
    console.log(
      `\n  CSV download: ${sent.toLocaleString('en')} rows${sent < rows ? ` (of ${rows.toLocaleString('en')}: cut at the source's row limit)` : ''}, ` +
        `${(downloaded.bytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
        `(${Math.round(sent / seconds).toLocaleString('en')} rows/s)`,
    );
    console.log(
      `  server RSS: ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, growth ${growth.toFixed(0)} MB ` +
        `(target ≤ 64 MB) ${growth <= 64 ? 'ok' : 'OVER'}; ${after.rss.toFixed(0)} MB after`,
    );

    // 2. The report page's answer against the same SQL run directly.
    console.log(`\n  report answer ÷ direct pg (medians of ${runs} runs each, alternating, cache off):`);
    let ok = growth <= 64;
    for (const view of views) {
      const reportUrl = `${server.baseUrl}${pathOf(apiRoutes.getReport, { name: view.name })}`;
      const cockpit: number[] = [];
      const plain: number[] = [];
      let answerRows = 0;
      let directRows = 0;
      for (let index = 0; index <= runs; index += 1) {
        let at = performance.now();
        const response = await fetch(reportUrl, { headers });
        const body = (await response.json()) as { data?: { table?: { totalRows: number } } };
        if (!response.ok)
          throw new Error(`${view.name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
        const cockpitMs = performance.now() - at;
        at = performance.now();
        const result = await client.query(direct(view.sql), ['2020-01-01', '2030-12-31']);
        const plainMs = performance.now() - at;
        // The first round warms both (plans, caches) and is not counted.
        if (index === 0) continue;
        cockpit.push(cockpitMs);
        plain.push(plainMs);
        answerRows = body.data?.table?.totalRows ?? 0;
        directRows = result.rowCount ?? 0;
      }
      const ratio = median(cockpit) / median(plain);
      const fits = ratio <= view.target && answerRows === directRows;
      ok &&= fits;
      console.log(
        `  ${view.label}: ${answerRows.toLocaleString('en')} rows, cockpit ${median(cockpit).toFixed(0)} ms, pg ${median(plain).toFixed(0)} ms, ` +
          `ratio ${ratio.toFixed(2)} (target ≤ ${view.target}) ${fits ? 'ok' : 'OVER'}`,
      );
    }
    return ok;
  } finally {
    await client.end();
    await server.stop();
    server.remove();
  }
}

async function main(): Promise<void> {
  printLoadAverage();
  const { bundle, remove } = await buildBenchBundle();
  try {
    const result = await withScratchDatabase(adminUrl, 'cockpit_bench_download', (url) => run(bundle, url));
    if (result === false) process.exitCode = 1;
  } finally {
    remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

// scratch (issue 5) — removed after measuring
import { readFileSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from './src/db/schema';
import { seedSalesDataSet } from './src/seed/sales-data-seed';
import { demoSalesDataSets } from './src/seed/sales-demo-data';
import { organisations } from './src/db/schema';
import { reportQueries } from './src/features/reports/queries/report-queries';
import { presetRange } from './src/features/reports/report-settings';
import { utcToday } from './src/features/reports/calendar';

const dir = process.argv[2] ?? '';
const rows = Number(process.argv[3] ?? 100_000);
const fresh = process.argv[4] !== 'keep';
if (dir && fresh) rmSync(dir, { recursive: true, force: true });
const client = dir ? new PGlite(dir) : new PGlite();
await client.waitReady;
const db = drizzle({ client, schema });
if (fresh) {
  const stmts = readFileSync('/tmp/i5/drizzle-scratch/0000_scratch.sql', 'utf8').split('--> statement-breakpoint');
  for (const s of stmts) await client.exec(s);
  await db.insert(organisations).values({ name: 'Demo GmbH' });
}
const [org] = await db.select().from(organisations);
const r = await seedSalesDataSet(db as never, { organisationId: org!.id, dataSet: demoSalesDataSets['Demo GmbH']!, rows });
console.log(r);
const today = utcToday();
for (const query of Object.values(reportQueries)) {
  for (const grouping of query.groupings) {
    for (const preset of ['this-year', 'all'] as const) {
      const range = presetRange(preset, today, { from: '2023-11-22', to: today });
      const t = performance.now();
      const data = await query.run({ db: db as never, organisationId: org!.id, language: 'de-AT', ...range, grouping, parts: { kpis: true, charts: true, table: true }, rowLimit: 100_000 });
      const ms = (performance.now() - t).toFixed(0);
      console.log(query.key, grouping, preset, ms + 'ms', 'kpis', JSON.stringify(data.kpis.map((k) => [k.key, k.value])), 'charts', data.charts.map((c) => `${c.id}:${c.categories.length}x${c.series.length}`).join(','), 'rows', data.table?.rows.length, data.table?.totalRows, data.table?.truncated, JSON.stringify(data.table?.rows[0]));
    }
  }
}
await client.close();

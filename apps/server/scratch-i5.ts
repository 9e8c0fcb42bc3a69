// scratch (issue 5): timing the parts of margin-detail — removed afterwards
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from './src/db/database';
import { organisations } from './src/db/schema';
import { marginDetailQuery } from './src/reporting/queries/margin-detail';
const handle = await openDatabase({ driver: 'pg', connectionString: process.argv[2]! });
const [org] = await handle.db.select().from(organisations).where(eq(organisations.name, 'Demo GmbH'));
const time = async (label: string, run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < 8; i++) { const t = performance.now(); await run(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(40), times.map((x) => x.toFixed(0)).join(' '));
};
const base = { db: handle.db, organisationId: org!.id, language: 'en' as const, from: '2025-11-22', to: '2026-11-21', grouping: 'day' as const, rowLimit: 100000 };
await time('kpis+charts', () => marginDetailQuery.run({ ...base, parts: { kpis: true, charts: true, table: false } }));
await time('table', () => marginDetailQuery.run({ ...base, parts: { kpis: false, charts: false, table: true } }));
await time('raw detail select', () => handle.db.execute(sql`select to_char((d.sale_date)::timestamp, 'YYYY-MM-DD') as period, d.store_id, d.category_id, d.revenue, d.cost, d.quantity from sales_daily d where d.organisation_id = ${org!.id} and d.sale_date between '2025-11-22'::date and '2026-11-21'::date order by d.sale_date, d.store_id, d.category_id limit 100000`));
await time('raw detail select, date::text', () => handle.db.execute(sql`select d.sale_date::text as period, d.store_id, d.category_id, d.revenue::float8, d.cost::float8, d.quantity from sales_daily d where d.organisation_id = ${org!.id} and d.sale_date between '2025-11-22'::date and '2026-11-21'::date order by d.sale_date, d.store_id, d.category_id limit 100000`));
await time('count', () => handle.db.execute(sql`select count(*) from sales_daily d where d.organisation_id = ${org!.id} and d.sale_date between '2025-11-22'::date and '2026-11-21'::date`));
await handle.close();

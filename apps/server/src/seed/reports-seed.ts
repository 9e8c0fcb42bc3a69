import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { organisations } from '../db/core-tables';
import { type DemoOrganisation, demoOrganisations } from './demo-data';
import { type SalesSeedResult, seedSalesDataSet } from './sales-data-seed';
import { demoSalesDataSets } from './sales-demo-data';
import { seedDemoSalesViews } from './own-data-seed';

export interface ReportsSeedOptions {
  /** SEED_SALES_ROWS for the first organisation (0: no sales data). */
  salesRows: number;
  /** The data set's last day (tests pin it); default today in UTC. */
  today?: string;
  /** Progress messages for the start-up log. */
  log?: (message: string) => void;
}

export interface ReportsSeedSummary {
  reports: number;
  dashboardTiles: number;
  /** Per organisation name. */
  sales: Record<string, SalesSeedResult>;
  /** Wall time of the sales data sets, for the start-up log (reports and dashboards: "report how long it takes"). */
  salesMilliseconds: number;
}

/**
 * The sales data set of the demo organisations (report definitions and tiles come with the catalogue).
 * Idempotent like the rest of the seed: the data set is generated once and then only topped up.
 */
export async function seedReportsDemoData(
  db: Database,
  options: ReportsSeedOptions,
  data: DemoOrganisation[] = demoOrganisations,
): Promise<ReportsSeedSummary> {
  const summary: ReportsSeedSummary = { reports: 0, dashboardTiles: 0, sales: {}, salesMilliseconds: 0 };
  for (const organisation of data) {
    const [row] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, organisation.name));
    if (!row) continue;
    // Report definitions and tiles are part of the organisation's catalogue (seed.ts, decision 015).
    summary.reports += organisation.catalogue.menu.reduce(
      (sum, group) => sum + group.items.filter((item) => item.report).length,
      0,
    );
    summary.dashboardTiles += organisation.catalogue.dashboards.reduce(
      (sum, group) => sum + group.dashboards.reduce((tiles, dashboard) => tiles + dashboard.tiles.length, 0),
      0,
    );
    const dataSet = demoSalesDataSets[organisation.name];
    if (dataSet) {
      await seedDemoSalesViews(db, row.id);
      const result = await seedSalesDataSet(db, {
        organisationId: row.id,
        dataSet,
        rows: options.salesRows,
        ...(options.today ? { today: options.today } : {}),
        onGenerate: (rows) =>
          options.log?.(
            `generating the sales data set of ${organisation.name}: ${rows.toLocaleString('en')} rows (first start only)`,
          ),
      });
      summary.sales[organisation.name] = result;
      summary.salesMilliseconds += result.milliseconds;
    }
  }
  return summary;
}

/** One line for the start-up banner: how big the sales data set is and what this start did to it. */
export function describeSalesSeed(summary: ReportsSeedSummary): string | null {
  const results = Object.values(summary.sales);
  if (results.length === 0) return null;
  const total = results.reduce((sum, result) => sum + result.totalRows, 0);
  const written = results.reduce((sum, result) => sum + result.rowsWritten, 0);
  const seconds = (summary.salesMilliseconds / 1000).toFixed(1);
  if (total === 0) return 'Sales data set: none (SEED_SALES_ROWS=0)';
  const what = results.some((result) => result.action === 'generated')
    ? `generated in ${seconds} s`
    : written > 0
      ? `${written.toLocaleString('en')} rows added in ${seconds} s`
      : `checked in ${seconds} s`;
  return `Sales data set: ${total.toLocaleString('en')} rows (${what})`;
}

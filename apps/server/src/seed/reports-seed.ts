import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dashboardTiles, dashboards, organisations, reports } from '../db/schema';
import { reportDefaultsSchema, tileSettingsSchema } from '../reporting/report-settings';
import { type DemoOrganisation, demoOrganisations } from './demo-data';
import { type DemoReport, type DemoTile, demoDashboardTiles, demoReports } from './reports-demo-data';
import { type SalesSeedResult, seedSalesDataSet } from './sales-data-seed';
import { demoSalesDataSets } from './sales-demo-data';
import { fromExcluded } from './upsert';

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
  /** Wall time of the sales data sets, for the start-up log (issue 5: "report how long it takes"). */
  salesMilliseconds: number;
}

/**
 * Report definitions, dashboard tiles and the sales data set of the demo organisations (issue 5).
 * Idempotent like the rest of the seed: definitions are upserted by natural key, tiles by position (so
 * tile ids stay stable across starts), and the data set is generated once and then only topped up.
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
    summary.reports += await upsertReports(db, row.id, demoReports[organisation.name] ?? []);
    summary.dashboardTiles += await upsertTiles(db, row.id, demoDashboardTiles[organisation.name] ?? {});
    const dataSet = demoSalesDataSets[organisation.name];
    if (dataSet) {
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

async function upsertReports(
  db: Database,
  organisationId: string,
  definitions: DemoReport[],
): Promise<number> {
  if (definitions.length === 0) return 0;
  await db
    .insert(reports)
    .values(
      definitions.map((definition) => ({
        organisationId,
        name: definition.name,
        kind: definition.kind,
        queryKey: definition.queryKey ?? null,
        // Parsed with the schema the server reads it with: a typo fails the seed, not a user's page.
        params: definition.kind === 'builtin' ? reportDefaultsSchema.parse(definition.params ?? {}) : {},
        frameUrl: definition.frameUrl ?? null,
        externalUrl: definition.externalUrl ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [reports.organisationId, reports.name],
      set: fromExcluded(reports, ['kind', 'queryKey', 'params', 'frameUrl', 'externalUrl']),
    });
  return definitions.length;
}

async function upsertTiles(
  db: Database,
  organisationId: string,
  tilesByLayout: Record<number, DemoTile[]>,
): Promise<number> {
  let count = 0;
  for (const [layoutId, tiles] of Object.entries(tilesByLayout)) {
    const [dashboard] = await db
      .select({ id: dashboards.id })
      .from(dashboards)
      .where(and(eq(dashboards.organisationId, organisationId), eq(dashboards.layoutId, Number(layoutId))));
    if (!dashboard || tiles.length === 0) continue;
    await db.transaction(async (tx) => {
      await tx
        .insert(dashboardTiles)
        .values(
          tiles.map((tile, index) => ({
            dashboardId: dashboard.id,
            position: index + 1,
            tileType: tile.type,
            queryKey: tile.queryKey,
            params: tileSettingsSchema.parse(tile.params),
            titleEn: tile.titleEn,
            titleDe: tile.titleDe,
            width: tile.width,
          })),
        )
        .onConflictDoUpdate({
          target: [dashboardTiles.dashboardId, dashboardTiles.position],
          set: fromExcluded(dashboardTiles, [
            'tileType',
            'queryKey',
            'params',
            'titleEn',
            'titleDe',
            'width',
          ]),
        });
      // Tiles the demo no longer has.
      await tx
        .delete(dashboardTiles)
        .where(and(eq(dashboardTiles.dashboardId, dashboard.id), gt(dashboardTiles.position, tiles.length)));
    });
    count += tiles.length;
  }
  return count;
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

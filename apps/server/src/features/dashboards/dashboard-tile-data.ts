import {
  type DashboardTileType,
  type DateRange,
  type ReportData,
  type ReportParams,
  type UiLanguageName,
  dashboardTileTypeSchema,
  reportQueryKeySchema,
} from '@cockpit/contracts';
import type { Database } from '../../db/database';
import { reportQueries } from '../../reporting/queries/report-queries';
import { type ReportParts, withRowValues } from '../../reporting/queries/query-types';
import type { RunReportQuery } from '../../reporting/report-query-limiter';
import {
  StoredSettingsError,
  resolveGrouping,
  resolveRange,
  tileSettingsSchema,
} from '../../reporting/report-settings';
import type { TileRow } from '../../catalogue/catalogue-snapshot';

const partsByType: Record<DashboardTileType, ReportParts> = {
  kpi: { kpis: true, charts: false, table: false },
  line: { kpis: false, charts: true, table: false },
  bar: { kpis: false, charts: true, table: false },
  table: { kpis: false, charts: false, table: true },
};

/** Rows a table tile shows unless its settings say otherwise. */
const defaultTableTileRows = 10;

export interface TileDataInput {
  db: Database;
  organisationId: string;
  language: UiLanguageName;
  today: string;
  dataRange: DateRange | null;
  tile: Pick<TileRow, 'tileType' | 'queryKey' | 'params'>;
  /**
   * Runs the tile's query within the user's report-query limits (reporting/report-query-limiter.ts,
   * decision 009: tiles and reports count together). Without it the query runs on `db` directly.
   */
  limit?: RunReportQuery;
}

/**
 * Runs a tile's query (one of the fixed report queries) for the tile's own range and keeps only what
 * the tile shows: its KPIs, its one chart (drawn as the tile's type), or the first rows of the table.
 */
export async function loadTileData({
  db,
  organisationId,
  language,
  today,
  dataRange,
  tile,
  limit = (work) => work(db),
}: TileDataInput): Promise<{ type: DashboardTileType; params: ReportParams; data: ReportData }> {
  const type = dashboardTileTypeSchema.safeParse(tile.tileType);
  const queryKey = reportQueryKeySchema.safeParse(tile.queryKey);
  const settings = tileSettingsSchema.safeParse(tile.params);
  if (!type.success) throw new StoredSettingsError(`unknown tile type ${tile.tileType}`);
  if (!queryKey.success) throw new StoredSettingsError(`unknown query key ${tile.queryKey}`);
  if (!settings.success) throw new StoredSettingsError(`invalid settings: ${settings.error.message}`);

  const query = reportQueries[queryKey.data];
  const grouping = resolveGrouping(query, undefined, settings.data.grouping);
  const range = resolveRange({}, settings.data.range, today, dataRange);
  const rowLimit = settings.data.limit ?? defaultTableTileRows;
  const full = withRowValues(
    await limit((queryDb) =>
      query.run({
        db: queryDb,
        organisationId,
        language,
        from: range.from,
        to: range.to,
        grouping,
        parts: partsByType[type.data],
        rowLimit: type.data === 'table' ? rowLimit : 0,
      }),
    ),
  );

  const params: ReportParams = { ...range, grouping };
  const empty: ReportData = { kpis: [], charts: [], table: null };
  switch (type.data) {
    case 'kpi': {
      const wanted = settings.data.kpis;
      if (!wanted) return { type: type.data, params, data: { ...empty, kpis: full.kpis } };
      const kpis = wanted.map((key) => {
        const found = full.kpis.find((candidate) => candidate.key === key);
        if (!found) throw new StoredSettingsError(`query ${query.key} has no KPI ${key}`);
        return found;
      });
      return { type: type.data, params, data: { ...empty, kpis } };
    }
    case 'line':
    case 'bar': {
      const chart = settings.data.chart
        ? full.charts.find((candidate) => candidate.id === settings.data.chart)
        : full.charts[0];
      if (!chart)
        throw new StoredSettingsError(`query ${query.key} has no chart ${settings.data.chart ?? ''}`);
      const wanted = settings.data.series;
      const series = wanted ? chart.series.filter((s) => wanted.includes(s.key)) : chart.series;
      if (series.length === 0)
        throw new StoredSettingsError(`chart ${chart.id} has none of the series ${wanted?.join(', ')}`);
      // A stacked bar chart stays stacked in a bar tile; anything else is drawn as the tile's type.
      const kind = type.data === 'bar' && chart.kind === 'stacked-bar' ? 'stacked-bar' : type.data;
      return { type: type.data, params, data: { ...empty, charts: [{ ...chart, kind, series }] } };
    }
    case 'table':
      return { type: type.data, params, data: { ...empty, table: full.table } };
  }
}

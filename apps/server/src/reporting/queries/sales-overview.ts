import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  type SumRow,
  type Totals,
  addTotals,
  emptyTotals,
  field,
  kpi,
  labeller,
  nameColumn,
  periodFormat,
  profitKpis,
  quantitySeries,
  revenueAndMarginSeries,
  rowsOf,
  salesDays,
  summedMeasures,
  tableOf,
  totalsFields,
  totalsFor,
  totalsOf,
} from './query-helpers';
import { defineReportQuery } from './query-types';

interface Row extends SumRow {
  period: string;
  region: string;
}

/**
 * Total view (`totalviewlayout`): revenue, margin and units over time and by region. One aggregate over
 * the daily table, grouped by period and region; KPIs and both charts are sums of its rows.
 */
export const salesOverviewQuery = defineReportQuery(
  'sales-overview',
  async ({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> => {
    const days = salesDays({ organisationId, from, to });
    const label = labeller(language);
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select ${days.period(grouping)} as period, ${nameColumn('r', language)} as region,
          ${summedMeasures}
        from sales_daily d join sales_regions r on r.id = d.region_id
        where ${days.where}
        group by 1, 2
        order by 1, 2
      `),
    ).map((row) => ({ period: row.period, region: row.region, ...totalsOf(row) }));

    const total = emptyTotals();
    const byPeriod = new Map<string, Totals>();
    const byRegion = new Map<string, Totals>();
    for (const row of rows) {
      addTotals(total, row);
      addTotals(totalsFor(byPeriod, row.period), row);
      addTotals(totalsFor(byRegion, row.region), row);
    }
    const periods = [...byPeriod.keys()];
    const periodTotals = [...byPeriod.values()];
    const regions = [...byRegion.entries()].sort((a, b) => b[1].revenue - a[1].revenue);
    const regionTotals = regions.map(([, totals]) => totals);

    return {
      kpis: parts.kpis
        ? [...profitKpis(label, total), kpi(label, 'quantity', total.quantity, 'integer')]
        : [],
      charts: parts.charts
        ? [
            {
              id: 'trend',
              title: label('chartTrend'),
              kind: 'line',
              categoryFormat: periodFormat(grouping),
              categories: periods,
              series: [...revenueAndMarginSeries(label, periodTotals), quantitySeries(label, periodTotals)],
            },
            {
              id: 'by-region',
              title: label('chartByRegion'),
              kind: 'bar',
              categoryFormat: 'text',
              categories: regions.map(([name]) => name),
              series: revenueAndMarginSeries(label, regionTotals),
            },
          ]
        : [],
      table: parts.table
        ? tableOf(label, rows, rowLimit, [
            field(grouping, periodFormat(grouping), (row) => row.period),
            field('region', 'text', (row) => row.region),
            ...totalsFields<(typeof rows)[number]>(),
          ])
        : null,
    };
  },
);

import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  type SumRow,
  field,
  kpi,
  labeller,
  nameColumn,
  profitKpis,
  ratio,
  revenueAndMarginSeries,
  rowsOf,
  salesDays,
  summedMeasures,
  tableOf,
  totalOf,
  totalsFields,
  totalsOf,
} from './query-helpers';
import { defineReportQuery } from './query-types';

interface Row extends SumRow {
  region: string;
  store: string | null;
}

/** Sales by region (or by store): a ranking by revenue with margins and each one's share. */
export const regionPerformanceQuery = defineReportQuery(
  'region-performance',
  async ({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> => {
    const label = labeller(language);
    const byStore = grouping === 'store';
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select ${nameColumn('r', language)} as region, ${byStore ? sql`s.name` : sql`null`} as store,
          ${summedMeasures}
        from sales_daily d
          join sales_regions r on r.id = d.region_id
          ${byStore ? sql`join sales_stores s on s.id = d.store_id` : sql.empty()}
        where ${salesDays({ organisationId, from, to }).where}
        group by 1, 2
        order by revenue desc, 1, 2
      `),
    ).map((row) => ({
      name: byStore ? (row.store ?? '') : row.region,
      region: row.region,
      ...totalsOf(row),
    }));

    const total = totalOf(rows);
    const top = rows[0];

    return {
      kpis: parts.kpis
        ? [
            ...profitKpis(label, total),
            kpi(label, byStore ? 'topStore' : 'topRegion', top?.name ?? null, 'text'),
          ]
        : [],
      charts: parts.charts
        ? [
            {
              id: 'ranking',
              title: label('chartRanking'),
              kind: 'bar',
              categoryFormat: 'text',
              categories: rows.map((row) => row.name),
              series: revenueAndMarginSeries(label, rows),
            },
          ]
        : [],
      table: parts.table
        ? tableOf(label, rows, rowLimit, [
            byStore && field('store', 'text', (row) => row.name),
            field('region', 'text', (row) => row.region),
            ...totalsFields<(typeof rows)[number]>(),
            field('share', 'percent', (row) => ratio(row.revenue, total.revenue)),
          ])
        : null,
    };
  },
);

import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  addTotals,
  emptyTotals,
  field,
  inRange,
  kpi,
  labeller,
  marginOf,
  marginPctOf,
  nameColumn,
  ratio,
  roundMoney,
  rowsOf,
  series,
  type SumRow,
  tableOf,
  totalsOf,
} from './query-helpers';
import type { ReportQuery } from './query-types';

interface Row extends SumRow {
  region: string;
  store: string | null;
}

/** Sales by region (or by store): a ranking by revenue with margins and each one's share. */
export const regionPerformanceQuery: ReportQuery = {
  key: 'region-performance',
  groupings: ['region', 'store'],
  async run({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> {
    if (grouping !== 'region' && grouping !== 'store')
      throw new Error(`region-performance cannot group by ${grouping}`);
    const label = labeller(language);
    const byStore = grouping === 'store';
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select ${nameColumn('r', language)} as region, ${byStore ? sql`s.name` : sql`null`} as store,
          sum(d.revenue) as revenue, sum(d.cost) as cost, sum(d.quantity) as quantity
        from sales_daily d
          join sales_regions r on r.id = d.region_id
          ${byStore ? sql`join sales_stores s on s.id = d.store_id` : sql.empty()}
        where ${inRange('d', organisationId, from, to)}
        group by 1, 2
        order by revenue desc, 1, 2
      `),
    ).map((row) => ({
      name: byStore ? (row.store ?? '') : row.region,
      region: row.region,
      ...totalsOf(row),
    }));

    const total = emptyTotals();
    for (const row of rows) addTotals(total, row);
    const top = rows[0];

    return {
      kpis: parts.kpis
        ? [
            kpi(label, 'revenue', roundMoney(total.revenue), 'currency'),
            kpi(label, 'margin', marginOf(total), 'currency'),
            kpi(label, 'marginPct', marginPctOf(total), 'percent'),
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
              series: [
                series(
                  label,
                  'revenue',
                  'currency',
                  rows.map((row) => row.revenue),
                ),
                series(
                  label,
                  'margin',
                  'currency',
                  rows.map((row) => marginOf(row)),
                ),
              ],
            },
          ]
        : [],
      table: parts.table
        ? tableOf(label, rows, rowLimit, [
            byStore && field('store', 'text', (row) => row.name),
            field('region', 'text', (row) => row.region),
            field('revenue', 'currency', (row) => row.revenue),
            field('cost', 'currency', (row) => row.cost),
            field('margin', 'currency', marginOf),
            field('marginPct', 'percent', marginPctOf),
            field('quantity', 'integer', (row) => row.quantity),
            field('share', 'percent', (row) => ratio(row.revenue, total.revenue)),
          ])
        : null,
    };
  },
};

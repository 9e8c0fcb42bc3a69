import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  type SumRow,
  addTotals,
  column,
  emptyTotals,
  inRange,
  isTimeGrouping,
  kpi,
  labeller,
  marginOf,
  marginPctOf,
  nameColumn,
  periodFormat,
  periodSql,
  roundMoney,
  rowsOf,
  series,
  toNumber,
  totalsOf,
} from './query-helpers';
import type { ReportQuery } from './query-types';

interface CategoryRow extends SumRow {
  category: string;
}

interface DetailRow extends SumRow {
  period: string;
  region: string;
  store: string;
  category: string;
  total_rows: string | number;
}

/**
 * Contribution margin in detail: one row per period, store and category (three years by day are about
 * 100,000 rows — the report that needs the virtualised table). KPIs and the chart are computed over the
 * whole range even when the table is cut at the row limit.
 */
export const marginDetailQuery: ReportQuery = {
  key: 'margin-detail',
  groupings: ['day', 'week', 'month'],
  async run({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> {
    if (!isTimeGrouping(grouping) || grouping === 'quarter') throw new Error(`margin-detail cannot group by ${grouping}`);
    const label = labeller(language);

    const byCategory =
      parts.kpis || parts.charts
        ? rowsOf<CategoryRow>(
            await db.execute(sql`
              select ${nameColumn('c', language)} as category,
                sum(d.revenue) as revenue, sum(d.cost) as cost, sum(d.quantity) as quantity
              from sales_daily d join product_categories c on c.id = d.category_id
              where ${inRange('d', organisationId, from, to)}
              group by 1
              order by sum(d.revenue) - sum(d.cost) desc, 1
            `),
          ).map((row) => ({ category: row.category, ...totalsOf(row) }))
        : [];
    const total = emptyTotals();
    for (const row of byCategory) addTotals(total, row);

    const detail = parts.table
      ? rowsOf<DetailRow>(
          await db.execute(sql`
            select ${periodSql(grouping, sql`d.sale_date`)} as period, ${nameColumn('r', language)} as region,
              s.name as store, ${nameColumn('c', language)} as category,
              sum(d.revenue) as revenue, sum(d.cost) as cost, sum(d.quantity) as quantity,
              count(*) over () as total_rows
            from sales_daily d
              join sales_regions r on r.id = d.region_id
              join sales_stores s on s.id = d.store_id
              join product_categories c on c.id = d.category_id
            where ${inRange('d', organisationId, from, to)}
            group by 1, 2, 3, 4
            order by 1, 2, 3, 4
            limit ${rowLimit}
          `),
        )
      : [];
    const totalRows = toNumber(detail[0]?.total_rows ?? 0);

    return {
      kpis: parts.kpis
        ? [
            kpi(label, 'revenue', roundMoney(total.revenue), 'currency'),
            kpi(label, 'cost', roundMoney(total.cost), 'currency'),
            kpi(label, 'margin', marginOf(total), 'currency'),
            kpi(label, 'marginPct', marginPctOf(total), 'percent'),
          ]
        : [],
      charts: parts.charts
        ? [
            {
              id: 'margin-by-category',
              title: label('chartMarginByCategory'),
              kind: 'bar',
              categoryFormat: 'text',
              categories: byCategory.map((row) => row.category),
              series: [
                series(label, 'margin', 'currency', byCategory.map((row) => marginOf(row))),
                series(label, 'marginPct', 'percent', byCategory.map((row) => marginPctOf(row)), 1),
              ],
            },
          ]
        : [],
      table: parts.table
        ? {
            columns: [
              column(label, grouping, periodFormat(grouping)),
              column(label, 'region', 'text'),
              column(label, 'store', 'text'),
              column(label, 'category', 'text'),
              column(label, 'quantity', 'integer'),
              column(label, 'revenue', 'currency'),
              column(label, 'cost', 'currency'),
              column(label, 'margin', 'currency'),
              column(label, 'marginPct', 'percent'),
            ],
            rows: detail.map((raw) => {
              const row = totalsOf(raw);
              return [raw.period, raw.region, raw.store, raw.category, row.quantity, row.revenue, row.cost, marginOf(row), marginPctOf(row)];
            }),
            totalRows,
            truncated: totalRows > detail.length,
          }
        : null,
    };
  },
};

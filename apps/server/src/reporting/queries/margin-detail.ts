import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  type SumRow,
  column,
  kpi,
  labeller,
  marginOf,
  marginPctOf,
  nameColumn,
  periodFormat,
  roundMoney,
  rowsOf,
  salesDays,
  series,
  summedMeasures,
  toNumber,
  totalOf,
  totalsOf,
} from './query-helpers';
import { defineReportQuery } from './query-types';

interface CategoryRow extends SumRow {
  category: string;
}

/** [period, store id, category id, revenue, cost, quantity] as the database's JSON array has them. */
type DetailRow = [string, number, number, number, number, number];

/**
 * Contribution margin in detail: one row per period, store and category (three years by day are about
 * 100,000 rows — the report that needs the virtualised table). KPIs and the chart are computed over the
 * whole range even when the table is cut at the row limit.
 *
 * By day the daily table already has one row per day, store and category: the rows are read in its
 * primary-key order (no sort, no aggregation; the limit stops the scan). The report opens by week (a
 * year by day is 35,000 rows, more than anyone reads); by day over three years it is the largest
 * answer a user can ask for (bench/reports.bench.ts).
 */
export const marginDetailQuery = defineReportQuery(
  'margin-detail',
  async ({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> => {
    const label = labeller(language);
    const days = salesDays({ organisationId, from, to });

    const byCategory =
      parts.kpis || parts.charts
        ? rowsOf<CategoryRow>(
            await db.execute(sql`
              select ${nameColumn('c', language)} as category, ${summedMeasures}
              from sales_daily d join product_categories c on c.id = d.category_id
              where ${days.where}
              group by 1
              order by sum(d.revenue) - sum(d.cost) desc, 1
            `),
          ).map((row) => ({ category: row.category, ...totalsOf(row) }))
        : [];
    const total = totalOf(byCategory);

    let table: ReportData['table'] = null;
    if (parts.table) {
      const byDay = grouping === 'day';
      const period = days.period(grouping);
      const [detail, counted, stores, categories] = await Promise.all([
        // One JSON array instead of one result row per table row: up to 100,000 rows cost PGlite several
        // times more as rows (each parsed in JavaScript) than as one value (bench/reports.bench.ts).
        db.execute(sql`
          select coalesce(
              json_agg(json_build_array(t.period, t.store_id, t.category_id, t.revenue, t.cost, t.quantity)
                order by t.period, t.store_id, t.category_id),
              '[]'::json
            )::text as rows
          from (
            ${
              byDay
                ? sql`
                  select ${period} as period, d.store_id, d.category_id, d.revenue, d.cost, d.quantity
                  from sales_daily d
                  where ${days.where}
                  order by d.sale_date, d.store_id, d.category_id
                  limit ${rowLimit}`
                : sql`
                  select ${period} as period, d.store_id, d.category_id, ${summedMeasures}
                  from sales_daily d
                  where ${days.where}
                  group by 1, 2, 3
                  order by 1, 2, 3
                  limit ${rowLimit}`
            }
          ) as t
        `),
        db.execute(
          byDay
            ? sql`select count(*) as n from sales_daily d where ${days.where}`
            : sql`
                select count(*) as n from (
                  select 1 from sales_daily d where ${days.where}
                  group by ${period}, d.store_id, d.category_id
                ) as groups
              `,
        ),
        db.execute(sql`
          select s.id, s.name as store, ${nameColumn('r', language)} as region
          from sales_stores s join sales_regions r on r.id = s.region_id
          where s.organisation_id = ${organisationId}
        `),
        db.execute(sql`
          select c.id, ${nameColumn('c', language)} as category
          from product_categories c where c.organisation_id = ${organisationId}
        `),
      ]);
      // Names looked up here rather than joined into every one of up to 100,000 rows.
      const storeById = new Map(
        rowsOf<{ id: number; store: string; region: string }>(stores).map((store) => [
          Number(store.id),
          store,
        ]),
      );
      const categoryById = new Map(
        rowsOf<{ id: number; category: string }>(categories).map((category) => [
          Number(category.id),
          category.category,
        ]),
      );
      const rows = parseDetailRows(rowsOf<{ rows: string | null }>(detail)[0]?.rows).map(
        ([periodStart, storeId, categoryId, revenue, cost, quantity]) => {
          const sums = totalsOf({ revenue, cost, quantity });
          const store = storeById.get(storeId);
          return [
            periodStart,
            store?.region ?? null,
            store?.store ?? null,
            categoryById.get(categoryId) ?? null,
            sums.quantity,
            sums.revenue,
            sums.cost,
            marginOf(sums),
            marginPctOf(sums),
          ];
        },
      );
      const totalRows = toNumber(rowsOf<{ n: string | number }>(counted)[0]?.n);
      table = {
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
        rows,
        totalRows,
        truncated: totalRows > rows.length,
      };
    }

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
                series(
                  label,
                  'margin',
                  'currency',
                  byCategory.map((row) => marginOf(row)),
                ),
                series(
                  label,
                  'marginPct',
                  'percent',
                  byCategory.map((row) => marginPctOf(row)),
                  1,
                ),
              ],
            },
          ]
        : [],
      table,
    };
  },
);

function parseDetailRows(text: string | null | undefined): DetailRow[] {
  const parsed: unknown = text ? JSON.parse(text) : [];
  return Array.isArray(parsed) ? (parsed as DetailRow[]) : [];
}

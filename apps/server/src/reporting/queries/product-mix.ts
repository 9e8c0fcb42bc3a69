import type { ReportColumn, ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  type SumRow,
  type Totals,
  addTotals,
  column,
  emptyTotals,
  kpi,
  labeller,
  marginPctOf,
  nameColumn,
  periodFormat,
  ratio,
  roundMoney,
  rowsOf,
  salesDays,
  summedMeasures,
  totalsFor,
  totalsOf,
} from './query-helpers';
import { defineReportQuery } from './query-types';

interface Row extends SumRow {
  period: string;
  categoryId: number;
}

interface Category {
  id: number;
  code: string;
  name: string;
}

/**
 * Product mix (`pmxlayout`): revenue per product category × month (or quarter), as a stacked bar chart
 * and a pivot table with one column per category.
 */
export const productMixQuery = defineReportQuery(
  'product-mix',
  async ({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> => {
    const days = salesDays({ organisationId, from, to });
    const label = labeller(language);
    // One after the other: on PostgreSQL the queries share the report's transaction (its statement
    // timeout, decision 009), and one connection runs one query at a time.
    const categories = await db.execute(sql`
      select c.id, c.code, ${nameColumn('c', language)} as name
      from product_categories c where c.organisation_id = ${organisationId} order by c.id
    `);
    const sums = await db.execute(sql`
      select ${days.period(grouping)} as period, d.category_id as "categoryId",
        ${summedMeasures}
      from sales_daily d
      where ${days.where}
      group by 1, 2
      order by 1, 2
    `);
    const categoryList = rowsOf<Category>(categories).map((c) => ({ ...c, id: Number(c.id) }));
    const cells = new Map<string, Totals>();
    const periods = new Map<string, Totals>();
    const byCategory = new Map<number, Totals>();
    const total = emptyTotals();
    for (const raw of rowsOf<Row>(sums)) {
      const row = { period: raw.period, categoryId: Number(raw.categoryId), ...totalsOf(raw) };
      cells.set(`${row.period}|${row.categoryId}`, row);
      addTotals(totalsFor(periods, row.period), row);
      addTotals(totalsFor(byCategory, row.categoryId), row);
      addTotals(total, row);
    }
    const periodKeys = [...periods.keys()];
    const revenueOf = (period: string, categoryId: number) =>
      roundMoney(cells.get(`${period}|${categoryId}`)?.revenue ?? 0);
    const top = [...byCategory.entries()].sort((a, b) => b[1].revenue - a[1].revenue)[0];
    const topCategory = top ? categoryList.find((c) => c.id === top[0]) : undefined;

    const categoryColumns: ReportColumn[] = categoryList.map((c) => ({
      key: `category-${c.code}`,
      label: c.name,
      format: 'currency',
    }));
    const tableRows = periodKeys.map((period) => [
      period,
      ...categoryList.map((c) => revenueOf(period, c.id)),
      roundMoney(periods.get(period)?.revenue ?? 0),
    ]);

    return {
      kpis: parts.kpis
        ? [
            kpi(label, 'revenue', roundMoney(total.revenue), 'currency'),
            kpi(label, 'marginPct', marginPctOf(total), 'percent'),
            kpi(label, 'topCategory', topCategory?.name ?? null, 'text'),
            kpi(label, 'topCategoryShare', top ? ratio(top[1].revenue, total.revenue) : null, 'percent'),
          ]
        : [],
      charts: parts.charts
        ? [
            {
              id: 'mix',
              title: label('chartMix'),
              kind: 'stacked-bar',
              categoryFormat: periodFormat(grouping),
              categories: periodKeys,
              series: categoryList.map((c) => ({
                key: `category-${c.code}`,
                label: c.name,
                format: 'currency',
                values: periodKeys.map((period) => revenueOf(period, c.id)),
                axis: 0,
              })),
            },
          ]
        : [],
      table: parts.table
        ? {
            columns: [
              column(label, grouping, periodFormat(grouping)),
              ...categoryColumns,
              column(label, 'total', 'currency'),
            ],
            rows: tableRows.slice(0, rowLimit),
            totalRows: tableRows.length,
            truncated: tableRows.length > rowLimit,
          }
        : null,
    };
  },
);

import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  type SumRow,
  type Totals,
  field,
  kpi,
  labeller,
  marginOf,
  marginPctOf,
  nameColumn,
  quantitySeries,
  ratio,
  revenueAndMarginSeries,
  roundMoney,
  rowsOf,
  salesDays,
  summedMeasures,
  tableOf,
  totalOf,
  totalsOf,
} from './query-helpers';
import { defineReportQuery } from './query-types';

interface Row extends SumRow {
  product: string | null;
  category: string;
}

/** Bars in the chart: the best sellers only, the table has them all. */
const chartTop = 10;

const averagePrice = (totals: Totals) => {
  const value = ratio(totals.revenue, totals.quantity);
  return value === null ? null : roundMoney(value);
};

/** Sales by product (or by category): units, revenue, margin and average selling price, best first. */
export const productRankingQuery = defineReportQuery(
  'product-ranking',
  async ({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> => {
    const label = labeller(language);
    const byProduct = grouping === 'product';
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select ${byProduct ? nameColumn('p', language) : sql`null`} as product, ${nameColumn('c', language)} as category,
          ${summedMeasures}
        from sales_daily_products d
          join product_categories c on c.id = d.category_id
          ${byProduct ? sql`join products p on p.id = d.product_id` : sql.empty()}
        where ${salesDays({ organisationId, from, to }).where}
        group by 1, 2
        order by revenue desc, 1, 2
      `),
    ).map((row) => ({
      name: byProduct ? (row.product ?? '') : row.category,
      category: row.category,
      ...totalsOf(row),
    }));

    const total = totalOf(rows);
    const best = rows.slice(0, chartTop);

    return {
      kpis: parts.kpis
        ? [
            kpi(label, 'revenue', roundMoney(total.revenue), 'currency'),
            kpi(label, 'quantity', total.quantity, 'integer'),
            kpi(label, 'avgPrice', averagePrice(total), 'currency'),
            kpi(label, byProduct ? 'topProduct' : 'topCategory', rows[0]?.name ?? null, 'text'),
          ]
        : [],
      charts: parts.charts
        ? [
            {
              id: 'top',
              title: label(byProduct ? 'chartTopProducts' : 'chartTopCategories'),
              kind: 'bar',
              categoryFormat: 'text',
              categories: best.map((row) => row.name),
              series: [...revenueAndMarginSeries(label, best), quantitySeries(label, best)],
            },
          ]
        : [],
      table: parts.table
        ? tableOf(label, rows, rowLimit, [
            byProduct && field('product', 'text', (row) => row.name),
            field('category', 'text', (row) => row.category),
            field('quantity', 'integer', (row) => row.quantity),
            field('revenue', 'currency', (row) => row.revenue),
            field('margin', 'currency', marginOf),
            field('marginPct', 'percent', marginPctOf),
            field('avgPrice', 'currency', averagePrice),
            field('share', 'percent', (row) => ratio(row.revenue, total.revenue)),
          ])
        : null,
    };
  },
);

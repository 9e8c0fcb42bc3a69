import { sql } from 'drizzle-orm';
import { runsOnEventLoop } from '../../db/database';
import {
  type SumRow,
  column,
  kpi,
  labeller,
  marginOf,
  marginPctOf,
  nameColumn,
  periodFormat,
  periodSlices,
  roundMoney,
  rowsOf,
  salesDays,
  series,
  summedMeasures,
  toNumber,
  totalOf,
  totalsOf,
} from './query-helpers';
import {
  type ReportDataAnswer,
  type ReportTableAnswer,
  SerializedRows,
  defaultSliceRows,
  defineReportQuery,
  yieldToOtherRequests,
} from './query-types';

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
  async ({
    db,
    organisationId,
    language,
    from,
    to,
    grouping,
    parts,
    rowLimit,
    sliceRows = defaultSliceRows,
  }): Promise<ReportDataAnswer> => {
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

    let table: ReportTableAnswer | null = null;
    if (parts.table) {
      const period = days.period(grouping);
      // Names looked up here rather than joined into every one of up to 100,000 rows.
      const stores = rowsOf<{ id: number; store: string; region: string }>(
        await db.execute(sql`
          select s.id, s.name as store, ${nameColumn('r', language)} as region
          from sales_stores s join sales_regions r on r.id = s.region_id
          where s.organisation_id = ${organisationId}
        `),
      );
      const categories = rowsOf<{ id: number; category: string }>(
        await db.execute(sql`
          select c.id, ${nameColumn('c', language)} as category
          from product_categories c where c.organisation_id = ${organisationId}
        `),
      );
      // Each name serialised once; each row written as the JSON text `JSON.stringify` would give for
      // [period, region, store, category, quantity, revenue, cost, margin, margin %] (decision 009: no
      // intermediate arrays for up to 100,000 rows, so less work and garbage on the event loop).
      const json = (value: string | null | undefined) => JSON.stringify(value ?? null);
      const storeById = new Map(
        stores.map((store) => [Number(store.id), `${json(store.region)},${json(store.store)}`]),
      );
      const categoryById = new Map(
        categories.map((category) => [Number(category.id), json(category.category)]),
      );
      const toTableRow = ([periodStart, storeId, categoryId, revenue, cost, quantity]: DetailRow) => {
        const sums = totalsOf({ revenue, cost, quantity });
        const store = storeById.get(storeId) ?? 'null,null';
        const category = categoryById.get(categoryId) ?? 'null';
        // String(number) is JSON's text for every finite number; margin % is null for no revenue.
        return `[${json(periodStart)},${store},${category},${sums.quantity},${sums.revenue},${sums.cost},${marginOf(sums)},${marginPctOf(sums) ?? 'null'}]`;
      };

      // Decision 009: read slice by slice (each about `sliceRows` daily rows: at most one row per day,
      // store and category), serialise each slice's rows at once, and let other requests run in between
      // — on the embedded database each query runs on the event loop. Slices start on period
      // boundaries, so each table row comes from exactly one slice; together they count all rows.
      const rowsPerDay = Math.max(1, storeById.size * categoryById.size);
      const embedded = runsOnEventLoop(db);
      const serialized = new SerializedRows();
      let totalRows = 0;
      for (const slice of periodSlices(from, to, grouping, sliceRows / rowsPerDay)) {
        await yieldToOtherRequests();
        const where = salesDays({ organisationId, ...slice }).where;
        const limit = Math.max(0, rowLimit - serialized.count);
        // One value instead of one result row per table row. PostgreSQL (another process) writes the rows'
        // JSON text itself, so this process only passes it on. The embedded database runs on this
        // thread and writes JSON several times slower than JavaScript does: it gives the ids and sums as
        // one JSON array (up to 100,000 rows cost PGlite several times more as rows, each parsed in
        // JavaScript, than as one value: bench/reports.bench.ts) and `toTableRow` writes each row.
        const detailJson = embedded
          ? sql`
              coalesce(
                json_agg(json_build_array(t.period, t.store_id, t.category_id, t.revenue, t.cost, t.quantity)
                  order by t.period, t.store_id, t.category_id),
                '[]'::json
              )::text`
          : sql`
              string_agg(
                concat_ws(',',
                  '[' || to_json(t.period)::text,
                  coalesce(to_json(${nameColumn('r', language)})::text, 'null'),
                  coalesce(to_json(s.name)::text, 'null'),
                  coalesce(to_json(${nameColumn('c', language)})::text, 'null'),
                  trim_scale(t.quantity)::text,
                  trim_scale(t.revenue)::text,
                  trim_scale(t.cost)::text,
                  trim_scale((t.revenue - t.cost))::text,
                  coalesce(((t.revenue::float8 - t.cost::float8) / nullif(t.revenue::float8, 0))::text, 'null') || ']'
                ),
                ',' order by t.period, t.store_id, t.category_id
              )`;
        const names = embedded
          ? sql``
          : sql`
              left join sales_stores s on s.id = t.store_id and s.organisation_id = ${organisationId}
              left join sales_regions r on r.id = s.region_id
              left join product_categories c on c.id = t.category_id and c.organisation_id = ${organisationId}`;
        const result = await db.execute(
          grouping === 'day'
            ? sql`
                select
                  (select count(*) from sales_daily d where ${where}) as n,
                  (select ${detailJson} from (
                    select ${period} as period, d.store_id, d.category_id, d.revenue, d.cost, d.quantity
                    from sales_daily d
                    where ${where}
                    order by d.sale_date, d.store_id, d.category_id
                    limit ${limit}
                  ) as t ${names}) as rows`
            : sql`
                with grouped as (
                  select ${period} as period, d.store_id, d.category_id, ${summedMeasures}
                  from sales_daily d
                  where ${where}
                  group by 1, 2, 3
                )
                select
                  (select count(*) from grouped) as n,
                  (select ${detailJson} from (
                    select * from grouped order by 1, 2, 3 limit ${limit}
                  ) as t ${names}) as rows`,
        );
        const [answer] = rowsOf<{ n: string | number; rows: string | null }>(result);
        totalRows += toNumber(answer?.n);
        if (embedded) serialized.addSerialized(parseDetailRows(answer?.rows).map(toTableRow));
        else if (answer?.rows) serialized.addText(answer.rows, Math.min(limit, toNumber(answer.n)));
      }
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
        rows: serialized,
        totalRows,
        truncated: totalRows > serialized.count,
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

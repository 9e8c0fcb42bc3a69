import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  productCategories,
  products,
  sales,
  salesDaily,
  salesDailyProducts,
  salesDatasets,
  salesRegions,
  salesStores,
} from '../db/sales-schema';
import { addDays, daysBetween, utcToday } from '../reports';
import type { DemoSalesDataSet } from './sales-demo-data';

// The demo sales data set (decision 012): at least 1,000,000 fact rows over three years, generated
// DETERMINISTICALLY inside the database by one INSERT … SELECT over generate_series (no random(): every
// attribute of a sales line is a hash of its day and line number), so the first start stays fast even
// on PGlite. The reports read two daily aggregates built right after (docs/decisions: sales data set).

/** Bump when the generator's formulas change: the fingerprint then differs and the set is regenerated. */
const generatorVersion = 2;

/** Three years of history, today included. */
export const salesHistoryDays = 1096;

/** A line key is `epochDay * lineKeyStride + line`, so at most this many lines per day. */
const lineKeyStride = 100_000;

export type SalesSeedAction = 'generated' | 'topped-up' | 'unchanged' | 'removed' | 'none';

export interface SalesSeedResult {
  action: SalesSeedAction;
  /** Fact rows written by this run. */
  rowsWritten: number;
  /** Fact rows the organisation has now. */
  totalRows: number;
  milliseconds: number;
}

export interface SalesSeedOptions {
  organisationId: string;
  dataSet: DemoSalesDataSet;
  /** SEED_SALES_ROWS: the organisation gets `rows × dataSet.rowShare` rows (rounded up to whole days). */
  rows: number;
  /** The last day of the data set (tests pin it); default today in UTC. */
  today?: string;
  /** Told before a full generation starts (it takes a while; the start-up log says so). */
  onGenerate?: (rows: number) => void;
}

/**
 * Idempotent and cheap on later starts: nothing happens when the set is complete; the days since the
 * last start are appended (the same rows a full run would produce for them); a changed size, generator
 * or dimension data regenerates the organisation's set.
 */
export async function seedSalesDataSet(db: Database, options: SalesSeedOptions): Promise<SalesSeedResult> {
  const started = performance.now();
  const { organisationId, dataSet } = options;
  const today = options.today ?? utcToday();
  const linesPerDay =
    options.rows <= 0 ? 0 : Math.max(1, Math.ceil((options.rows * dataSet.rowShare) / salesHistoryDays));
  if (linesPerDay >= lineKeyStride) throw new Error(`seed: ${linesPerDay} sales lines per day are too many`);

  await upsertDimensions(db, organisationId, dataSet);
  const fingerprint = fingerprintOf(dataSet, linesPerDay);
  const [existing] = await db
    .select()
    .from(salesDatasets)
    .where(eq(salesDatasets.organisationId, organisationId));
  const result = (action: SalesSeedAction, rowsWritten: number, totalRows: number): SalesSeedResult => ({
    action,
    rowsWritten,
    totalRows,
    milliseconds: Math.round(performance.now() - started),
  });

  if (linesPerDay === 0) {
    if (!existing) return result('none', 0, 0);
    await db.transaction(async (tx) => {
      await allowLongStatements(tx);
      await removeSalesData(tx, organisationId);
    });
    return result('removed', 0, 0);
  }

  if (existing && existing.fingerprint === fingerprint) {
    if (existing.lastDay >= today) return result('unchanged', 0, existing.rowCount);
    const from = addDays(existing.lastDay, 1);
    const written = await db.transaction(async (tx) => {
      await allowLongStatements(tx);
      const rows = await generateDays(tx, organisationId, from, today, linesPerDay);
      await tx
        .update(salesDatasets)
        .set({ lastDay: today, rowCount: existing.rowCount + rows, generatedAt: new Date() })
        .where(eq(salesDatasets.organisationId, organisationId));
      return rows;
    });
    return result('topped-up', written, existing.rowCount + written);
  }

  const firstDay = addDays(today, -(salesHistoryDays - 1));
  options.onGenerate?.(linesPerDay * salesHistoryDays);
  const written = await db.transaction(async (tx) => {
    await allowLongStatements(tx);
    if (existing) await removeSalesData(tx, organisationId);
    const rows = await generateDays(tx, organisationId, firstDay, today, linesPerDay);
    await tx.insert(salesDatasets).values({
      organisationId,
      fingerprint,
      linesPerDay,
      firstDay,
      lastDay: today,
      rowCount: rows,
    });
    return rows;
  });
  // Fresh statistics, so the planner picks the indexes for the report queries at once.
  await db.execute(sql`analyze sales_daily`);
  await db.execute(sql`analyze sales_daily_products`);
  return result('generated', written, written);
}

function fingerprintOf(dataSet: DemoSalesDataSet, linesPerDay: number): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        generatorVersion,
        linesPerDay,
        regions: dataSet.regions,
        categories: dataSet.categories,
      }),
    )
    .digest('hex')
    .slice(0, 16);
}

type Executor = Pick<Database, 'execute' | 'delete'>;

/** The bulk load runs longer than a request may (the pool's statement timeout): this transaction only. */
async function allowLongStatements(tx: Executor): Promise<void> {
  await tx.execute(sql`set local statement_timeout = '30min'`);
}

async function removeSalesData(tx: Executor, organisationId: string): Promise<void> {
  await tx.delete(sales).where(eq(sales.organisationId, organisationId));
  await tx.delete(salesDaily).where(eq(salesDaily.organisationId, organisationId));
  await tx.delete(salesDailyProducts).where(eq(salesDailyProducts.organisationId, organisationId));
  await tx.delete(salesDatasets).where(eq(salesDatasets.organisationId, organisationId));
}

/** A number in [0, 1) from a line key and a salt: deterministic, portable across PostgreSQL builds. */
const hash01 = (salt: number) =>
  sql.raw(`((hashint8extended(l.k, ${salt}) & 9223372036854775807)::float8 / 9223372036854775808.0)`);

/**
 * Appends the fact rows of the days `from`..`to` and, in the same statement, their daily aggregates
 * (data-modifying CTEs: the new rows are aggregated as they are written, never read back); returns the
 * number of fact rows.
 *
 * Each day has `linesPerDay` sales lines. Per line: the store is drawn by the stores' weights, the
 * product with a skew towards the first products (best sellers), the quantity follows the season
 * (month and weekday factors) and a growth of 7 % a year; prices rise 2.5 % a year with a discount of
 * up to 15 %, costs rise 3.5 % a year (so margins erode slowly — something for the reports to show).
 * Day factors are computed once per day, not once per line.
 */
async function generateDays(
  tx: Executor,
  organisationId: string,
  from: string,
  to: string,
  linesPerDay: number,
): Promise<number> {
  if (daysBetween(from, to) < 1) return 0;
  const result = await tx.execute(sql`
    with dims as materialized (
      select
        (select array_agg(s.id order by s.id) from sales_stores s cross join generate_series(1, s.weight)
          where s.organisation_id = ${organisationId}) as store_ids,
        (select array_agg(s.region_id order by s.id) from sales_stores s cross join generate_series(1, s.weight)
          where s.organisation_id = ${organisationId}) as store_regions,
        (select array_agg(p.id order by p.id) from products p where p.organisation_id = ${organisationId}) as product_ids,
        (select array_agg(p.category_id order by p.id) from products p
          where p.organisation_id = ${organisationId}) as product_categories,
        (select array_agg(p.unit_price::float8 order by p.id) from products p
          where p.organisation_id = ${organisationId}) as prices,
        (select array_agg(p.unit_cost::float8 order by p.id) from products p
          where p.organisation_id = ${organisationId}) as costs
    ),
    days as materialized (
      select
        d::date as sale_date,
        (d::date - date '1970-01-01')::bigint * ${lineKeyStride} as key_base,
        ((d::date - date '2020-01-01') / 365.25)::float8 as years,
        ('{0.82,0.78,0.92,0.97,1.0,0.96,0.9,0.93,1.0,1.05,1.22,1.48}'::float8[])[extract(month from d)::int]
          * ('{0.9,0.92,0.95,1.0,1.1,1.35,0.78}'::float8[])[extract(isodow from d)::int] as season
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    ),
    lines as (
      select days.sale_date, days.key_base + i as k, days.years, days.season
      from days cross join generate_series(0, ${linesPerDay - 1}::int) as i
    ),
    drawn as (
      select
        l.sale_date,
        l.years,
        1 + floor(${hash01(1)} * cardinality(dims.store_ids))::int as store_slot,
        1 + floor(power(${hash01(2)}, 1.35) * cardinality(dims.product_ids))::int as product_slot,
        greatest(1, round((1 + ${hash01(3)} * 4) * l.season * (1 + 0.07 * l.years)))::int as quantity,
        ${hash01(4)} as discount_draw
      from lines l cross join dims
    ),
    inserted as (
      insert into sales (organisation_id, sale_date, region_id, store_id, category_id, product_id, quantity, revenue, cost)
      select
        ${organisationId},
        d.sale_date,
        dims.store_regions[d.store_slot],
        dims.store_ids[d.store_slot],
        dims.product_categories[d.product_slot],
        dims.product_ids[d.product_slot],
        d.quantity,
        -- Whole cents as bigint, then numeric: cheaper than round(float::numeric, 2) per line.
        round(d.quantity * dims.prices[d.product_slot] * (1 + 0.025 * d.years) * (1 - 0.15 * d.discount_draw) * 100)::bigint::numeric * 0.01,
        round(d.quantity * dims.costs[d.product_slot] * (1 + 0.035 * d.years) * 100)::bigint::numeric * 0.01
      from drawn d cross join dims
      returning sale_date, region_id, store_id, category_id, product_id, quantity, revenue, cost
    ),
    daily as (
      insert into sales_daily (organisation_id, sale_date, region_id, store_id, category_id, quantity, revenue, cost, lines)
      select ${organisationId}, sale_date, region_id, store_id, category_id, sum(quantity), sum(revenue), sum(cost), count(*)
      from inserted
      group by sale_date, region_id, store_id, category_id
    ),
    daily_products as (
      insert into sales_daily_products (organisation_id, sale_date, product_id, category_id, quantity, revenue, cost)
      select ${organisationId}, sale_date, product_id, category_id, sum(quantity), sum(revenue), sum(cost)
      from inserted
      group by sale_date, product_id, category_id
    )
    select count(*)::int as rows from inserted
  `);
  return rowsOf<{ rows: number }>(result)[0]?.rows ?? 0;
}

/** Both drivers answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Regions, stores, categories and products by natural key; ids stay stable across runs. */
async function upsertDimensions(
  db: Database,
  organisationId: string,
  dataSet: DemoSalesDataSet,
): Promise<void> {
  await db.transaction(async (tx) => {
    const regionRows = await tx
      .insert(salesRegions)
      .values(
        dataSet.regions.map((region) => ({
          organisationId,
          code: region.code,
          nameEn: region.nameEn,
          nameDe: region.nameDe,
        })),
      )
      .onConflictDoUpdate({
        target: [salesRegions.organisationId, salesRegions.code],
        set: { nameEn: sql`excluded.name_en`, nameDe: sql`excluded.name_de` },
      })
      .returning({ id: salesRegions.id, code: salesRegions.code });
    const regionIds = new Map(regionRows.map((row) => [row.code, row.id]));
    await tx
      .insert(salesStores)
      .values(
        dataSet.regions.flatMap((region) =>
          region.stores.map(([code, name, weight]) => ({
            organisationId,
            regionId: regionIds.get(region.code) ?? 0,
            code,
            name,
            weight,
          })),
        ),
      )
      .onConflictDoUpdate({
        target: [salesStores.organisationId, salesStores.code],
        set: { regionId: sql`excluded.region_id`, name: sql`excluded.name`, weight: sql`excluded.weight` },
      });

    const categoryRows = await tx
      .insert(productCategories)
      .values(
        dataSet.categories.map((category) => ({
          organisationId,
          code: category.code,
          nameEn: category.nameEn,
          nameDe: category.nameDe,
        })),
      )
      .onConflictDoUpdate({
        target: [productCategories.organisationId, productCategories.code],
        set: { nameEn: sql`excluded.name_en`, nameDe: sql`excluded.name_de` },
      })
      .returning({ id: productCategories.id, code: productCategories.code });
    const categoryIds = new Map(categoryRows.map((row) => [row.code, row.id]));
    await tx
      .insert(products)
      .values(
        dataSet.categories.flatMap((category) =>
          category.products.map((item) => ({
            organisationId,
            categoryId: categoryIds.get(category.code) ?? 0,
            code: item.code,
            nameEn: item.nameEn,
            nameDe: item.nameDe,
            unitPrice: item.unitPrice.toFixed(2),
            unitCost: item.unitCost.toFixed(2),
          })),
        ),
      )
      .onConflictDoUpdate({
        target: [products.organisationId, products.code],
        set: {
          categoryId: sql`excluded.category_id`,
          nameEn: sql`excluded.name_en`,
          nameDe: sql`excluded.name_de`,
          unitPrice: sql`excluded.unit_price`,
          unitCost: sql`excluded.unit_cost`,
        },
      });
  });
}

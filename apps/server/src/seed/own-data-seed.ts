import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { quoted, uploadsSchemaName } from '../data-sources';

// The demo's sales data set as a data source of each demo organisation (docs/decisions/027): views in the
// organisation's own uploaded-tables schema, each showing only that organisation's rows, so the demo's SQL
// reports read their data through the same executor, confinement and cache as a customer's upload.

/** The views a demo organisation's SQL reports read; `organisation` is the organisation id as a literal. */
const salesViews = (organisation: string) => ({
  // One row per day, store and product category (new columns go last: `create or replace view` keeps the old ones).
  // Left joins on the dimensions' primary keys: a report that does not name a dimension does not pay for
  // its join (PostgreSQL removes it), and one that groups by the ids joins the names after grouping.
  sales_by_day: `
    select d.sale_date, r.name_en as region, r.name_de as region_de, s.name as store,
      c.name_en as category, c.name_de as category_de, d.quantity, d.revenue, d.cost,
      d.revenue - d.cost as margin, c.code as category_code, d.region_id, d.store_id, d.category_id
    from public.sales_daily d
      left join public.sales_regions r on r.id = d.region_id
      left join public.sales_stores s on s.id = d.store_id
      left join public.product_categories c on c.id = d.category_id
    where d.organisation_id = ${organisation}`,
  // One row per day and product.
  product_sales_by_day: `
    select d.sale_date, p.code as product_code, p.name_en as product, p.name_de as product_de,
      c.name_en as category, c.name_de as category_de, d.quantity, d.revenue, d.cost,
      d.revenue - d.cost as margin
    from public.sales_daily_products d
      join public.products p on p.id = d.product_id
      join public.product_categories c on c.id = d.category_id
    where d.organisation_id = ${organisation}`,
  // The dimensions, for reports that group by id and name afterwards.
  regions: `
    select r.id as region_id, r.name_en as region, r.name_de as region_de
    from public.sales_regions r where r.organisation_id = ${organisation}`,
  stores: `
    select s.id as store_id, s.name as store, s.region_id, r.name_en as region, r.name_de as region_de
    from public.sales_stores s join public.sales_regions r on r.id = s.region_id
    where s.organisation_id = ${organisation}`,
  categories: `
    select c.id as category_id, c.code as category_code, c.name_en as category, c.name_de as category_de
    from public.product_categories c where c.organisation_id = ${organisation}`,
  // The data set's first and last day (a comparison with last year stops at the last day).
  sales_data_set: `
    select first_day, last_day from public.sales_datasets where organisation_id = ${organisation}`,
});

/** Creates (or brings up to date) the demo organisation's sales views; idempotent. */
export async function seedDemoSalesViews(db: Database, organisationId: string): Promise<void> {
  // A view's text takes no bound parameters: the id is written as a literal, after checking it is a UUID.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(organisationId)) {
    throw new Error('unexpected organisation id');
  }
  const schema = quoted(uploadsSchemaName(organisationId));
  await db.execute(sql.raw(`create schema if not exists ${schema}`));
  for (const [name, query] of Object.entries(salesViews(`'${organisationId}'`))) {
    await db.execute(sql.raw(`create or replace view ${schema}.${quoted(name)} as ${query}`));
  }
}

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { uuidPrimaryKey } from './columns';
import { organisationIdColumn, organisations } from './core-tables';

// The sales data set behind the reports (reports and dashboards, docs/product.md §D.3 "Report / dashboard content") and the
// report definitions. Dimension ids are small integers so the 1,000,000-row fact table stays compact.
// Why reports read pre-aggregated daily tables instead of the fact table: docs/decisions/012.

export const salesRegions = pgTable(
  'sales_regions',
  {
    id: smallint('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: organisationIdColumn(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameDe: text('name_de').notNull(),
  },
  (t) => [uniqueIndex('sales_regions_organisation_code_uq').on(t.organisationId, t.code)],
);

export const salesStores = pgTable(
  'sales_stores',
  {
    id: smallint('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: organisationIdColumn(),
    regionId: smallint('region_id')
      .notNull()
      .references(() => salesRegions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Relative size: bigger stores sell more lines (the generator's weight). */
    weight: smallint('weight').notNull().default(1),
  },
  (t) => [uniqueIndex('sales_stores_organisation_code_uq').on(t.organisationId, t.code)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    id: smallint('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: organisationIdColumn(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameDe: text('name_de').notNull(),
  },
  (t) => [uniqueIndex('product_categories_organisation_code_uq').on(t.organisationId, t.code)],
);

export const products = pgTable(
  'products',
  {
    id: smallint('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: organisationIdColumn(),
    categoryId: smallint('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameDe: text('name_de').notNull(),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('products_organisation_code_uq').on(t.organisationId, t.code),
    check('products_price_check', sql`${t.unitPrice} > 0 and ${t.unitCost} > 0`),
  ],
);

/**
 * The fact table: one row per sales line. Written only by the seed's bulk INSERT … SELECT and read by
 * tests and the bench (the reports read the daily tables below). No primary key, no foreign keys to the
 * dimensions and no index: nothing queries it by key, and each would slow down the bulk load.
 */
export const sales = pgTable('sales', {
  organisationId: text('organisation_id').notNull(),
  saleDate: date('sale_date', { mode: 'string' }).notNull(),
  regionId: smallint('region_id').notNull(),
  storeId: smallint('store_id').notNull(),
  categoryId: smallint('category_id').notNull(),
  productId: smallint('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  revenue: numeric('revenue', { precision: 12, scale: 2 }).notNull(),
  cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
});

/** Sales per day, store and category (≈ days × stores × categories rows): most reports read this. */
export const salesDaily = pgTable(
  'sales_daily',
  {
    organisationId: text('organisation_id').notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    regionId: smallint('region_id').notNull(),
    storeId: smallint('store_id').notNull(),
    categoryId: smallint('category_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull(),
    cost: numeric('cost', { precision: 16, scale: 2 }).notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.saleDate, t.storeId, t.categoryId] })],
);

/** Sales per day and product (≈ days × products rows): the product reports read this. */
export const salesDailyProducts = pgTable(
  'sales_daily_products',
  {
    organisationId: text('organisation_id').notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    productId: smallint('product_id').notNull(),
    categoryId: smallint('category_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull(),
    cost: numeric('cost', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.saleDate, t.productId] })],
);

/**
 * What the seed generated per organisation: it tops up the days since the last start instead of
 * generating everything again, and regenerates only when the generator or the size changed.
 */
export const salesDatasets = pgTable('sales_datasets', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** Hash of the generator and the dimension data it ran on: when it changes, the set is regenerated. */
  fingerprint: text('fingerprint').notNull(),
  linesPerDay: integer('lines_per_day').notNull(),
  firstDay: date('first_day', { mode: 'string' }).notNull(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  generatedAt: timestamp('generated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * The report of a menu item: `name` is the menu item's name (`/reports/<name>`). A query report names a
 * report definition (decision 027) with its opening parameter values; the client never sends SQL.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** Query: the report definition it shows (decision 027); its opening parameter values in `params`. */
    definitionName: text('definition_name'),
    /** Query: `{ parameter: value }` the report opens with (checked against the definition when run). */
    params: jsonb('params').notNull().default({}),
    /** Embedded: a same-origin path or a URL on one of REPORT_FRAME_ORIGINS; `{lang}` → the UI language. */
    frameUrl: text('frame_url'),
    externalUrl: text('external_url'),
  },
  (t) => [
    uniqueIndex('reports_organisation_name_uq').on(t.organisationId, t.name),
    check('reports_kind_check', sql`${t.kind} in ('query', 'embedded', 'external')`),
    check(
      'reports_kind_fields_check',
      sql`(${t.kind} = 'query' and ${t.definitionName} is not null)
        or (${t.kind} = 'embedded' and ${t.frameUrl} is not null)
        or (${t.kind} = 'external' and ${t.externalUrl} ~ '^https?://')`,
    ),
  ],
);

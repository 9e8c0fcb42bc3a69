import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { organisations } from '../src/db/core-tables';
import { salesDatasets } from '../src/db/sales-schema';
import { addDays } from '../src/reports';
import { salesHistoryDays, seedSalesDataSet } from '../src/seed/sales-data-seed';
import { demoSalesDataSets } from '../src/seed/sales-demo-data';
import { openTestDatabase, testDrivers } from './helpers/build-test-app';

// Reports and dashboards: the sales data set is generated deterministically by the seed, bulk-loaded, topped up on
// later starts, and its daily aggregates (which the reports read) always equal the fact table.

const dataSet = demoSalesDataSets['Demo GmbH']!;
const today = '2026-03-15';
const rows = 3_000;
const linesPerDay = Math.ceil(rows / salesHistoryDays);

describe.each(testDrivers())('sales data set seed (%s)', (driver) => {
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dropDatabase } = await openTestDatabase(driver));
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
  });

  const createOrganisation = async (name: string) => {
    const [row] = await database.db
      .insert(organisations)
      .values({ name })
      .returning({ id: organisations.id });
    return row!.id;
  };
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
  /** Revenue per day, as text so equality is exact. */
  const revenueByDay = (organisationId: string) =>
    query<{ day: string; revenue: string; lines: string }>(sql`
      select sale_date::text as day, sum(revenue)::text as revenue, count(*)::text as lines
      from sales where organisation_id = ${organisationId} group by 1 order by 1
    `);

  it('generates three years of rows whose dimensions fit together and whose aggregates match', async () => {
    const organisationId = await createOrganisation('Generated Ltd');
    const result = await seedSalesDataSet(database.db, { organisationId, dataSet, rows, today });
    expect(result).toMatchObject({ action: 'generated', rowsWritten: linesPerDay * salesHistoryDays });
    expect(result.totalRows).toBeGreaterThanOrEqual(rows);

    const [range] = await query<{ first: string; last: string; days: string }>(sql`
      select min(sale_date)::text as first, max(sale_date)::text as last, count(distinct sale_date)::text as days
      from sales where organisation_id = ${organisationId}
    `);
    expect(range).toEqual({
      first: addDays(today, -(salesHistoryDays - 1)),
      last: today,
      days: String(salesHistoryDays),
    });

    // Every line's region is its store's region, its category its product's category; values are sane.
    const [mismatches] = await query<{ n: string }>(sql`
      select count(*)::text as n from sales s
        join sales_stores st on st.id = s.store_id
        join products p on p.id = s.product_id
      where s.organisation_id = ${organisationId}
        and (st.region_id <> s.region_id or p.category_id <> s.category_id or s.quantity < 1 or s.revenue <= 0 or s.cost <= 0)
    `);
    expect(mismatches?.n).toBe('0');

    const [facts] = await query<{ revenue: string; cost: string; quantity: string; lines: string }>(sql`
      select sum(revenue)::text as revenue, sum(cost)::text as cost, sum(quantity)::text as quantity, count(*)::text as lines
      from sales where organisation_id = ${organisationId}
    `);
    const [daily] = await query<{ revenue: string; cost: string; quantity: string; lines: string }>(sql`
      select sum(revenue)::text as revenue, sum(cost)::text as cost, sum(quantity)::text as quantity, sum(lines)::text as lines
      from sales_daily where organisation_id = ${organisationId}
    `);
    const [products] = await query<{ revenue: string; cost: string; quantity: string }>(sql`
      select sum(revenue)::text as revenue, sum(cost)::text as cost, sum(quantity)::text as quantity
      from sales_daily_products where organisation_id = ${organisationId}
    `);
    expect(daily).toEqual(facts);
    expect(products).toEqual({ revenue: facts?.revenue, cost: facts?.cost, quantity: facts?.quantity });

    // Idempotent: the next start changes nothing.
    const again = await seedSalesDataSet(database.db, { organisationId, dataSet, rows, today });
    expect(again).toMatchObject({ action: 'unchanged', rowsWritten: 0, totalRows: result.totalRows });
  });

  it('is deterministic: a set topped up day by day equals one generated at once', async () => {
    const atOnce = await createOrganisation('At Once Ltd');
    const toppedUp = await createOrganisation('Topped Up Ltd');
    await seedSalesDataSet(database.db, { organisationId: atOnce, dataSet, rows, today });
    await seedSalesDataSet(database.db, {
      organisationId: toppedUp,
      dataSet,
      rows,
      today: addDays(today, -10),
    });
    const later = await seedSalesDataSet(database.db, { organisationId: toppedUp, dataSet, rows, today });
    expect(later).toMatchObject({ action: 'topped-up', rowsWritten: 10 * linesPerDay });

    const whole = await revenueByDay(atOnce);
    const grown = await revenueByDay(toppedUp);
    // The topped-up set started ten days earlier; from the first common day on, every day is identical.
    expect(grown).toHaveLength(whole.length + 10);
    expect(grown.slice(10)).toEqual(whole);
    const [dataset] = await database.db
      .select()
      .from(salesDatasets)
      .where(eq(salesDatasets.organisationId, toppedUp));
    expect(dataset).toMatchObject({ firstDay: addDays(today, -10 - (salesHistoryDays - 1)), lastDay: today });

    const [aggregates] = await query<{ facts: string; daily: string }>(sql`
      select (select sum(revenue)::text from sales where organisation_id = ${toppedUp}) as facts,
             (select sum(revenue)::text from sales_daily where organisation_id = ${toppedUp}) as daily
    `);
    expect(aggregates?.daily).toBe(aggregates?.facts);
  });

  it('regenerates when the size changes and removes the set for 0 rows', async () => {
    const organisationId = await createOrganisation('Resized Ltd');
    await seedSalesDataSet(database.db, { organisationId, dataSet, rows, today });
    const bigger = await seedSalesDataSet(database.db, { organisationId, dataSet, rows: rows * 2, today });
    expect(bigger.action).toBe('generated');
    const [count] = await query<{ n: string }>(
      sql`select count(*)::text as n from sales where organisation_id = ${organisationId}`,
    );
    expect(Number(count?.n)).toBe(bigger.totalRows);
    expect(bigger.totalRows).toBe(Math.ceil((rows * 2) / salesHistoryDays) * salesHistoryDays);

    const removed = await seedSalesDataSet(database.db, { organisationId, dataSet, rows: 0, today });
    expect(removed).toMatchObject({ action: 'removed', totalRows: 0 });
    const [left] = await query<{ facts: string; daily: string }>(sql`
      select (select count(*)::text from sales where organisation_id = ${organisationId}) as facts,
             (select count(*)::text from sales_daily where organisation_id = ${organisationId}) as daily
    `);
    expect(left).toEqual({ facts: '0', daily: '0' });
  });
});

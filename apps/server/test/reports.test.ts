import {
  apiRoutes,
  pathOf,
  type ReportResponse,
  reportResponseSchema,
  type ReportTable,
} from '@cockpit/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/db/core-tables';
import { reports } from '../src/db/sales-schema';
import { addDays, addYears, utcToday } from '../src/reports';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Reports and dashboards: reports are rows. The demo's sales reports are SQL definitions over the demo
// sales views of the organisation's own uploaded tables (docs/decisions/027-reports-over-own-data.md, "The
// demo is built the same way"), so they read the user's organisation only. Every figure is checked against
// a separate, simple SQL over the FACT table (the views read the daily aggregates), so the definitions'
// SQL and the pre-aggregation are both verified.

const salesRows = 20_000;

describe.each(testDrivers())('GET /api/reports/:name (%s)', (driver) => {
  let t: TestApp;
  let demoGmbhId: string;
  const today = utcToday();
  const yearStart = `${today.slice(0, 4)}-01-01`;
  /** Error log lines: a stored definition that cannot run must say why (decision 024). */
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      salesRows,
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    const [row] = await t.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Demo GmbH'));
    demoGmbhId = row!.id;
  });
  afterAll(() => t?.close());

  const getReport = async (name: string, query = '', email: string = demoUsers.member) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${pathOf(apiRoutes.getReport, { name: name })}${query}`,
      headers: await t.bearer(email),
    });
    return response;
  };
  const report = async (name: string, query = '', email?: string): Promise<ReportResponse> => {
    const response = await getReport(name, query, email);
    expect(response.statusCode, response.body).toBe(200);
    return reportResponseSchema.parse(response.json());
  };

  /** Independent figures: straight from the fact table. */
  const factRows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const factTotals = async (from: string, to: string) => {
    const [row] = await factRows<{ revenue: string; cost: string; quantity: string }>(sql`
      select sum(revenue) as revenue, sum(cost) as cost, sum(quantity) as quantity from sales
      where organisation_id = ${demoGmbhId} and sale_date between ${from}::date and ${to}::date
    `);
    return {
      revenue: Number(row?.revenue ?? 0),
      cost: Number(row?.cost ?? 0),
      quantity: Number(row?.quantity ?? 0),
    };
  };
  const kpiValue = (response: ReportResponse, key: string) =>
    response.data?.kpis.find((kpi) => kpi.key === key)?.value;
  const columnValues = (table: ReportTable | null | undefined, key: string) => {
    const index = table!.columns.findIndex((column) => column.key === key);
    expect(index).toBeGreaterThanOrEqual(0);
    return table!.rows.map((row) => row[index]);
  };
  const sum = (values: unknown[]) => values.reduce<number>((total, value) => total + Number(value ?? 0), 0);
  /** `?values=` of a query report: its parameter values as JSON. */
  const withValues = (values: Record<string, unknown>, extra = '') =>
    `?values=${encodeURIComponent(JSON.stringify(values))}${extra}`;
  const parameterValue = (response: ReportResponse, name: string) =>
    response.parameters?.find((parameter) => parameter.name === name)?.value;

  it('totalviewlayout: KPIs, charts and table equal the sums of the fact table (this year by month)', async () => {
    const response = await report('totalviewlayout');
    expect(response.report).toMatchObject({
      name: 'totalviewlayout',
      title: 'Total View',
      subTitle: 'All key figures at a glance',
      kind: 'query',
      frameUrl: null,
      externalUrl: null,
    });
    expect(parameterValue(response, 'period')).toEqual({ preset: 'this-year' });
    expect(parameterValue(response, 'grouping')).toBe('month');
    expect(
      response.parameters
        ?.find((parameter) => parameter.name === 'grouping')
        ?.options?.map((option) => option.value),
    ).toEqual(['month', 'day', 'week', 'quarter']);

    const expected = await factTotals(yearStart, today);
    expect(expected.quantity).toBeGreaterThan(0);
    expect(kpiValue(response, 'kpis.total_revenue')).toBeCloseTo(expected.revenue, 2);
    expect(kpiValue(response, 'kpis.total_margin')).toBeCloseTo(expected.revenue - expected.cost, 2);
    expect(kpiValue(response, 'kpis.total_margin_pct')).toBeCloseTo(
      (expected.revenue - expected.cost) / expected.revenue,
      6,
    );
    expect(kpiValue(response, 'kpis.total_quantity')).toBe(expected.quantity);

    const trend = response.data!.charts.find((chart) => chart.id === 'trend')!;
    expect(trend.categoryFormat).toBe('month');
    expect(trend.categories[0]).toBe(yearStart);
    const byMonth = await factRows<{ month: string; revenue: string }>(sql`
      select to_char(date_trunc('month', sale_date::timestamp), 'YYYY-MM-DD') as month, sum(revenue) as revenue
      from sales where organisation_id = ${demoGmbhId} and sale_date between ${yearStart}::date and ${today}::date
      group by 1 order by 1
    `);
    expect(trend.categories).toEqual(byMonth.map((row) => row.month));
    const revenueSeries = trend.series.find((series) => series.key === 'period_revenue')!;
    revenueSeries.values.forEach((value, index) =>
      expect(value).toBeCloseTo(Number(byMonth[index]?.revenue), 2),
    );
    expect(trend.series.find((series) => series.key === 'period_quantity')?.axis).toBe(1);

    const byRegion = await factRows<{ region: string; revenue: string }>(sql`
      select r.name_en as region, sum(s.revenue) as revenue from sales s join sales_regions r on r.id = s.region_id
      where s.organisation_id = ${demoGmbhId} and s.sale_date between ${yearStart}::date and ${today}::date
      group by 1 order by 2 desc
    `);
    const regionChart = response.data!.charts.find((chart) => chart.id === 'by_region')!;
    expect(regionChart.categories).toEqual(byRegion.map((row) => row.region));
    regionChart.series[0]!.values.forEach((value, index) =>
      expect(value).toBeCloseTo(Number(byRegion[index]?.revenue), 2),
    );

    const table = response.data!.table!;
    expect(table.columns.map((column) => column.key)).toEqual([
      'period',
      'region',
      'revenue',
      'cost',
      'margin',
      'margin_pct',
      'quantity',
    ]);
    expect(table.columns[0]).toEqual({ key: 'period', label: 'Month', format: 'month' });
    expect(sum(columnValues(table, 'revenue'))).toBeCloseTo(expected.revenue, 1);
    expect(sum(columnValues(table, 'quantity'))).toBe(expected.quantity);
    expect(table.truncated).toBe(false);
  });

  it('takes a custom range and grouping; labels and names follow the language', async () => {
    const from = addDays(today, -60);
    const to = addDays(today, -31);
    const response = await report(
      'totalviewlayout',
      withValues({ period: { from, to }, grouping: 'day' }, '&isoLanguageName=de-AT'),
    );
    expect(parameterValue(response, 'period')).toEqual({ from, to });
    expect(parameterValue(response, 'grouping')).toBe('day');
    expect(response.report.title).toBe('Gesamtübersicht');
    const expected = await factTotals(from, to);
    expect(kpiValue(response, 'kpis.total_revenue')).toBeCloseTo(expected.revenue, 2);
    const table = response.data!.table!;
    expect(table.columns[0]).toEqual({ key: 'period', label: 'Tag', format: 'date' });
    expect(new Set(columnValues(table, 'period'))).toEqual(
      new Set(Array.from({ length: 30 }, (_, index) => addDays(from, index))),
    );
    expect(columnValues(table, 'region')).toContain('Süd');
  });

  it('resolves the presets', async () => {
    const last30 = await report('totalviewlayout', withValues({ period: { preset: 'last-30-days' } }));
    expect(kpiValue(last30, 'kpis.total_revenue')).toBeCloseTo(
      (await factTotals(addDays(today, -29), today)).revenue,
      2,
    );
    expect(new Set(columnValues(last30.data!.table, 'period')).size).toBeLessThanOrEqual(2);
    const lastYear = await report('totalviewlayout', withValues({ period: { preset: 'last-year' } }));
    const year = Number(today.slice(0, 4)) - 1;
    expect(kpiValue(lastYear, 'kpis.total_revenue')).toBeCloseTo(
      (await factTotals(`${year}-01-01`, `${year}-12-31`)).revenue,
      2,
    );
    expect(new Set(columnValues(lastYear.data!.table, 'period'))).toEqual(
      new Set(Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}-01`)),
    );
    const all = await report(
      'totalviewlayout',
      withValues({ period: { preset: 'all' }, grouping: 'quarter' }),
    );
    expect(all.data!.table!.columns[0]).toEqual({ key: 'period', label: 'Quarter', format: 'quarter' });
    expect(columnValues(all.data!.table, 'period')[0]).toBe(
      (
        await factRows<{ quarter: string }>(sql`
        select to_char(date_trunc('quarter', min(sale_date)::timestamp), 'YYYY-MM-DD') as quarter from sales
        where organisation_id = ${demoGmbhId}
      `)
      )[0]?.quarter,
    );
    const expected = await factTotals('2000-01-01', '2100-12-31');
    expect(kpiValue(all, 'kpis.total_revenue')).toBeCloseTo(expected.revenue, 2);
  });

  it('pmxlayout: one pivot cell per category and month equals the fact table', async () => {
    const response = await report('pmxlayout');
    expect(parameterValue(response, 'period')).toEqual({ preset: 'last-12-months' });
    const from = addDays(addYears(today, -1), 1);
    const cells = await factRows<{ month: string; code: string; revenue: string }>(sql`
      select to_char(date_trunc('month', s.sale_date::timestamp), 'YYYY-MM-DD') as month, c.code, sum(s.revenue) as revenue
      from sales s join product_categories c on c.id = s.category_id
      where s.organisation_id = ${demoGmbhId} and s.sale_date between ${from}::date and ${today}::date
      group by 1, 2
    `);
    const table = response.data!.table!;
    expect(table.columns.map((column) => column.key)).toEqual([
      'period',
      'cat_electronics',
      'cat_home',
      'cat_garden',
      'cat_sports',
      'cat_toys',
      'cat_office',
      'total',
    ]);
    expect(table.columns.map((column) => column.label)).toEqual([
      'Month',
      'Electronics',
      'Home & Kitchen',
      'Garden',
      'Sports & Outdoor',
      'Toys',
      'Office',
      'Total',
    ]);
    expect(cells.length).toBeGreaterThan(12);
    for (const cell of cells) {
      const row = table.rows.find((candidate) => candidate[0] === cell.month)!;
      const index = table.columns.findIndex((column) => column.key === `cat_${cell.code}`);
      expect(row[index]).toBeCloseTo(Number(cell.revenue), 2);
    }
    const chart = response.data!.charts[0]!;
    expect(chart.kind).toBe('stacked-bar');
    expect(chart.series).toHaveLength(6);
    expect(kpiValue(response, 'kpis.top_category')).toBe('Electronics');
  });

  it('sales-by-region by store and sales-by-product by product equal the fact table', async () => {
    const stores = await report(
      'sales-by-region',
      withValues({ period: { preset: 'last-year' }, grouping: 'store' }),
    );
    const year = Number(today.slice(0, 4)) - 1;
    const byStore = await factRows<{ store: string; revenue: string; quantity: string }>(sql`
      select st.name as store, sum(s.revenue) as revenue, sum(s.quantity) as quantity
      from sales s join sales_stores st on st.id = s.store_id
      where s.organisation_id = ${demoGmbhId} and s.sale_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date
      group by 1
    `);
    const storeNames = columnValues(stores.data!.table, 'store');
    expect(storeNames).toHaveLength(16);
    for (const row of byStore) {
      const index = storeNames.indexOf(row.store);
      expect(columnValues(stores.data!.table, 'revenue')[index]).toBeCloseTo(Number(row.revenue), 2);
      expect(columnValues(stores.data!.table, 'quantity')[index]).toBe(Number(row.quantity));
    }
    expect(sum(columnValues(stores.data!.table, 'share'))).toBeCloseTo(1, 6);
    const byRegionOnly = await report('sales-by-region', withValues({ period: { preset: 'last-year' } }));
    // Grouped by region the table has no store column and the KPIs name the strongest region.
    expect(byRegionOnly.data!.table!.columns.map((column) => column.key)[0]).toBe('region');
    expect(byRegionOnly.data!.kpis.map((kpi) => kpi.key)).toContain('kpis.top_region');
    expect(stores.data!.kpis.map((kpi) => kpi.key)).toContain('kpis.top_store');

    const products = await report('sales-by-product', withValues({ period: { preset: 'all' } }));
    const byProduct = await factRows<{ product: string; quantity: string; revenue: string }>(sql`
      select p.name_en as product, sum(s.quantity) as quantity, sum(s.revenue) as revenue
      from sales s join products p on p.id = s.product_id
      where s.organisation_id = ${demoGmbhId}
      group by 1 order by 3 desc
    `);
    expect(columnValues(products.data!.table, 'product')).toEqual(byProduct.map((row) => row.product));
    expect(columnValues(products.data!.table, 'quantity')).toEqual(
      byProduct.map((row) => Number(row.quantity)),
    );
    expect(kpiValue(products, 'kpis.top_product')).toBe(byProduct[0]?.product);
    expect(products.data!.charts[0]?.categories).toEqual(byProduct.slice(0, 10).map((row) => row.product));
  });

  it('sales-trend compares with the same months a year earlier', async () => {
    const response = await report('sales-trend', withValues({ period: { preset: 'this-year' } }));
    const current = await factTotals(yearStart, today);
    const prior = await factTotals(addYears(yearStart, -1), addYears(today, -1));
    expect(kpiValue(response, 'kpis.total_revenue')).toBeCloseTo(current.revenue, 2);
    expect(kpiValue(response, 'kpis.total_prior_revenue')).toBeCloseTo(prior.revenue, 2);
    expect(kpiValue(response, 'kpis.total_change_pct')).toBeCloseTo(
      (current.revenue - prior.revenue) / prior.revenue,
      6,
    );
  });

  it('contribution-margin has one row per day, store and category', async () => {
    const response = await report(
      'contribution-margin',
      withValues({ period: { preset: 'all' }, grouping: 'day' }),
    );
    const [groups] = await factRows<{ n: string }>(sql`
      select count(*) as n from (select distinct sale_date, store_id, category_id from sales where organisation_id = ${demoGmbhId}) as g
    `);
    expect(response.data!.table!.totalRows).toBe(Number(groups?.n));
    expect(response.data!.table!.rows).toHaveLength(Number(groups?.n));
    expect(response.data!.table!.truncated).toBe(false);
    const expected = await factTotals('2000-01-01', '2100-12-31');
    expect(sum(columnValues(response.data!.table, 'margin'))).toBeCloseTo(
      expected.revenue - expected.cost,
      0,
    );
  });

  it('embedded and external reports carry their URLs and no data', async () => {
    const embedded = await report('kpi-glossary', '?isoLanguageName=de-DE');
    expect(embedded).toMatchObject({
      report: {
        kind: 'embedded',
        frameUrl: '/embedded/kpi-glossary?lang=de-DE',
        title: 'Kennzahlen-Glossar',
      },
      data: null,
    });
    const page = await t.app.inject({ method: 'GET', url: embedded.report.frameUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('Kennzahlen-Glossar');
    expect(page.body).toContain('Umsatz minus Kosten.');

    const external = await report('market-data-portal');
    expect(external).toMatchObject({
      report: { kind: 'external', externalUrl: 'https://example.com/market-data' },
      data: null,
    });
  });

  it("another organisation's report, an unknown one and a menu item without content are 404", async () => {
    for (const [name, email] of [
      ['totalviewlayout', demoUsers.beispielAdmin],
      ['ba-revenue-overview', demoUsers.member],
      ['no-such-report', demoUsers.member],
      ['balance-sheet', demoUsers.member],
    ] as const) {
      const response = await getReport(name, '', email);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `Report '${name}' is not available` },
      });
    }
    // Beispiel AG's own report runs on Beispiel AG's (small) data set only.
    const own = await report(
      'ba-revenue-overview',
      withValues({ period: { preset: 'all' } }),
      demoUsers.beispielAdmin,
    );
    const [beispiel] = await factRows<{ revenue: string }>(sql`
      select sum(s.revenue) as revenue from sales s join organisations o on o.id = s.organisation_id where o.name = 'Beispiel AG'
    `);
    expect(kpiValue(own, 'kpis.total_revenue')).toBeCloseTo(Number(beispiel?.revenue), 2);
  });

  it.each([
    // The date range and grouping are the definition's parameters, in `values`; the built-in reports'
    // query keys are gone and refused like any unknown one.
    ['?range=this-year', 'range'],
    ['?from=2026-03-01&to=2026-03-31', 'from'],
    ['?grouping=month', 'grouping'],
    [withValues({ grouping: 'region' }), 'grouping'],
    [withValues({ period: { from: '2026-03-01', to: '2026-02-01' } }), 'period'],
    ['?orderBy=revenue', 'orderBy'],
  ])('invalid parameters %s → 400 naming %s', async (query, field) => {
    const response = await getReport('totalviewlayout', query);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.message).toMatch(new RegExp(`['"]${field}['"]`));
  });

  it('a custom range longer than the longest a report accepts → 400 on the server too (not only in the browser)', async () => {
    // maxReportRangeDays (report-dates.ts) bounds the work of one request: 3,661 days are refused, 3,660 run.
    const tooLong = await getReport(
      'totalviewlayout',
      withValues({ period: { from: '2015-12-25', to: '2026-01-01' } }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: "Invalid parameter 'period': Choose at most ten years." },
    });
    // The longest range allowed still runs, and so does the preset `all` (the report's own choice).
    const longest = await getReport(
      'totalviewlayout',
      withValues({ period: { from: '2015-12-26', to: '2026-01-01' } }),
    );
    expect(longest.statusCode, longest.body).toBe(200);
    expect((await getReport('totalviewlayout', withValues({ period: { preset: 'all' } }))).statusCode).toBe(
      200,
    );
  });

  it('a broken stored definition is "not available", never run with guesses', async () => {
    await t.database.db.insert(reports).values([
      {
        organisationId: demoGmbhId,
        name: 'broken-query',
        kind: 'query',
        definitionName: 'drop-table',
        params: {},
      },
      {
        organisationId: demoGmbhId,
        name: 'broken-frame',
        kind: 'embedded',
        frameUrl: 'https://evil.example/page',
      },
    ]);
    for (const name of ['broken-query', 'broken-frame']) {
      expect((await getReport(name)).statusCode, name).toBe(404);
    }
    await t.database.db
      .delete(reports)
      .where(and(eq(reports.organisationId, demoGmbhId), sql`${reports.name} like 'broken-%'`));
  });

  it('a grouping the definition does not offer is refused: product-mix groups by month or quarter only', async () => {
    for (const grouping of ['day', 'week', 'region']) {
      const response = await getReport('pmxlayout', withValues({ grouping }));
      expect(response.statusCode, grouping).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        `Invalid parameter 'grouping': '${grouping}' is not one of its choices`,
      );
    }
    const quarters = await report('pmxlayout', withValues({ grouping: 'quarter' }));
    expect(parameterValue(quarters, 'grouping')).toBe('quarter');
    expect(quarters.data!.table!.columns[0]).toEqual({ key: 'period', label: 'Quarter', format: 'quarter' });
  });

  it("a stored report whose opening values no longer parse opens with the definition's own; one naming a missing definition is 404", async () => {
    // Written behind the catalogue's back, as an older version or an operator might leave it, for the menu
    // item without content: announced like any change.
    const changed = { type: 'catalogue-changed', organisationId: demoGmbhId } as const;
    await t.database.db.insert(reports).values({
      organisationId: demoGmbhId,
      name: 'balance-sheet',
      kind: 'query',
      definitionName: 'sales-trend',
      params: ['not', 'values'],
    });
    await t.app.clusterEvents.announce(changed);
    try {
      const opened = await report('balance-sheet');
      expect(opened.report.kind).toBe('query');
      expect(parameterValue(opened, 'grouping')).toBe('month');
      await t.database.db
        .update(reports)
        .set({ definitionName: 'no-such-definition' })
        .where(and(eq(reports.organisationId, demoGmbhId), eq(reports.name, 'balance-sheet')));
      await t.app.clusterEvents.announce(changed);
      expect((await getReport('balance-sheet')).statusCode).toBe(404);
    } finally {
      await t.database.db
        .delete(reports)
        .where(and(eq(reports.organisationId, demoGmbhId), eq(reports.name, 'balance-sheet')));
      await t.app.clusterEvents.announce(changed);
    }
  });

  it('needs a bearer token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: pathOf(apiRoutes.getReport, { name: 'totalviewlayout' }),
    });
    expect(response.statusCode).toBe(401);
  });
});

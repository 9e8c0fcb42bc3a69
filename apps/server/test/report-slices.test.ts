import { apiRoutes, pathOf, reportResponseSchema, type ReportResponse } from '@cockpit/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/db/core-tables';
import { salesDatasets } from '../src/db/sales-schema';
import { syncCompressionMaxBytes } from '../src/plugins/compression';
import { addDays, SerializedRows, serializeReportResponse } from '../src/reports';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Decision 009, "Report queries": one member's 100,000-row reports must not stall everyone else. A large
// table's rows are serialised as JSON in slices and sent as those bytes (never validated or stringified
// again as a whole), and answers the size of the menu are compressed at once instead of queuing in the
// thread pool behind large ones. The answer stays exactly the contract's.

describe('serializeReportResponse', () => {
  const answer = (rows: SerializedRows | (string | number | null)[][]) => ({
    report: {
      name: 'contribution-margin',
      title: 'Contribution "margin" [[x]]',
      subTitle: null,
      kind: 'query' as const,
      frameUrl: null,
      externalUrl: null,
    },
    data: {
      kpis: [],
      charts: [],
      table: {
        columns: [{ key: 'day', label: 'Day', format: 'date' as const }],
        rows,
        totalRows: 3,
        truncated: false,
      },
    },
  });
  const values = [
    ['2024-01-01', 'Zürich "Nord"', 1.5, null],
    ['2024-01-02', '\\', -0.25, 3],
    ['2024-01-02', 'x', 0, 1e-7],
  ];

  it('gives exactly the bytes JSON.stringify gives for the rows as values, however they were added', () => {
    const serialized = new SerializedRows();
    serialized.addText(JSON.stringify(values.slice(0, 1)).slice(1, -1), 1);
    serialized.addText('', 0);
    serialized.addText(JSON.stringify(values.slice(1)).slice(1, -1), 2);
    expect(serialized.count).toBe(3);
    expect(serialized.values()).toEqual(values);

    const serialize = (payload: unknown) => JSON.stringify(reportResponseSchema.parse(payload));
    const expected = serialize(answer(values));
    expect(Buffer.concat(serializeReportResponse(answer(serialized), serialize)).toString('utf8')).toBe(
      expected,
    );
    expect(Buffer.concat(serializeReportResponse(answer(values), serialize)).toString('utf8')).toBe(expected);
    expect(
      Buffer.concat(serializeReportResponse(answer(new SerializedRows()), serialize)).toString('utf8'),
    ).toBe(serialize(answer([])));
  });

  it('still checks everything but the serialised rows against the response schema', () => {
    const broken = { ...answer(new SerializedRows()), report: { ...answer([]).report, kind: 'spreadsheet' } };
    const serialize = (payload: unknown) => JSON.stringify(reportResponseSchema.parse(payload));
    expect(() => serializeReportResponse(broken as never, serialize)).toThrow();
  });
});

describe.each(testDrivers())('large report tables (%s)', (driver) => {
  let t: TestApp;
  let organisationId: string;
  let lastDay: string;
  /** Table rows of one day at most: one per store and category. */
  let rowsPerDay: number;

  beforeAll(async () => {
    t = await buildTestApp(driver, { salesRows: 5_000 });
    const [row] = await t.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Demo GmbH'));
    organisationId = row!.id;
    const [dataset] = await t.database.db
      .select({ lastDay: salesDatasets.lastDay })
      .from(salesDatasets)
      .where(eq(salesDatasets.organisationId, organisationId));
    lastDay = dataset!.lastDay;
    const [counts] = await rowsOfSql<{ n: string }>(sql`
      select (select count(*) from sales_stores where organisation_id = ${organisationId})
        * (select count(*) from product_categories where organisation_id = ${organisationId}) as n
    `);
    rowsPerDay = Number(counts!.n);
  });
  afterAll(() => t?.close());

  const rowsOfSql = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('answers over HTTP exactly the rows of the daily table, with names, margin and margin %', async () => {
    const from = addDays(lastDay, -20);
    const response = await t.app.inject({
      method: 'GET',
      // The demo's report is a SQL definition (decision 027): its period and grouping are parameter values.
      url: `${pathOf(apiRoutes.getReport, { name: 'contribution-margin' })}?values=${encodeURIComponent(
        JSON.stringify({ period: { from, to: lastDay }, grouping: 'day' }),
      )}`,
      headers: await t.bearer(demoUsers.member),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const answer: ReportResponse = reportResponseSchema.parse(response.json());
    const expected = await rowsOfSql<{
      day: string;
      region: string;
      store: string;
      category: string;
      revenue: string;
      cost: string;
      quantity: string;
    }>(sql`
      select to_char(d.sale_date, 'YYYY-MM-DD') as day, r.name_en as region, s.name as store,
        c.name_en as category, d.revenue, d.cost, d.quantity
      from sales_daily d
        join sales_stores s on s.id = d.store_id
        join sales_regions r on r.id = s.region_id
        join product_categories c on c.id = d.category_id
      where d.organisation_id = ${organisationId} and d.sale_date between ${from}::date and ${lastDay}::date
      order by d.sale_date, s.name, c.name_en
    `);
    expect(expected.length).toBeGreaterThan(rowsPerDay);
    expect(answer.data!.table!.totalRows).toBe(expected.length);
    const rows = answer.data!.table!.rows;
    expect(rows).toHaveLength(expected.length);
    // Margin % is computed by the database, its last binary digit may differ from JavaScript's division.
    const roundedPct = (table: (string | number | null)[][]) =>
      table.map((row) =>
        row.map((cell, index) => (index === 8 && typeof cell === 'number' ? Number(cell.toFixed(12)) : cell)),
      );
    const money = (value: string) => Math.round(Number(value) * 100) / 100;
    expect(roundedPct(rows)).toEqual(
      roundedPct(
        expected.map((row) => {
          const sums = { revenue: money(row.revenue), cost: money(row.cost), quantity: Number(row.quantity) };
          return [
            row.day,
            row.region,
            row.store,
            row.category,
            sums.quantity,
            sums.revenue,
            sums.cost,
            Math.round((sums.revenue - sums.cost) * 100) / 100,
            sums.revenue === 0 ? null : (sums.revenue - sums.cost) / sums.revenue,
          ];
        }),
      ),
    );
  });

  it('compresses an answer the size of the menu at once, not in the thread pool behind large ones', async () => {
    const url = apiRoutes.getMenu.path;
    const headers = await t.bearer(demoUsers.admin);
    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    // Larger than the library's default for two cores (8 KB), so the default would stream it.
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(plain.rawPayload.length).toBeLessThanOrEqual(syncCompressionMaxBytes);
    const brotli = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    // Compressed in one call: its length is known up front (a stream is sent in chunks, without one).
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
  });
});

import { apiRoutes, pathOf, reportResponseSchema, type ReportResponse } from '@cockpit/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { organisations } from '../src/db/schema';
import { syncCompressionMaxBytes } from '../src/plugins/compression';
import { addDays } from '../src/reporting/calendar';
import { marginDetailQuery } from '../src/reporting/queries/margin-detail';
import { marginOf, marginPctOf, periodSlices, totalsOf } from '../src/reporting/queries/query-helpers';
import {
  type ReportQueryInput,
  SerializedRows,
  allReportParts,
  withRowValues,
} from '../src/reporting/queries/query-types';
import { serializeReportResponse } from '../src/reporting/report-answer';
import { salesDataRange } from '../src/reporting/sales-data-range';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Decision 009, "Report queries": one member's 100,000-row reports must not stall everyone else. The
// contribution-margin table is read in slices with the event loop free in between, its rows are written
// as JSON while they are read and sent as those bytes (never validated or stringified again as a whole),
// and answers the size of the menu are compressed at once instead of queuing in the thread pool behind
// large ones. The answer stays exactly the contract's.

describe('periodSlices', () => {
  const covers = (slices: Array<{ from: string; to: string }>, from: string, to: string) => {
    expect(slices[0]?.from).toBe(from);
    expect(slices.at(-1)?.to).toBe(to);
    for (const [index, slice] of slices.entries()) {
      expect(slice.from <= slice.to).toBe(true);
      if (index > 0) expect(slice.from).toBe(addDays(slices[index - 1]!.to, 1));
    }
  };

  it('cuts a range by day into slices of the given days that together cover it', () => {
    const slices = periodSlices('2024-01-01', '2024-01-10', 'day', 3);
    expect(slices).toEqual([
      { from: '2024-01-01', to: '2024-01-03' },
      { from: '2024-01-04', to: '2024-01-06' },
      { from: '2024-01-07', to: '2024-01-09' },
      { from: '2024-01-10', to: '2024-01-10' },
    ]);
  });

  it('starts every slice after the first on a Monday, a month or a quarter: no period is split', () => {
    // 2024-01-03 is a Wednesday.
    const weeks = periodSlices('2024-01-03', '2024-03-01', 'week', 10);
    covers(weeks, '2024-01-03', '2024-03-01');
    for (const slice of weeks.slice(1)) expect(new Date(`${slice.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.slice(0, 2)).toEqual([
      { from: '2024-01-03', to: '2024-01-07' },
      { from: '2024-01-08', to: '2024-01-14' },
    ]);

    const months = periodSlices('2024-01-17', '2024-12-05', 'month', 40);
    covers(months, '2024-01-17', '2024-12-05');
    for (const slice of months.slice(1)) expect(slice.from.endsWith('-01')).toBe(true);

    const quarters = periodSlices('2023-11-20', '2025-02-02', 'quarter', 1);
    covers(quarters, '2023-11-20', '2025-02-02');
    expect(quarters.map((slice) => slice.from)).toEqual([
      '2023-11-20',
      '2024-01-01',
      '2024-04-01',
      '2024-07-01',
      '2024-10-01',
      '2025-01-01',
    ]);
  });

  it('has no slice for an empty range and at least one period per slice', () => {
    expect(periodSlices('2024-02-01', '2024-01-01', 'day', 5)).toEqual([]);
    expect(periodSlices('2024-01-01', '2024-01-03', 'day', 0)).toHaveLength(3);
    expect(periodSlices('2024-01-01', '2024-01-21', 'week', 0.5)).toHaveLength(3);
  });
});

describe('serializeReportResponse', () => {
  const answer = (rows: SerializedRows | (string | number | null)[][]) => ({
    report: {
      name: 'contribution-margin',
      title: 'Contribution "margin" [[x]]',
      subTitle: null,
      kind: 'builtin' as const,
      groupings: ['day' as const],
      frameUrl: null,
      externalUrl: null,
      dataRange: { from: '2024-01-01', to: '2024-12-31' },
    },
    params: { range: null, from: '2024-01-01', to: '2024-01-02', grouping: 'day' as const },
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
    serialized.add(values.slice(0, 1));
    serialized.add([]);
    serialized.addSerialized(values.slice(1, 2).map((row) => JSON.stringify(row)));
    serialized.addText(JSON.stringify(values.slice(2)).slice(1, -1), 1);
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
    const broken = { ...answer(new SerializedRows()), params: { from: 'yesterday' } };
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
    lastDay = (await salesDataRange(t.database.db, organisationId))!.to;
    const [counts] = await rowsOfSql<{ n: string }>(sql`
      select (select count(*) from sales_stores where organisation_id = ${organisationId})
        * (select count(*) from product_categories where organisation_id = ${organisationId}) as n
    `);
    rowsPerDay = Number(counts!.n);
  });
  afterAll(() => t?.close());

  const rowsOfSql = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The database, counting the queries run on it. */
  const counting = (db: Database) => {
    const counter = { queries: 0 };
    const proxy = new Proxy(db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          counter.queries += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    return { db: proxy, counter };
  };

  const input = (overrides: Partial<ReportQueryInput>): ReportQueryInput => ({
    db: t.database.db,
    organisationId,
    language: 'en',
    from: addDays(lastDay, -59),
    to: lastDay,
    grouping: 'day',
    parts: allReportParts,
    rowLimit: 100_000,
    ...overrides,
  });

  it('reads the contribution margin in slices: the same answer as at once, every row counted', async () => {
    for (const grouping of ['day', 'week', 'month'] as const) {
      for (const rowLimit of [100_000, rowsPerDay * 7 + 5]) {
        const { db, counter } = counting(t.database.db);
        const sliced = await marginDetailQuery.run(
          input({ db, grouping, rowLimit, sliceRows: rowsPerDay * 3 }),
        );
        const atOnce = await marginDetailQuery.run(input({ grouping, rowLimit, sliceRows: 1e9 }));
        expect(withRowValues(sliced)).toEqual(withRowValues(atOnce));
        // 60 days in slices of 3 days (by day), or of whole weeks and months.
        expect(counter.queries).toBeGreaterThanOrEqual(grouping === 'day' ? 20 : 3);
        const table = withRowValues(sliced).table!;
        expect(table.rows.length).toBe(Math.min(rowLimit, table.totalRows));
        expect(table.truncated).toBe(table.totalRows > rowLimit);
      }
    }
  });

  it('lets other requests run between its slices: the event loop turns, another query is answered first', async () => {
    let turns = 0;
    let running = true;
    const turn = () => {
      turns += 1;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const order: string[] = [];
    const report = marginDetailQuery
      .run(input({ sliceRows: rowsPerDay * 2 }))
      .then(() => void order.push('report'));
    // Another request's query, once the report has begun.
    await new Promise((resolve) => setImmediate(resolve));
    await t.database.db.execute(sql`select 1`);
    order.push('other request');
    await report;
    running = false;
    expect(order).toEqual(['other request', 'report']);
    // 60 days in slices of 2 days: at least one turn of the event loop per slice.
    expect(turns).toBeGreaterThanOrEqual(30);
  });

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
      table.map((row) => row.map((cell, index) => (index === 8 && typeof cell === 'number' ? Number(cell.toFixed(12)) : cell)));
    expect(roundedPct(rows)).toEqual(
      roundedPct(expected.map((row) => {
        const sums = totalsOf(row);
        return [
          row.day,
          row.region,
          row.store,
          row.category,
          sums.quantity,
          sums.revenue,
          sums.cost,
          marginOf(sums),
          marginPctOf(sums),
        ];
      })),
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

import type { ParameterValues, ReportData, ReportGrouping, ReportQueryKey, UiLanguageName } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, user } from '../src/db/schema';
import { addDays, utcToday } from '../src/reporting/calendar';
import { reportQueries } from '../src/reporting/queries/report-queries';
import { allReportParts, withRowValues } from '../src/reporting/queries/query-types';
import { presetRange } from '../src/reporting/report-settings';
import { salesDataRange } from '../src/reporting/sales-data-range';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// The demo is built the same way as a customer's reports (docs/decisions/027-reports-over-own-data.md,
// "The demo is built the same way"): each of the six reviewed report queries is written as a SQL
// definition in the demo catalogues, over the demo sales data set exposed as the organisation's uploaded
// tables. Here every definition runs beside the query it replaces, for several ranges, every grouping
// and both languages, and must answer the same figures, names, labels and formats.

const salesRows = 20_000;

type Case = { query: ReportQueryKey; groupings: ReportGrouping[] };
const cases: Case[] = [
  { query: 'sales-overview', groupings: ['month', 'day', 'week', 'quarter'] },
  { query: 'region-performance', groupings: ['region', 'store'] },
  { query: 'product-ranking', groupings: ['product', 'category'] },
  { query: 'product-mix', groupings: ['month', 'quarter'] },
  { query: 'sales-trend', groupings: ['month', 'week'] },
  { query: 'margin-detail', groupings: ['day', 'week', 'month'] },
];

const languages: UiLanguageName[] = ['en', 'de-AT'];

/** Numbers equal to a millionth (the queries round money to cents in JavaScript, SQL sums exactly). */
function expectSameCell(actual: unknown, expected: unknown, where: string) {
  expect(expected, where).not.toBeUndefined();
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), `${where}: ${actual} vs ${expected}`).toBeLessThan(1e-6);
  } else {
    expect(actual, where).toEqual(expected);
  }
}

/** Table rows in one order: the queries sort names in the reader's language, the definitions by code. */
const sortedRows = (rows: readonly (readonly unknown[])[]) =>
  [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));

function expectSameData(actual: ReportData, expected: ReportData, where: string, options: { chartTitles?: boolean } = {}) {
  expect(actual.kpis.map(({ label, format }) => ({ label, format })), `${where} KPIs`).toEqual(
    expected.kpis.map(({ label, format }) => ({ label, format })),
  );
  actual.kpis.forEach((kpi, index) => expectSameCell(kpi.value, expected.kpis[index]?.value, `${where} KPI ${kpi.label}`));

  expect(actual.charts).toHaveLength(expected.charts.length);
  actual.charts.forEach((chart, index) => {
    const other = expected.charts[index]!;
    const at = `${where} chart ${other.id}`;
    if (options.chartTitles ?? true) expect(chart.title, at).toBe(other.title);
    expect({ kind: chart.kind, categoryFormat: chart.categoryFormat, categories: chart.categories }, at).toEqual({
      kind: other.kind,
      categoryFormat: other.categoryFormat,
      categories: other.categories,
    });
    expect(chart.series.map(({ label, format, axis }) => ({ label, format, axis })), at).toEqual(
      other.series.map(({ label, format, axis }) => ({ label, format, axis })),
    );
    chart.series.forEach((series, seriesIndex) =>
      series.values.forEach((value, valueIndex) =>
        expectSameCell(value, other.series[seriesIndex]?.values[valueIndex], `${at} ${series.label}[${valueIndex}]`),
      ),
    );
  });

  const table = actual.table!;
  const otherTable = expected.table!;
  expect(table.columns.map(({ label, format }) => ({ label, format })), `${where} columns`).toEqual(
    otherTable.columns.map(({ label, format }) => ({ label, format })),
  );
  expect(table.rows.length, `${where} rows`).toBe(otherTable.rows.length);
  expect(table.rows.length, `${where} rows`).toBeGreaterThan(0);
  const rows = sortedRows(table.rows);
  const otherRows = sortedRows(otherTable.rows);
  rows.forEach((row, rowIndex) =>
    row.forEach((cell, cellIndex) => expectSameCell(cell, otherRows[rowIndex]?.[cellIndex], `${where} row ${rowIndex} cell ${cellIndex}`)),
  );
}

describe.each(testDrivers())('the demo SQL definitions answer what the reviewed queries answered (%s)', (driver) => {
  let t: TestApp;
  const today = utcToday();
  const organisationsByName = new Map<string, string>();
  const readers = new Map<string, { id: string; organisationId: string; email: string }>();

  beforeAll(async () => {
    t = await buildTestApp(driver, { salesRows });
    for (const [name, email] of [
      ['Demo GmbH', demoUsers.member],
      ['Beispiel AG', demoUsers.beispielAdmin],
    ] as const) {
      const [organisation] = await t.database.db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.name, name));
      const [reader] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      organisationsByName.set(name, organisation!.id);
      readers.set(name, { id: reader!.id, organisationId: organisation!.id, email });
    }
  }, 240_000);
  afterAll(() => t?.close());

  async function definitionData(organisation: string, name: string, values: ParameterValues, language: UiLanguageName, visuals?: string[]) {
    const reader = readers.get(organisation)!;
    const stored = (await t.app.catalogue.snapshot(reader.organisationId)).definitions.get(name);
    expect(stored, `${organisation} has the definition ${name}`).toBeDefined();
    const answer = await t.app.definitions.run({
      reader,
      stored: stored!,
      values,
      language,
      purpose: 'report',
      target: name,
      ...(visuals ? { visuals } : {}),
    });
    return answer.data;
  }

  async function queryData(organisation: string, query: ReportQueryKey, from: string, to: string, grouping: ReportGrouping, language: UiLanguageName) {
    return withRowValues(
      await reportQueries[query].run({
        db: t.database.db,
        organisationId: organisationsByName.get(organisation)!,
        language,
        from,
        to,
        grouping,
        parts: allReportParts,
        rowLimit: 100_000,
      }),
    );
  }

  const ranges = () => [
    { label: 'this year', values: { preset: 'this-year' } as const, dates: presetRange('this-year', today, null) },
    { label: 'last 12 months', values: { preset: 'last-12-months' } as const, dates: presetRange('last-12-months', today, null) },
    { label: 'a custom range', values: { from: addDays(today, -400), to: addDays(today, -250) }, dates: { from: addDays(today, -400), to: addDays(today, -250) } },
  ];

  for (const { query, groupings } of cases) {
    it(`${query}: every grouping, three ranges and both languages (Demo GmbH)`, async () => {
      for (const range of ranges()) {
        for (const grouping of groupings) {
          for (const language of languages) {
            const where = `${query} ${range.label} by ${grouping} in ${language}`;
            const expected = await queryData('Demo GmbH', query, range.dates.from, range.dates.to, grouping, language);
            const actual = await definitionData('Demo GmbH', query, { period: range.values, grouping }, language);
            expectSameData(actual, expected, where, { chartTitles: query !== 'product-ranking' });
          }
        }
      }
    }, 240_000);
  }

  it("the preset 'all' covers the whole data set, the sales trend's comparison included", async () => {
    const all = (await salesDataRange(t.database.db, organisationsByName.get('Demo GmbH')!))!;
    for (const { query, groupings } of cases.filter((candidate) => candidate.query !== 'margin-detail')) {
      const grouping = groupings[groupings.length - 1]!;
      const expected = await queryData('Demo GmbH', query, all.from, all.to, grouping, 'en');
      const actual = await definitionData('Demo GmbH', query, { period: { preset: 'all' }, grouping }, 'en');
      expectSameData(actual, expected, `${query} all by ${grouping}`, { chartTitles: query !== 'product-ranking' });
    }
  }, 240_000);

  it("Beispiel AG's definitions read Beispiel AG's rows only", async () => {
    for (const { query, groupings } of cases) {
      const grouping = groupings[0]!;
      const expected = await queryData('Beispiel AG', query, `${today.slice(0, 4)}-01-01`, today, grouping, 'de-DE');
      const actual = await definitionData('Beispiel AG', query, { period: { preset: 'this-year' }, grouping }, 'de-DE');
      expectSameData(actual, expected, `Beispiel AG ${query}`, { chartTitles: query !== 'product-ranking' });
    }
  }, 240_000);

  it('the dashboard tiles’ definitions show the figures of the tiles they replace', async () => {
    for (const language of languages) {
      for (const preset of ['this-year', 'last-30-days', 'last-year'] as const) {
        const { from, to } = presetRange(preset, today, null);
        const period = { preset };
        const overview = await queryData('Demo GmbH', 'sales-overview', from, to, 'month', language);
        const trend = await queryData('Demo GmbH', 'sales-trend', from, to, 'month', language);
        const products = await queryData('Demo GmbH', 'product-ranking', from, to, 'product', language);
        const categories = await queryData('Demo GmbH', 'product-ranking', from, to, 'category', language);
        const figures = await definitionData('Demo GmbH', 'sales-figures', { period }, language);
        const value = (data: ReportData, label: string) => data.kpis.find((kpi) => kpi.key === label)?.value;
        const where = `sales-figures ${preset} ${language}`;
        expectSameCell(value(figures, 'revenue.revenue'), value(overview, 'revenue'), `${where} revenue`);
        expectSameCell(value(figures, 'margin.margin'), value(overview, 'margin'), `${where} margin`);
        expectSameCell(value(figures, 'margin_pct.margin_pct'), value(overview, 'marginPct'), `${where} margin %`);
        expectSameCell(value(figures, 'quantity.quantity'), value(overview, 'quantity'), `${where} units`);
        expectSameCell(value(figures, 'vs_last_year.prior_revenue'), value(trend, 'priorRevenue'), `${where} last year`);
        expectSameCell(value(figures, 'vs_last_year.change_pct'), value(trend, 'changePct'), `${where} change %`);
        expect(value(figures, 'top_product.top_product'), where).toBe(value(products, 'topProduct'));
        expect(value(figures, 'top_category.top_category'), where).toBe(value(categories, 'topCategory'));
        expect(figures.kpis.find((kpi) => kpi.key === 'revenue.revenue')?.label).toBe(overview.kpis[0]?.label);

        // The tiles' charts: per period (a series of the overview's trend) and rankings by region, store, category.
        for (const grouping of ['month', 'week'] as const) {
          const byPeriod = await queryData('Demo GmbH', 'sales-overview', from, to, grouping, language);
          const chart = (await definitionData('Demo GmbH', 'sales-per-period', { period, grouping }, language, ['revenue_margin'])).charts[0]!;
          const trendChart = byPeriod.charts.find((candidate) => candidate.id === 'trend')!;
          expect(chart.categories, where).toEqual(trendChart.categories);
          expect(chart.categoryFormat).toBe(trendChart.categoryFormat);
          chart.series.forEach((series, index) =>
            series.values.forEach((cell, position) =>
              expectSameCell(cell, trendChart.series[index]?.values[position], `${where} per ${grouping}`),
            ),
          );
        }
        const rankings: [string, ReportData['charts'][number], string][] = [
          ['region', overview.charts.find((candidate) => candidate.id === 'by-region')!, 'revenue'],
          ['store', (await queryData('Demo GmbH', 'region-performance', from, to, 'store', language)).charts[0]!, 'revenue'],
          ['category', categories.charts[0]!, 'units'],
        ];
        for (const [dimension, expected, visual] of rankings) {
          const chart = (await definitionData('Demo GmbH', 'sales-ranking', { period, dimension }, language, [visual])).charts[0]!;
          const series = expected.series.find((candidate) => candidate.key === (visual === 'units' ? 'quantity' : 'revenue'))!;
          expect(chart.categories, `${where} by ${dimension}`).toEqual(expected.categories);
          expect(chart.series[0]?.label).toBe(series.label);
          chart.series[0]!.values.forEach((cell, position) =>
            expectSameCell(cell, series.values[position], `${where} by ${dimension}`),
          );
        }
      }
    }
  }, 240_000);
});

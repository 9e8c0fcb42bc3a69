import {
  type DefinitionVisual,
  type ParameterValues,
  type VisualInput,
  visualiseResult,
} from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import {
  type RunRequestOf,
  type RunResult,
  type RunnableSource,
  createDefinitionRunner,
  previousPeriodOf,
} from '../src/reports';

// KPIs that fold all rows and compare, charts split by a column, pies and bars with lines
// (docs/decisions/047-kpi-aggregation-and-split-charts.md).

const sales: VisualInput = {
  columns: [
    { name: 'month', type: 'date' },
    { name: 'region', type: 'text' },
    { name: 'revenue', type: 'numeric' },
    { name: 'target', type: 'numeric' },
  ],
  rows: [
    ['2026-01-01', 'North', '100', 90],
    ['2026-01-01', 'South', 50, 60],
    ['2026-02-01', 'North', 120, 90],
    ['2026-02-01', 'South', null, 60],
    ['2026-02-01', null, 10, null],
  ],
  cutAtRows: null,
};

const kpisOf = async (
  items: Extract<DefinitionVisual, { type: 'kpi' }>['items'],
  options: { previousPeriods?: Record<string, VisualInput> } = {},
  result: VisualInput = sales,
) =>
  (
    await visualiseResult({ columns: [], visuals: [{ type: 'kpi', id: 'k', items }] }, result, {
      language: 'en',
      ...options,
    })
  ).kpis;

const chartOf = async (
  visual: Omit<Extract<DefinitionVisual, { type: 'chart' }>, 'type' | 'id'>,
  result = sales,
) =>
  (
    await visualiseResult({ columns: [], visuals: [{ type: 'chart', id: 'c', ...visual }] }, result, {
      language: 'de-DE',
    })
  ).charts[0]!;

describe('KPI aggregation', () => {
  it('folds all rows as chosen, and without a choice keeps the first row (what a KPI always was)', async () => {
    const kpis = await kpisOf([
      { column: 'revenue' },
      { column: 'revenue', aggregate: 'sum' },
      { column: 'revenue', aggregate: 'average' },
      { column: 'revenue', aggregate: 'min' },
      { column: 'revenue', aggregate: 'max' },
      { column: 'region', aggregate: 'count' },
      { column: 'revenue', aggregate: 'last' },
    ]);
    expect(kpis.map((kpi) => kpi.value)).toEqual([100, 280, 70, 10, 120, 4, 10]);
    // A count is a whole number whatever it counts.
    expect(kpis[5]!.format).toBe('integer');
  });

  it('is empty over no rows, and count is zero', async () => {
    const empty = { ...sales, rows: [] };
    const kpis = await kpisOf(
      [
        { column: 'revenue', aggregate: 'sum' },
        { column: 'revenue', aggregate: 'count' },
        { column: 'revenue' },
      ],
      {},
      empty,
    );
    expect(kpis.map((kpi) => kpi.value)).toEqual([null, 0, null]);
  });

  it('compares with a second column folded the same way', async () => {
    const [kpi] = await kpisOf([
      { column: 'revenue', aggregate: 'sum', compareTo: 'target', lowerIsBetter: true },
    ]);
    expect(kpi!.comparison).toEqual({ label: 'target', value: 300, lowerIsBetter: true });
  });

  it("compares with the previous period's result, and has no value without one (the editor's preview)", async () => {
    const previous: VisualInput = { ...sales, rows: [['2025-12-01', 'North', 200, 0]] };
    const [withPrevious] = await kpisOf(
      [{ column: 'revenue', aggregate: 'sum', comparePreviousPeriod: 'period' }],
      {
        previousPeriods: { period: previous },
      },
    );
    expect(withPrevious!.value).toBe(280);
    expect(withPrevious!.comparison).toEqual({ label: 'Previous period', value: 200 });
    const [without] = await kpisOf([
      { column: 'revenue', aggregate: 'sum', comparePreviousPeriod: 'period' },
    ]);
    expect(without!.comparison).toEqual({ label: 'Previous period', value: null });
  });
});

describe('split charts', () => {
  it('pivots long rows into one series per value, summing duplicates, empty where no row has a value', async () => {
    const chart = await chartOf({
      kind: 'bar',
      x: 'month',
      series: ['revenue'],
      splitBy: 'region',
      stacked: true,
    });
    expect(chart.kind).toBe('stacked-bar');
    expect(chart.categories).toEqual(['2026-01-01', '2026-02-01']);
    expect(chart.series.map((series) => [series.label, series.values])).toEqual([
      ['North', [100, 120]],
      ['South', [50, null]],
      ['(leer)', [null, 10]],
    ]);
  });

  it('keeps the largest series in their order and sums the rest into "Other"', async () => {
    const rows: unknown[][] = Array.from({ length: 12 }, (_, at) => ['2026-01-01', `R${at}`, at + 1, 0]);
    rows.push(['2026-02-01', 'R0', 3, 0], ['2026-02-01', 'R1', null, 0]);
    const chart = await chartOf(
      { kind: 'line', x: 'month', series: ['revenue'], splitBy: 'region', stacked: false },
      { ...sales, rows },
    );
    expect(chart.series).toHaveLength(8);
    // R5…R11 are the seven largest, in row order; R0…R4 (1+3, 2, 3, 4, 5) are "Other".
    expect(chart.series.map((series) => series.label)).toEqual([
      'R5',
      'R6',
      'R7',
      'R8',
      'R9',
      'R10',
      'R11',
      'Sonstige',
    ]);
    expect(chart.series[7]!.values).toEqual([15, 3]);
    expect(chart.series[0]!.values).toEqual([6, null]);
  });

  it('refuses a split column the result does not have', async () => {
    await expect(
      chartOf({ kind: 'bar', x: 'month', series: ['revenue'], splitBy: 'store', stacked: false }),
    ).rejects.toThrow(/no column 'store'/);
  });
});

describe('pies and combined charts', () => {
  it('draws a pie of the largest slices with the rest as "Other"', async () => {
    const rows = Array.from({ length: 10 }, (_, at) => ['2026-01-01', `R${at}`, 10 - at, 0]);
    const chart = await chartOf(
      { kind: 'donut', x: 'region', series: ['revenue'], stacked: false },
      { ...sales, rows },
    );
    expect(chart.kind).toBe('donut');
    expect(chart.categories).toEqual(['R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'Sonstige']);
    expect(chart.series[0]!.values).toEqual([10, 9, 8, 7, 6, 5, 4, 3 + 2 + 1]);
  });

  it('gives each series of a combined chart its shape', async () => {
    const chart = await chartOf({
      kind: 'combined',
      x: 'month',
      series: ['revenue', 'target'],
      lines: ['target'],
      secondAxis: ['target'],
      stacked: false,
    });
    expect(chart.series.map((series) => [series.key, series.shape, series.axis])).toEqual([
      ['revenue', 'bar', 0],
      ['target', 'line', 1],
    ]);
  });
});

describe('the previous period', () => {
  it('is as long as the range and ends the day before it; presets count from today; "all" has none', () => {
    expect(previousPeriodOf({ from: '2026-03-01', to: '2026-03-31' }, '2026-06-15')).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(previousPeriodOf({ preset: 'last-30-days' }, '2026-06-30')).toEqual({
      from: '2026-05-02',
      to: '2026-05-31',
    });
    expect(previousPeriodOf({ preset: 'all' }, '2026-06-30')).toBeNull();
    expect(previousPeriodOf(null, '2026-06-30')).toBeNull();
  });

  it('is run through the same path for the same reader, with only the range shifted', async () => {
    const requests: RunRequestOf<RunnableSource>[] = [];
    const source: RunnableSource = {
      id: 's',
      organisationId: 'o',
      name: 'shop',
      kind: 'postgres',
      version: 1,
      connection: {},
      password: null,
    };
    const runner = createDefinitionRunner({
      run: (request) => {
        requests.push(request);
        const range = request.values.period as { from: string };
        const total = range.from === '2026-03-01' ? 300 : 200;
        return Promise.resolve<RunResult>({
          columns: [{ name: 'revenue', kind: 'number', type: 'numeric' }],
          rows: [[total / 2], [total / 2]],
          cutAtRows: null,
          dataAsOf: new Date(),
          fromCache: false,
        });
      },
      loadSource: () => Promise.resolve(source),
      userAttributes: () => Promise.resolve({ region: ['North'] }),
    });
    const values: ParameterValues = { period: { from: '2026-03-01', to: '2026-03-31' }, region: 'North' };
    const output = await runner.run({
      reader: { id: 'u', organisationId: 'o', email: 'reader@example.com' },
      stored: {
        name: 'sales',
        version: 1,
        dataSourceId: 's',
        body: {
          sql: 'select revenue from sales where day between {{period.from}} and {{period.to}} and region = {{region}}',
          parameters: [
            { name: 'period', type: 'date-range', label: { en: 'Period' } },
            { name: 'region', type: 'text', label: { en: 'Region' } },
          ],
          visuals: [
            {
              type: 'kpi',
              id: 'k',
              items: [{ column: 'revenue', aggregate: 'sum', comparePreviousPeriod: 'period' }],
            },
          ],
        },
      },
      values,
      language: 'en',
      purpose: 'report',
    });
    expect(output.data.kpis[0]).toMatchObject({ value: 300, comparison: { value: 200 } });
    // The editor's preview draws the comparison from the previous period's rows, which come along.
    expect(output.previousPeriods.period?.rows).toEqual([[100], [100]]);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.values).toEqual({
      period: { from: '2026-01-29', to: '2026-02-28' },
      region: 'North',
    });
    expect(requests[1]!.user).toEqual(requests[0]!.user);
    expect(requests[1]!.purpose).toBe('report');
  });
});

import { describe, expect, it } from 'vitest';
import type { ReportChart } from '@cockpit/contracts';
import { createValueFormatter } from '../../lib/value-format';
import { buildOption } from './echarts-chart';

// The chart's labels follow the culture like the rest of the report (decision 030).

const formatter = createValueFormatter({
  culture: 'de-AT',
  currencySymbol: '€',
  weekLabel: (week, year) => `KW ${week} ${year}`,
  quarterLabel: (quarter, year) => `Q${quarter} ${year}`,
});

const chart: ReportChart = {
  id: 'trend',
  title: 'Trend',
  kind: 'bar',
  categoryFormat: 'month',
  categories: ['2026-01-01', '2026-02-01'],
  series: [
    { key: 'revenue', label: 'Umsatz', format: 'currency', values: [1200.5, null], axis: 0 },
    { key: 'quantity', label: 'Stück', format: 'integer', values: [12, 13], axis: 1 },
  ],
};

type Formatter = (value: unknown) => string;

/**
 * What these tests read of an option. echarts takes an axis as one object or as a list; each test knows
 * which it built, so an axis is typed as both.
 */
type Axis = { type?: string; data?: unknown; axisLabel: { formatter: Formatter; hideOverlap?: boolean } };
type Series = { type: string; yAxisIndex: number; tooltip: { valueFormatter: Formatter } };
type OptionView = { xAxis: Axis & Axis[]; yAxis: Axis & Axis[]; series: Series[] };
const optionOf = (...args: Parameters<typeof buildOption>) => buildOption(...args) as unknown as OptionView;

describe('buildOption', () => {
  it('formats categories, axes and tooltips in the culture; a second-axis series is a line', () => {
    const option = optionOf(chart, formatter);
    expect(option.xAxis.axisLabel.formatter('2026-01-01')).toBe('Jän. 2026');
    expect(option.yAxis).toHaveLength(2);
    expect(option.yAxis[0]!.axisLabel.formatter(1_500_000).replace(/\u00a0/g, ' ')).toBe('1,5 Mio.');
    expect(option.series.map((series) => [series.type, series.yAxisIndex])).toEqual([
      ['bar', 0],
      ['line', 1],
    ]);
    const tooltip = option.series[0]!.tooltip.valueFormatter;
    expect(tooltip(1200.5).replace(/\u00a0/g, ' ')).toBe('€ 1.200,50');
    expect(tooltip(null)).toBe('–');
  });

  it('uses one axis when every series sits on the second one, and stacks stacked bars', () => {
    const unitsOnly = optionOf({ ...chart, kind: 'stacked-bar', series: [chart.series[1]!] }, formatter);
    expect(unitsOnly.yAxis).toHaveLength(1);
    expect(unitsOnly.series[0]).toMatchObject({ type: 'bar', yAxisIndex: 0, stack: 'total' });
  });

  it('keeps every category label of a bar chart: wrapped under the bars, or beside horizontal bars when narrow', () => {
    const regions = {
      ...chart,
      kind: 'bar' as const,
      categoryFormat: 'text' as const,
      categories: ['North', 'South', 'East', 'West', 'Central', 'Overseas'],
      series: [chart.series[0]!],
    };
    const wide = optionOf(regions, formatter, 1000);
    expect(wide.xAxis.type).toBe('category');
    expect(wide.xAxis.axisLabel).toMatchObject({ interval: 0, overflow: 'break' });
    expect(wide.xAxis.axisLabel.hideOverlap).toBeUndefined();

    const narrow = optionOf(regions, formatter, 320);
    expect(narrow.yAxis).toMatchObject({ type: 'category', inverse: true, axisLabel: { interval: 0 } });
    expect(narrow.yAxis.data).toEqual(regions.categories);
    expect(narrow.xAxis[0]?.type).toBe('value');
  });
});

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

type TooltipFormatter = (items: unknown) => string;

describe('buildOption: tooltips, pies and combined charts (decision 047)', () => {
  it('writes the tooltip heading as the axis does and each value in its format, escaped', () => {
    const option = buildOption(chart, formatter) as unknown as { tooltip: { formatter: TooltipFormatter } };
    const html = option.tooltip.formatter([
      { name: '2026-06-01', seriesName: 'Umsatz <b>', seriesIndex: 0, value: 1200.5, marker: '●' },
      { name: '2026-06-01', seriesName: 'Stück', seriesIndex: 1, value: 12, marker: '●' },
    ]);
    expect(html.replace(/\u00a0/g, ' ')).toBe(
      'Juni 2026<br/>●Umsatz &#60;b&#62;: <b>€ 1.200,50</b><br/>●Stück: <b>12</b>',
    );
    expect(option.tooltip.formatter).toBeTypeOf('function');
    expect(
      (buildOption(chart, formatter) as unknown as OptionView).xAxis.axisLabel.formatter('2026-06-01'),
    ).toBe('Juni 2026');
  });

  it('draws a pie or a donut: one slice per category, empty values left out, shares in the culture', () => {
    const pie: ReportChart = {
      ...chart,
      kind: 'donut',
      categoryFormat: 'text',
      categories: ['Nord', 'Süd', 'Ost'],
      series: [{ key: 'revenue', label: 'Umsatz', format: 'currency', values: [600, null, 400], axis: 0 }],
    };
    const option = buildOption(pie, formatter) as unknown as {
      series: { type: string; radius: unknown; data: unknown; label: { formatter: TooltipFormatter } }[];
      tooltip: { formatter: TooltipFormatter };
    };
    expect(option.series[0]).toMatchObject({
      type: 'pie',
      radius: ['40%', '68%'],
      data: [
        { name: 'Nord', value: 600 },
        { name: 'Ost', value: 400 },
      ],
    });
    expect(option.series[0]!.label.formatter({ name: 'Nord', percent: 60 }).replace(/\u00a0/g, ' ')).toBe(
      'Nord: 60,0 %',
    );
    expect(
      option.tooltip.formatter({ name: 'Nord', value: 600, percent: 60, marker: '' }).replace(/\u00a0/g, ' '),
    ).toBe('Nord: <b>€ 600,00</b> (60,0 %)');
  });

  it('draws each series of a combined chart as it chose, bars upright beside a line', () => {
    const combined: ReportChart = {
      ...chart,
      kind: 'combined',
      categoryFormat: 'text',
      categories: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
      series: [
        { ...chart.series[0]!, values: [1, 2, 3, 4, 5, 6, 7, 8], shape: 'bar' },
        { ...chart.series[0]!, key: 'target', values: [1, 2, 3, 4, 5, 6, 7, 8], shape: 'line' },
      ],
    };
    // Narrow as a phone: a chart with a line is not turned into horizontal bars.
    const option = optionOf(combined, formatter, 320);
    expect(option.series.map((series) => series.type)).toEqual(['bar', 'line']);
    expect(option.xAxis.type).toBe('category');
  });
});

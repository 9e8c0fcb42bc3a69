import { useMemo } from 'react';
import { useElementSize } from '@mantine/hooks';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ReportChart, ReportSeries } from '@cockpit/contracts';
import type { ValueFormatter } from '../../lib/value-format';

// This module is the lazy chunk with ECharts (STACK.md: modular `echarts/core` imports — the full
// build costs ~215 KB gzip more; `echarts-for-react/esm/core`, as `lib/core` breaks under Vite 8).
// SVG rather than canvas: crisp at any zoom, and the drawn text is in the DOM.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

type Option = echarts.ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** The brand colours (DESIGN.md §6: green, orange, red, blue) first, then calmer ones. */
const palette = ['#1c7ed6', '#37b24d', '#f59f00', '#e03131', '#7048e8', '#1098ad', '#d6336c', '#868e96'];

export type EChartsChartProps = { chart: ReportChart; formatter: ValueFormatter; height: number };

export function EChartsChart({ chart, formatter, height }: EChartsChartProps) {
  const { ref, width } = useElementSize();
  // Rounded, so a few pixels of resizing do not rebuild the chart.
  const shownWidth = Math.round(width / 40) * 40;
  const option = useMemo(() => buildOption(chart, formatter, shownWidth), [chart, formatter, shownWidth]);
  return (
    <div ref={ref}>
      <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      lazyUpdate
      style={{ height, width: '100%' }}
      opts={{ renderer: 'svg' }}
      />
    </div>
  );
}

/** Narrower than this per category, a bar chart's category labels would not fit side by side. */
const minCategoryWidth = 64;

/**
 * Exported for tests: the ECharts option of a report chart, every label in the user's culture. A bar
 * chart keeps every category label: wrapped under its bar while they fit side by side in `width`, else
 * drawn as horizontal bars with the labels beside them (0: width not known yet).
 */
export function buildOption(chart: ReportChart, formatter: ValueFormatter, width = 0): Option {
  // A chart whose series all sit on the second axis (a tile showing only units, say) uses one axis.
  const usesSecondAxis = chart.series.some((s) => s.axis === 1) && chart.series.some((s) => s.axis === 0);
  const axisOf = (series: ReportSeries) => (usesSecondAxis ? series.axis : 0);
  const formatOfAxis = (axis: 0 | 1) => chart.series.find((s) => axisOf(s) === axis)?.format ?? 'number';
  const stacked = chart.kind === 'stacked-bar' || chart.kind === 'stacked-area';
  const lines = chart.kind === 'line' || chart.kind === 'area' || chart.kind === 'stacked-area';
  const area = chart.kind === 'area' || chart.kind === 'stacked-area';
  const many = chart.categories.length > 40;
  const bars = !lines;
  const perCategory = width > 0 ? width / Math.max(1, chart.categories.length) : Infinity;
  const horizontal = bars && !usesSecondAxis && perCategory < minCategoryWidth;
  const categoryLabel = (value: string) => formatter.format(value, chart.categoryFormat);
  const categoryAxis = {
    type: 'category' as const,
    data: chart.categories,
    axisLabel: horizontal
      ? // Beside horizontal bars: the whole label up to a third of the chart, then an ellipsis.
        { formatter: categoryLabel, interval: 0, width: Math.max(80, Math.floor(width / 3)), overflow: 'truncate' as const }
      : bars
        ? // Under vertical bars: every label, wrapped to its bar's width.
          {
            formatter: categoryLabel,
            interval: 0,
            ...(Number.isFinite(perCategory) ? { width: Math.max(40, Math.floor(perCategory) - 8) } : {}),
            overflow: 'break' as const,
          }
        : { formatter: categoryLabel, hideOverlap: true },
    // Horizontal bars read top-down in the categories' order.
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxes = [0, 1]
    .filter((axis) => axis === 0 || usesSecondAxis)
    .map((axis) => ({
      type: 'value' as const,
      axisLabel: { formatter: (value: number) => formatter.formatAxis(value, formatOfAxis(axis as 0 | 1)) },
      splitLine: { show: axis === 0 },
    }));

  return {
    color: palette,
    animation: !many,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { type: 'scroll', top: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: lines ? 'line' : 'shadow' },
      confine: true,
    },
    xAxis: horizontal ? valueAxes : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxes,
    series: chart.series.map((series) => {
      const common = {
        name: series.label,
        data: series.values,
        yAxisIndex: axisOf(series),
        tooltip: {
          valueFormatter: (value: unknown) =>
            formatter.format(typeof value === 'number' ? value : null, series.format),
        },
      };
      // A series on the second axis of a bar chart is drawn as a line, so the bars stay comparable.
      if (lines || (axisOf(series) === 1 && chart.kind === 'bar')) {
        return {
          ...common,
          type: 'line' as const,
          showSymbol: !many,
          smooth: false,
          ...(area ? { areaStyle: { opacity: 0.25 } } : {}),
          ...(stacked ? { stack: 'total' } : {}),
        };
      }
      return {
        ...common,
        ...(horizontal ? { xAxisIndex: 0, yAxisIndex: 0 } : {}),
        type: 'bar' as const,
        ...(stacked ? { stack: 'total' } : {}),
        barMaxWidth: 40,
      };
    }),
  };
}

import { useMemo } from 'react';
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
  const option = useMemo(() => buildOption(chart, formatter), [chart, formatter]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      lazyUpdate
      style={{ height, width: '100%' }}
      opts={{ renderer: 'svg' }}
    />
  );
}

/** Exported for tests: the ECharts option of a report chart, every label in the user's culture. */
export function buildOption(chart: ReportChart, formatter: ValueFormatter): Option {
  // A chart whose series all sit on the second axis (a tile showing only units, say) uses one axis.
  const usesSecondAxis = chart.series.some((s) => s.axis === 1) && chart.series.some((s) => s.axis === 0);
  const axisOf = (series: ReportSeries) => (usesSecondAxis ? series.axis : 0);
  const formatOfAxis = (axis: 0 | 1) => chart.series.find((s) => axisOf(s) === axis)?.format ?? 'number';
  const stacked = chart.kind === 'stacked-bar' || chart.kind === 'stacked-area';
  const lines = chart.kind === 'line' || chart.kind === 'area' || chart.kind === 'stacked-area';
  const area = chart.kind === 'area' || chart.kind === 'stacked-area';
  const many = chart.categories.length > 40;

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
    xAxis: {
      type: 'category',
      data: chart.categories,
      axisLabel: {
        formatter: (value: string) => formatter.format(value, chart.categoryFormat),
        hideOverlap: true,
      },
    },
    yAxis: [0, 1]
      .filter((axis) => axis === 0 || usesSecondAxis)
      .map((axis) => ({
        type: 'value' as const,
        axisLabel: { formatter: (value: number) => formatter.formatAxis(value, formatOfAxis(axis as 0 | 1)) },
        splitLine: { show: axis === 0 },
      })),
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
      return { ...common, type: 'bar' as const, ...(stacked ? { stack: 'total' } : {}), barMaxWidth: 40 };
    }),
  };
}

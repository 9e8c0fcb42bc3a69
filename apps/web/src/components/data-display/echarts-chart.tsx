import { useMemo } from 'react';
import { useElementSize } from '@mantine/hooks';
import * as echarts from 'echarts/core';
import {
  BarChart,
  LineChart,
  PieChart,
  type BarSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
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
import { type ReportChart, reportChartOption } from '@cockpit/contracts';
import type { ValueFormatter } from '../../lib/value-format';

// This module is the lazy chunk with ECharts (docs/tools.md: modular `echarts/core` imports — the full
// build costs ~215 KB gzip more; `echarts-for-react/esm/core`, as `lib/core` breaks under Vite 8).
// SVG rather than canvas: crisp at any zoom, and the drawn text is in the DOM.
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

type Option = echarts.ComposeOption<
  | LineSeriesOption
  | PieSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

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

/** Exported for tests: the report chart's option (contracts' chart-option.ts, shared with the mails' images). */
export function buildOption(chart: ReportChart, formatter: ValueFormatter, width = 0): Option {
  return reportChartOption(chart, formatter, { width });
}

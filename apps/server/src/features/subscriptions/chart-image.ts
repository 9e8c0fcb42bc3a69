import { Resvg } from '@resvg/resvg-js';
import type { ReportChart, ReportSeries } from '@cockpit/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LegacyGridContainLabel } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import type { ValueFormatter } from './value-format';

// Charts in a mail as PNG images, drawn on the server without a browser (decision 029): ECharts' server-side
// SVG rendering from the report's chart data, with the options the report page uses (web app,
// components/data-display/echarts-chart.tsx: palette, axes, stacking, second axis), then rasterised by resvg.

// The page's `containLabel` grid (ECharts 6 keeps it in LegacyGridContainLabel).
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer, LegacyGridContainLabel]);

const palette = ['#1c7ed6', '#37b24d', '#f59f00', '#e03131', '#7048e8', '#1098ad', '#d6336c', '#868e96'];

export const chartImageSize = { width: 640, height: 320 } as const;

function optionOf(chart: ReportChart, formatter: ValueFormatter) {
  const usesSecondAxis = chart.series.some((s) => s.axis === 1) && chart.series.some((s) => s.axis === 0);
  const axisOf = (series: ReportSeries) => (usesSecondAxis ? series.axis : 0);
  const formatOfAxis = (axis: 0 | 1) => chart.series.find((s) => axisOf(s) === axis)?.format ?? 'number';
  const stacked = chart.kind === 'stacked-bar' || chart.kind === 'stacked-area';
  const lines = chart.kind === 'line' || chart.kind === 'area' || chart.kind === 'stacked-area';
  const area = chart.kind === 'area' || chart.kind === 'stacked-area';
  const many = chart.categories.length > 40;
  return {
    color: palette,
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: 'DejaVu Sans, Liberation Sans, Arial, sans-serif' },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    xAxis: {
      type: 'category',
      data: chart.categories,
      axisLabel: { formatter: (value: string) => formatter.format(value, chart.categoryFormat), hideOverlap: true },
    },
    yAxis: [0, 1]
      .filter((axis) => axis === 0 || usesSecondAxis)
      .map((axis) => ({
        type: 'value',
        axisLabel: { formatter: (value: number) => formatter.formatAxis(value, formatOfAxis(axis as 0 | 1)) },
        splitLine: { show: axis === 0 },
      })),
    series: chart.series.map((series) => {
      const common = { name: series.label, data: series.values, yAxisIndex: axisOf(series) };
      if (lines || (axisOf(series) === 1 && chart.kind === 'bar')) {
        return {
          ...common,
          type: 'line',
          showSymbol: !many,
          ...(area ? { areaStyle: { opacity: 0.25 } } : {}),
          ...(stacked ? { stack: 'total' } : {}),
        };
      }
      return { ...common, type: 'bar', ...(stacked ? { stack: 'total' } : {}), barMaxWidth: 40 };
    }),
  };
}

/** The chart as SVG text (ECharts SSR). */
export function chartSvg(chart: ReportChart, formatter: ValueFormatter): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, ...chartImageSize });
  try {
    instance.setOption(optionOf(chart, formatter) as echarts.EChartsCoreOption);
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

/** The chart as a PNG at twice its size (sharp on high-density screens). */
export function chartPng(chart: ReportChart, formatter: ValueFormatter): Buffer {
  const svg = chartSvg(chart, formatter);
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: chartImageSize.width * 2 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  })
    .render()
    .asPng();
  return Buffer.from(png);
}

import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import { type ReportChart, reportChartOption } from '@cockpit/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LegacyGridContainLabel } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import type { ValueFormatter } from './value-format';

// Charts in a mail as PNG images, drawn on the server without a browser (decision 029): ECharts' server-side
// SVG rendering of the option the report page draws (contracts' chart-option.ts), then rasterised by resvg.

// The page's `containLabel` grid (ECharts 6 keeps it in LegacyGridContainLabel).
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  SVGRenderer,
  LegacyGridContainLabel,
]);

export const chartImageSize = { width: 640, height: 320 } as const;

/** The page's option (contracts' chart-option.ts) without what only a page has, on white, in fonts the server has. */
const optionOf = (chart: ReportChart, formatter: ValueFormatter) => ({
  ...reportChartOption(chart, formatter, { width: chartImageSize.width, interactive: false }),
  backgroundColor: '#ffffff',
  textStyle: { fontFamily: 'DejaVu Sans, Liberation Sans, Arial, sans-serif' },
});

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

/**
 * Rasterised images by what they show: recipients of one report with the same values and formats get the
 * same chart, and drawing and rasterising it (fonts included) is the costly part of a delivery. (The SVG
 * itself cannot be the key: ECharts numbers its elements anew on every drawing.)
 */
const rasterised = new LRUCache<string, Buffer>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (png) => png.length,
});

/** What decides the image: the chart, its category labels, and the culture's numbers and currency. */
const imageKey = (chart: ReportChart, formatter: ValueFormatter) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        chart,
        chart.categories.map((category) => formatter.format(category, chart.categoryFormat)),
        formatter.format(1234.5, 'currency'),
        formatter.formatAxis(1_234_567, 'number'),
        formatter.formatAxis(0.5, 'percent'),
      ]),
    )
    .digest('base64');

/** The chart as a PNG at twice its size (sharp on high-density screens). */
export function chartPng(chart: ReportChart, formatter: ValueFormatter): Buffer {
  const key = imageKey(chart, formatter);
  const known = rasterised.get(key);
  if (known) return known;
  const png = rasterise(chartSvg(chart, formatter));
  rasterised.set(key, png);
  return png;
}

function rasterise(svg: string): Buffer {
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: chartImageSize.width * 2 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  })
    .render()
    .asPng();
  return Buffer.from(png);
}

import type { ReportChart, ReportSeries } from './reports';
import type { ValueFormatter } from './value-format';

// The ECharts option of a report chart, written once: the report page draws it in the browser
// (apps/web components/data-display/echarts-chart.tsx) and a subscription's mail draws the same option
// on the server as an image (decision 029), so the mail shows the page's chart. Plain objects: contracts
// does not depend on ECharts.

/** The brand colours (green, orange, red, blue) first, then calmer ones. */
export const chartPalette = [
  '#1c7ed6',
  '#37b24d',
  '#f59f00',
  '#e03131',
  '#7048e8',
  '#1098ad',
  '#d6336c',
  '#868e96',
];

/** Narrower than this per category, a bar chart's category labels would not fit side by side. */
const minCategoryWidth = 64;

export interface ChartOptionSettings {
  /** The chart's width in pixels (0: not known yet). */
  width?: number;
  /** On a page: tooltips, a scrolling legend, animation; an image has none of them. */
  interactive?: boolean;
}

/** Text for the tooltip's HTML: a label cannot inject markup. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** What ECharts hands a tooltip formatter of one data item. */
interface TooltipItem {
  marker?: unknown;
  name?: string;
  seriesName?: string;
  seriesIndex?: number;
  value?: unknown;
  percent?: number;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * A pie or donut (decision 047): one slice per category of the first series, labelled with its name
 * and share; the tooltip gives the value in the series' format.
 */
function pieOption(chart: ReportChart, formatter: ValueFormatter, interactive: boolean) {
  const series = chart.series[0];
  const categoryLabel = (value: string) => formatter.format(value, chart.categoryFormat);
  return {
    color: chartPalette,
    animation: interactive,
    legend: interactive ? { type: 'scroll' as const, top: 0 } : { top: 0 },
    ...(interactive
      ? {
          tooltip: {
            trigger: 'item' as const,
            confine: true,
            formatter: (items: TooltipItem | TooltipItem[]) => {
              const item = (Array.isArray(items) ? items[0] : items) ?? {};
              return `${typeof item.marker === 'string' ? item.marker : ''}${escapeHtml(item.name ?? '')}: <b>${escapeHtml(
                formatter.format(numberOrNull(item.value), series?.format ?? 'number'),
              )}</b> (${escapeHtml(formatter.format((item.percent ?? 0) / 100, 'percent'))})`;
            },
          },
        }
      : {}),
    series: [
      {
        type: 'pie' as const,
        name: series?.label ?? '',
        radius: chart.kind === 'donut' ? ['40%', '68%'] : '68%',
        center: ['50%', '56%'],
        // An empty value is no slice.
        data: chart.categories.flatMap((category, at) => {
          const value = series?.values[at];
          return typeof value === 'number' ? [{ name: categoryLabel(category), value }] : [];
        }),
        label: {
          formatter: (item: TooltipItem) =>
            `${item.name ?? ''}: ${formatter.format((item.percent ?? 0) / 100, 'percent')}`,
        },
      },
    ],
  };
}

/**
 * Every label in the reader's culture. A bar chart keeps every category label: wrapped under its bar
 * while they fit side by side in `width`, else drawn as horizontal bars with the labels beside them.
 */
export function reportChartOption(
  chart: ReportChart,
  formatter: ValueFormatter,
  { width = 0, interactive = true }: ChartOptionSettings = {},
) {
  if (chart.kind === 'pie' || chart.kind === 'donut') return pieOption(chart, formatter, interactive);
  // A chart whose series all sit on the second axis (a tile showing only units, say) uses one axis.
  const usesSecondAxis = chart.series.some((s) => s.axis === 1) && chart.series.some((s) => s.axis === 0);
  const axisOf = (series: ReportSeries) => (usesSecondAxis ? series.axis : 0);
  const formatOfAxis = (axis: 0 | 1) => chart.series.find((s) => axisOf(s) === axis)?.format ?? 'number';
  const stacked = chart.kind === 'stacked-bar' || chart.kind === 'stacked-area';
  const lines = chart.kind === 'line' || chart.kind === 'area' || chart.kind === 'stacked-area';
  const area = chart.kind === 'area' || chart.kind === 'stacked-area';
  const combined = chart.kind === 'combined';
  const many = chart.categories.length > 40;
  const bars = !lines;
  const perCategory = width > 0 ? width / Math.max(1, chart.categories.length) : Infinity;
  const horizontal =
    bars &&
    !usesSecondAxis &&
    !chart.series.some((series) => series.shape === 'line') &&
    perCategory < minCategoryWidth;
  const categoryLabel = (value: string) => formatter.format(value, chart.categoryFormat);
  const categoryAxis = {
    type: 'category' as const,
    data: chart.categories,
    axisLabel: horizontal
      ? // Beside horizontal bars: the whole label up to a third of the chart, then an ellipsis.
        {
          formatter: categoryLabel,
          interval: 0,
          width: Math.max(80, Math.floor(width / 3)),
          overflow: 'truncate' as const,
        }
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
    color: chartPalette,
    animation: interactive && !many,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: interactive ? { type: 'scroll' as const, top: 0 } : { top: 0 },
    ...(interactive
      ? {
          tooltip: {
            trigger: 'axis' as const,
            axisPointer: { type: lines ? ('line' as const) : ('shadow' as const) },
            confine: true,
            // The category as the axis writes it ("Jun 2026", not "2026-06-01"), each value in its format.
            formatter: (items: TooltipItem | TooltipItem[]) => {
              const list = Array.isArray(items) ? items : [items];
              const heading = escapeHtml(categoryLabel(list[0]?.name ?? ''));
              const rows = list.map((item) => {
                const format = chart.series[item.seriesIndex ?? 0]?.format ?? 'number';
                const marker = typeof item.marker === 'string' ? item.marker : '';
                return `${marker}${escapeHtml(item.seriesName ?? '')}: <b>${escapeHtml(
                  formatter.format(numberOrNull(item.value), format),
                )}</b>`;
              });
              return [heading, ...rows].join('<br/>');
            },
          },
        }
      : {}),
    xAxis: horizontal ? valueAxes : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxes,
    series: chart.series.map((series) => {
      const common = {
        name: series.label,
        data: series.values,
        yAxisIndex: axisOf(series),
        ...(interactive
          ? {
              tooltip: {
                valueFormatter: (value: unknown) =>
                  formatter.format(typeof value === 'number' ? value : null, series.format),
              },
            }
          : {}),
      };
      // A series on the second axis of a bar chart is drawn as a line, so the bars stay comparable.
      // A combined chart's series are bars or lines as each chose (decision 047).
      if (lines || (combined ? series.shape === 'line' : axisOf(series) === 1 && chart.kind === 'bar')) {
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

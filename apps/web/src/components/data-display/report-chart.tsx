import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportChart as ReportChartData } from '@cockpit/contracts';
import type { ValueFormatter } from '../../lib/value-format';

// ECharts is a lazy chunk (bundle budget, docs/decisions/011): a page without a chart never downloads it.
const EChartsChart = lazy(() =>
  import('./echarts-chart').then(({ EChartsChart }) => ({ default: EChartsChart })),
);

export type ReportChartProps = {
  chart: ReportChartData;
  formatter: ValueFormatter;
  height?: number;
};

/** A report chart (line, bar or stacked bar) as an image with a name for assistive technology. */
export function ReportChart({ chart, formatter, height = 320 }: ReportChartProps) {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t('reports.chart.label', { title: chart.title })}
      data-testid="report-chart"
      data-chart-id={chart.id}
    >
      <Suspense fallback={<Skeleton height={height} aria-hidden="true" />}>
        <EChartsChart chart={chart} formatter={formatter} height={height} />
      </Suspense>
    </div>
  );
}

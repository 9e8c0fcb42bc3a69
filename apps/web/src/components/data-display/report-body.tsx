import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportData, ReportTable } from '@cockpit/contracts';
import type { ValueFormatter } from '../../lib/value-format';
import { KpiCards } from './kpi-cards';
import { ReportChart } from './report-chart';

type ReportBodyProps = {
  data: ReportData;
  formatter: ValueFormatter;
  /** The charts' titles: a report page's sections (h2) or a preview's inside the editor (h4). */
  chartTitle: { order: 2 | 4; size: 'h4' | 'h5' };
  /** The charts' height; the chart's own default without it. */
  chartHeight?: number;
  /** The table below the charts: the report page adds its title and downloads, the preview draws it plainly. */
  renderTable: (table: ReportTable) => ReactNode;
};

/**
 * A query report's result (decision 027) in the one layout the report page and the definition editor's
 * preview share: the KPI tiles, the charts (two a row on wide screens), then the table.
 */
export function ReportBody({ data, formatter, chartTitle, chartHeight, renderTable }: ReportBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      {data.kpis.length > 0 && (
        <KpiCards kpis={data.kpis} formatter={formatter} label={t('reports.kpis.label')} />
      )}
      {data.charts.length > 0 && (
        <SimpleGrid cols={{ base: 1, lg: data.charts.length > 1 ? 2 : 1 }} spacing="lg">
          {data.charts.map((chart) => (
            <Paper key={chart.id} withBorder p="md" radius="md">
              {chart.title && (
                <Title order={chartTitle.order} size={chartTitle.size} mb="sm">
                  {chart.title}
                </Title>
              )}
              <ReportChart chart={chart} formatter={formatter} height={chartHeight} />
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {data.table && renderTable(data.table)}
    </>
  );
}

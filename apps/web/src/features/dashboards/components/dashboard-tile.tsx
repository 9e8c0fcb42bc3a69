import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardTile as DashboardTileDefinition, ReportData } from '@cockpit/contracts';
import { DataTable } from '../../../components/data-display/data-table';
import { KpiCards } from '../../../components/data-display/kpi-cards';
import { ReportChart } from '../../../components/data-display/report-chart';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import type { ValueFormatter } from '../../../lib/value-format';
import { useDashboardTile } from '../api/get-dashboard-tile';
import { formatDateTime } from '../../../lib/date-time';
import { reportErrorState, reportErrorText } from '../../../lib/report-error';

const chartHeight = 260;

function isEmpty(tile: DashboardTileDefinition, data: ReportData): boolean {
  switch (tile.type) {
    case 'kpi':
      return data.kpis.length === 0 || data.kpis.every((kpi) => kpi.value === null);
    case 'line':
    case 'bar':
      return !data.charts[0] || data.charts[0].categories.length === 0;
    case 'table':
      return !data.table || data.table.rows.length === 0;
  }
}

/**
 * One dashboard tile (docs/product.md §D.3): it loads its own data and shows its own loading, empty and error
 * states, so a failing tile never breaks the others.
 */
export function DashboardTile({
  layoutId,
  tile,
  formatter,
  values,
  isAdministrator = false,
}: {
  layoutId: string;
  tile: DashboardTileDefinition;
  formatter: ValueFormatter;
  /** The dashboard's parameter values the reader chose (`?values=` JSON). */
  values?: string;
  /** Administrators read a failing source's own message. */
  isAdministrator?: boolean;
}) {
  const { t } = useTranslation();
  const query = useDashboardTile(layoutId, tile.id, values);

  let content;
  if (query.isPending) {
    content = <Skeleton height={tile.type === 'kpi' ? 56 : chartHeight} aria-hidden="true" />;
  } else if (query.isError) {
    // As the report page says it (lib/report-error); any other failure: the tile's general error.
    const state = reportErrorState(query.error, isAdministrator);
    content = (
      <PlaceholderTile
        compact
        headingOrder={3}
        headline={t(state?.headline ?? 'dashboards.tile.error')}
        text={state ? reportErrorText(t, state) : undefined}
      >
        {(!state || state.action === 'retry') && (
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </PlaceholderTile>
    );
  } else if (isEmpty(tile, query.data.data)) {
    content = (
      <Text c="dimmed" size="sm" py="md">
        {t('dashboards.tile.empty')}
      </Text>
    );
  } else {
    const { data } = query.data;
    const chart = data.charts[0];
    content =
      tile.type === 'kpi' ? (
        <KpiCards
          kpis={data.kpis}
          formatter={formatter}
          label={tile.title}
          columns={data.kpis.length}
          plain
        />
      ) : tile.type === 'table' && data.table ? (
        <DataTable
          columns={data.table.columns}
          rows={data.table.rows}
          formatter={formatter}
          label={tile.title}
          toolbar={false}
          maxHeight={404}
        />
      ) : chart ? (
        <ReportChart chart={chart} formatter={formatter} height={chartHeight} />
      ) : null;
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      h="100%"
      data-testid="dashboard-tile"
      data-tile-type={tile.type}
      aria-busy={query.isFetching || undefined}
    >
      <Stack gap="sm" h="100%">
        <Title order={2} size="h5">
          {tile.title}
        </Title>
        {content}
        {query.data?.info && (
          <Text size="xs" c="dimmed" mt="auto">
            {t('reports.info.dataAsOf', {
              time: formatDateTime(query.data.info.dataAsOf, formatter.culture),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

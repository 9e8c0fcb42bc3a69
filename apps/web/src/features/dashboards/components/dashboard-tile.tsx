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
import { isApiRequestError } from '../../../lib/api-client';
import { errorCodes, parseChoiceNotOffered } from '@cockpit/contracts';

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

type TileError = { headline: string; text?: { key?: string; raw?: string; values?: Record<string, string> }; retry: boolean };

/**
 * What a failed tile says, as the report page does (decision 027): a user attribute the tile's report
 * filters by is missing → "not available for your account" (never unfiltered data); an unreachable or
 * slow source → "not available right now" (administrators read the database's message); values the
 * report does not accept → say so; anything else → the general error with Retry.
 */
function tileError(error: Error, isAdministrator: boolean): TileError {
  if (!isApiRequestError(error)) return { headline: 'dashboards.tile.error', retry: true };
  if (error.status === 403 && error.code === errorCodes.userAttributeMissing)
    return { headline: 'reports.state.notForAccountHeadline', text: { key: 'reports.state.notForAccountText' }, retry: false };
  if (error.status === 503 && error.code === errorCodes.queryTimedOut)
    return { headline: 'reports.state.dataUnavailableHeadline', text: { key: 'reports.state.timedOutText' }, retry: true };
  if (error.status === 503 && error.code === errorCodes.dataSourceUnavailable)
    return {
      headline: 'reports.state.dataUnavailableHeadline',
      text: isAdministrator ? { raw: error.message } : { key: 'reports.state.dataUnavailableText' },
      retry: true,
    };
  // Decision 038: a choice from a query outside the reader's own options, named.
  const notOffered = error.status === 400 && error.code === errorCodes.choiceNotOffered ? parseChoiceNotOffered(error.message) : null;
  if (notOffered)
    return { headline: 'reports.state.choiceNotOfferedHeadline', text: { key: 'reports.state.choiceNotOfferedText', values: notOffered }, retry: false };
  if (error.status === 400)
    return { headline: 'reports.state.invalidHeadline', text: { key: 'reports.state.invalidText' }, retry: false };
  return { headline: 'dashboards.tile.error', retry: true };
}

/**
 * One dashboard tile (reports and dashboards): it loads its own data and shows its own loading, empty and error
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
    const { headline, text, retry } = tileError(query.error, isAdministrator);
    content = (
      <PlaceholderTile compact headingOrder={3} headline={t(headline)} text={text && (text.key ? t(text.key, text.values) : text.raw)}>
        {retry && (
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
            {t('reports.info.dataAsOf', { time: formatDateTime(query.data.info.dataAsOf, formatter.culture) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

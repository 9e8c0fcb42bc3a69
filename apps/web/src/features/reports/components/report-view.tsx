import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCodes, type ReportData, type ReportDefinition, type ReportParams } from '@cockpit/contracts';
import { DataTable } from '../../../components/data-display/data-table';
import { KpiCards } from '../../../components/data-display/kpi-cards';
import { ReportChart } from '../../../components/data-display/report-chart';
import { Page } from '../../../components/ui/page';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { isApiRequestError } from '../../../lib/api-client';
import { safeFileName } from '../../../lib/csv';
import { useValueFormatter, type ValueFormatter } from '../../../lib/value-format';
import { useReport } from '../api/get-report';
import type { ReportSearch } from '../utils/report-search';
import { EmbeddedReport } from './embedded-report';
import { ExternalReport } from './external-report';
import { QueryReport } from './query-report';
import { ReportParameterBar } from './report-parameter-bar';

export type ReportViewProps = {
  name: string;
  /** The menu item's title and sub-title, shown until the report itself has answered. */
  fallbackTitle: string;
  fallbackSubTitle?: string | null;
  /** The user's culture and currency symbol (from the user settings). */
  culture: string;
  currencySymbol: string;
  search: ReportSearch;
  onSearchChange: (search: ReportSearch) => void;
  /** An administrator reads the data source's own message when it fails (the server sends it only to them). */
  isAdministrator?: boolean;
  /** The favourites star, as on a dashboard page (spec §4 pin); absent while the menu item is unknown. */
  pin?: { isPinned: boolean; onToggle: () => void };
};

/**
 * `/reports/:name` (reports and dashboards): title and sub-title, then by kind — a built-in report's parameter bar,
 * KPIs, charts and table; an embedded report's frame; an external report's "open" button. Loading,
 * "not available", invalid parameters and failures each have their own state.
 */
export function ReportView({
  name,
  fallbackTitle,
  fallbackSubTitle,
  culture,
  currencySymbol,
  search,
  onSearchChange,
  isAdministrator = false,
  pin,
}: ReportViewProps) {
  const { t } = useTranslation();
  const report = useReport(name, search);
  const formatter = useValueFormatter(culture, currencySymbol);
  const definition = report.data?.report;
  const title = definition?.title ?? fallbackTitle;
  const subTitle = definition?.subTitle ?? fallbackSubTitle ?? null;

  let content;
  if (report.isPending) {
    content = (
      <Group gap="sm" role="status" aria-busy="true" py="xl" justify="center">
        <Loader size="sm" />
        <Text c="dimmed">{t('reports.state.loading')}</Text>
      </Group>
    );
  } else if (report.isError) {
    const status = isApiRequestError(report.error) ? report.error.status : 0;
    const code = isApiRequestError(report.error) ? report.error.code : '';
    content =
      status === 403 && code === errorCodes.userAttributeMissing ? (
        // Decision 027: a user attribute the report filters by is missing — never unfiltered data.
        <PlaceholderTile
          icon="search"
          headline={t('reports.state.notForAccountHeadline')}
          text={t('reports.state.notForAccountText')}
        />
      ) : status === 503 && (code === errorCodes.dataSourceUnavailable || code === errorCodes.queryTimedOut) ? (
        <PlaceholderTile
          headline={t('reports.state.dataUnavailableHeadline')}
          text={
            code === errorCodes.queryTimedOut
              ? t('reports.state.timedOutText')
              : isAdministrator
                ? report.error.message
                : t('reports.state.dataUnavailableText')
          }
          onRetry={() => void report.refetch()}
        />
      ) : status === 404 ? (
        <PlaceholderTile
          icon="search"
          headline={t('reports.state.notAvailableHeadline')}
          text={t('reports.state.notAvailableText', { name: fallbackTitle })}
        />
      ) : status === 400 ? (
        <PlaceholderTile headline={t('reports.state.invalidHeadline')} text={t('reports.state.invalidText')}>
          <Button variant="light" onClick={() => onSearchChange({})}>
            {t('reports.state.reset')}
          </Button>
        </PlaceholderTile>
      ) : (
        <PlaceholderTile onRetry={() => void report.refetch()} />
      );
  } else if (definition?.kind === 'external' && definition.externalUrl) {
    content = <ExternalReport url={definition.externalUrl} />;
  } else if (definition?.kind === 'embedded' && definition.frameUrl) {
    content = <EmbeddedReport title={title} url={definition.frameUrl} />;
  } else if (definition?.kind === 'query' && report.data.data) {
    content = (
      <QueryReport
        name={name}
        parameters={report.data.parameters ?? []}
        data={report.data.data}
        info={report.data.info ?? null}
        formatter={formatter}
        updating={report.isFetching}
        search={search}
        onSearchChange={onSearchChange}
      />
    );
  } else if (report.data.params && report.data.data && definition) {
    content = (
      <BuiltInReport
        name={name}
        definition={definition}
        params={report.data.params}
        data={report.data.data}
        formatter={formatter}
        updating={report.isFetching}
        onSearchChange={onSearchChange}
      />
    );
  } else {
    content = <PlaceholderTile />;
  }

  return (
    <Page title={title}>
      {(subTitle || pin) && (
        <Group justify="space-between" mt={-8} gap="sm" wrap="nowrap" align="flex-start">
          {subTitle ? (
            <Text c="dimmed" data-testid="report-subtitle">
              {subTitle}
            </Text>
          ) : (
            <span />
          )}
          {pin && (
            <Button
              variant={pin.isPinned ? 'light' : 'default'}
              color={pin.isPinned ? 'orange' : 'gray'}
              leftSection={
                pin.isPinned ? <IconStarFilled size={16} aria-hidden="true" /> : <IconStar size={16} aria-hidden="true" />
              }
              aria-pressed={pin.isPinned}
              onClick={pin.onToggle}
              data-testid="report-pin"
              style={{ flexShrink: 0 }}
            >
              {t(pin.isPinned ? 'reports.page.unpin' : 'reports.page.pin')}
            </Button>
          )}
        </Group>
      )}
      {content}
    </Page>
  );
}

type BuiltInReportProps = {
  name: string;
  definition: ReportDefinition;
  params: ReportParams;
  data: ReportData;
  formatter: ValueFormatter;
  updating: boolean;
  onSearchChange: (search: ReportSearch) => void;
};

function BuiltInReport({
  name,
  definition,
  params,
  data,
  formatter,
  updating,
  onSearchChange,
}: BuiltInReportProps) {
  const { t } = useTranslation();
  const table = data.table;
  const empty = !table || table.totalRows === 0;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <ReportParameterBar
          // A new answer (another range, another grouping) starts the bar from what it says.
          key={`${params.range ?? 'custom'}|${params.from}|${params.to}|${params.grouping ?? ''}`}
          params={params}
          groupings={definition.groupings}
          formatter={formatter}
          onChange={onSearchChange}
        />
      </Paper>
      {updating && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('reports.state.loading')}
          </Text>
        </Group>
      )}
      {empty ? (
        <PlaceholderTile
          icon="search"
          headline={t('reports.state.emptyHeadline')}
          text={t('reports.state.emptyText')}
        />
      ) : (
        <>
          {data.kpis.length > 0 && (
            <KpiCards kpis={data.kpis} formatter={formatter} label={t('reports.kpis.label')} />
          )}
          {data.charts.length > 0 && (
            <SimpleGrid cols={{ base: 1, lg: data.charts.length > 1 ? 2 : 1 }} spacing="lg">
              {data.charts.map((chart) => (
                <Paper key={chart.id} withBorder p="md" radius="md">
                  <Title order={2} size="h4" mb="sm">
                    {chart.title}
                  </Title>
                  <ReportChart chart={chart} formatter={formatter} />
                </Paper>
              ))}
            </SimpleGrid>
          )}
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              {t('reports.table.title')}
            </Title>
            {table.truncated && (
              <Alert color="orange" variant="light" mb="sm" icon={<IconInfoCircle aria-hidden="true" />}>
                {t('reports.table.truncated', {
                  shown: formatter.format(table.rows.length, 'integer'),
                  total: formatter.format(table.totalRows, 'integer'),
                })}
              </Alert>
            )}
            <DataTable
              // Other columns (another grouping): sorting and hidden columns start afresh.
              key={table.columns.map((column) => column.key).join('|')}
              columns={table.columns}
              rows={table.rows}
              formatter={formatter}
              label={t('reports.table.label')}
              exportFileName={safeFileName(`${name}_${params.from}_${params.to}`)}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}

import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParameterValue, ParameterView, ReportData, ResultInfo } from '@cockpit/contracts';
import { DataTable } from '../../../components/data-display/data-table';
import { ReportBody } from '../../../components/data-display/report-body';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { dateTimeFormat, formatDateTime } from '../../../lib/date-time';
import type { ValueFormatter } from '../../../lib/value-format';
import { useDownloadReport } from '../api/download-report';
import { useRefreshReport } from '../api/get-report';
import { withParameterValue, type ReportSearch } from '../utils/report-search';
import { ParameterBar } from '../../../components/parameters/parameter-bar';

export type QueryReportProps = {
  name: string;
  parameters: ParameterView[];
  data: ReportData;
  info: ResultInfo | null;
  formatter: ValueFormatter;
  updating: boolean;
  search: ReportSearch;
  onSearchChange: (search: ReportSearch) => void;
};

/** "14:05" for a time of today, else date and time, in the user's culture. */
function dataTime(iso: string, culture: string): string {
  const at = new Date(iso);
  const today = new Date();
  return at.toDateString() === today.toDateString()
    ? dateTimeFormat(culture, { timeStyle: 'short' }).format(at)
    : formatDateTime(at, culture);
}

/**
 * A report defined in SQL (decision 027): its parameters as controls (kept in the address), when its data
 * was read with a refresh button, a notice when the source's row limit cut it, then KPIs, charts and the
 * table, whose downloads the server writes from the whole result.
 */
export function QueryReport({
  name,
  parameters,
  data,
  info,
  formatter,
  updating,
  search,
  onSearchChange,
}: QueryReportProps) {
  const { t } = useTranslation();
  const refresh = useRefreshReport(name, search);
  const download = useDownloadReport(name, search);
  const table = data.table;
  const empty = data.kpis.length === 0 && data.charts.length === 0 && (!table || table.totalRows === 0);
  const noRows = table !== null && table.totalRows === 0;

  const change = (parameter: string, value: ParameterValue) =>
    onSearchChange(withParameterValue(search, parameter, value));

  return (
    <Stack gap="lg">
      {parameters.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <ParameterBar
            // A new answer starts the controls from what it says.
            key={JSON.stringify(parameters.map((parameter) => parameter.value))}
            parameters={parameters}
            onChange={change}
            culture={formatter.culture}
          />
        </Paper>
      )}
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="xs" role="status" aria-live="polite">
          {updating || refresh.isPending ? (
            <>
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('reports.state.loading')}
              </Text>
            </>
          ) : (
            info && (
              <Text size="sm" c="dimmed" data-testid="report-data-time">
                {t('reports.info.dataAsOf', { time: dataTime(info.dataAsOf, formatter.culture) })}
              </Text>
            )
          )}
        </Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={() => refresh.mutate()}
          loading={refresh.isPending}
        >
          {t('reports.info.refresh')}
        </Button>
      </Group>
      {refresh.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('reports.info.refreshFailed')}
        </Alert>
      )}
      {info?.cutAtRows != null && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          data-testid="report-cut"
        >
          {t('reports.info.cutAtRows', { rows: formatter.format(info.cutAtRows, 'integer') })}
        </Alert>
      )}
      {empty || noRows ? (
        <PlaceholderTile
          icon="search"
          headline={t('reports.state.emptyHeadline')}
          text={t('reports.state.emptyValuesText')}
        />
      ) : (
        <ReportBody
          data={data}
          formatter={formatter}
          chartTitle={{ order: 2, size: 'h4' }}
          renderTable={(reportTable) => (
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('reports.table.title')}
              </Title>
              <DataTable
                key={reportTable.columns.map((column) => column.key).join('|')}
                columns={reportTable.columns}
                rows={reportTable.rows}
                formatter={formatter}
                label={t('reports.table.label')}
                onDownload={(format) => download.mutate(format)}
                downloading={download.isPending}
              />
              {download.isError && (
                <Alert color="red" variant="light" role="alert" mt="sm">
                  {t('reports.table.downloadFailed')}
                </Alert>
              )}
            </Paper>
          )}
        />
      )}
    </Stack>
  );
}

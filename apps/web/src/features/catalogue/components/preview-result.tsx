import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DefinitionPreviewResponse, ReportData } from '@cockpit/contracts';
import { DataTable } from '../../../components/data-display/data-table';
import { ReportBody } from '../../../components/data-display/report-body';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { getClientParams } from '../../../lib/client-params';
import { useCulture } from '../../../lib/date-time';
import { useValueFormatter } from '../../../lib/value-format';
import { parameterValueLabel } from '../../../lib/parameter-values';
import { lineAndColumn } from '../utils/sql-parameters';
import { AppliedRowRules } from './applied-row-rules';
import type { VisualMisfit } from '../utils/live-visuals';

type PreviewResultProps = {
  preview: DefinitionPreviewResponse;
  /** The form's visuals drawn from the preview's rows (utils/live-visuals.ts); null until they are. */
  data: ReportData | null;
  /** Visuals left out: they name a column the result does not have. */
  misfits: readonly VisualMisfit[];
  /** The SQL changed after the preview ran. */
  stale: boolean;
  /** The SQL the preview ran (an error's position is counted in it). */
  sql: string;
  /** Puts the editor's cursor at the error's position. */
  onShowError: (position: number) => void;
};

/**
 * What the preview answered (decision 027): the database's own error with its place in the SQL, or the
 * result drawn with the report page's own KPI tiles, charts and table — the form's visuals as they are
 * now, over the rows of the last run (decision 045).
 */
export function PreviewResult({ preview, data, misfits, stale, sql, onShowError }: PreviewResultProps) {
  const { t } = useTranslation();
  const culture = useCulture();
  const formatter = useValueFormatter(culture, getClientParams().currencySymbol ?? '€');

  if (preview.error) {
    const { message, position } = preview.error;
    const place = position === null ? null : lineAndColumn(sql, position);
    return (
      <Alert
        color="red"
        role="alert"
        title={t('management.data.preview.sqlError')}
        icon={<IconX aria-hidden="true" />}
        data-testid="preview-error"
      >
        <Stack gap="xs">
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
            {message}
          </Text>
          {position !== null && place && (
            <Group gap="sm">
              <Text size="sm">
                {t('management.data.preview.errorAt', { line: place.line, column: place.column })}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => onShowError(position)}>
                {t('management.data.preview.showError')}
              </Button>
            </Group>
          )}
        </Stack>
      </Alert>
    );
  }

  const table = data?.table ?? null;
  return (
    <Stack gap="md" data-testid="preview-result">
      {preview.parameters.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('management.data.preview.values')}{' '}
          {preview.parameters
            .map((parameter) => `${parameter.label}: ${parameterValueLabel(parameter, t, culture)}`)
            .join(' · ')}
        </Text>
      )}
      {stale && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          data-testid="preview-stale"
        >
          {t('management.data.preview.stale')}
        </Alert>
      )}
      {misfits.map((misfit) => (
        <Alert
          key={misfit.visual}
          color="orange"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          data-testid="preview-misfit"
        >
          {t('management.data.preview.misfit', { visual: misfit.visual, column: misfit.column })}
        </Alert>
      ))}
      {preview.info?.cutAtRows != null && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('management.data.preview.cut', { count: preview.info.cutAtRows })}
        </Alert>
      )}
      <AppliedRowRules rules={preview.rowRules} />
      {!data || (data.kpis.length === 0 && data.charts.length === 0 && (!table || table.totalRows === 0)) ? (
        <PlaceholderTile
          icon="search"
          headingOrder={3}
          headline={t('management.data.preview.emptyTitle')}
          text={t('management.data.preview.emptyText')}
        />
      ) : (
        <ReportBody
          data={data}
          formatter={formatter}
          chartTitle={{ order: 4, size: 'h5' }}
          chartHeight={260}
          renderTable={(resultTable) => (
            <DataTable
              key={resultTable.columns.map((column) => column.key).join('|')}
              columns={resultTable.columns}
              rows={resultTable.rows}
              formatter={formatter}
              label={t('management.data.preview.tableLabel')}
              maxHeight={360}
            />
          )}
        />
      )}
    </Stack>
  );
}

import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportGroupingLabelKeys, type ReportGrouping, type ReportParams } from '@cockpit/contracts';
import type { ValueFormatter } from '../../../lib/value-format';
import type { ReportSearch } from '../utils/report-search';
import { DateRangeField } from '../../../components/parameters/date-range-field';

export type ReportParameterBarProps = {
  /** What the shown data was computed for (presets resolved to dates). */
  params: ReportParams;
  groupings: ReportGrouping[];
  formatter: ValueFormatter;
  onChange: (search: ReportSearch) => void;
};

/**
 * The report's parameters (reports and dashboards): date-range presets, a custom range with two date inputs, and the
 * grouping where the report has more than one. Every change becomes the page URL's query.
 */
export function ReportParameterBar({ params, groupings, formatter, onChange }: ReportParameterBarProps) {
  const { t } = useTranslation();
  const grouping = params.grouping ?? undefined;
  const rangeSearch: ReportSearch = params.range
    ? { range: params.range }
    : { from: params.from, to: params.to };

  return (
    <Stack gap="sm" data-testid="report-parameters">
      <DateRangeField
        label={t('reports.range.label')}
        preset={params.range}
        from={params.from}
        to={params.to}
        onChange={(choice) => onChange('preset' in choice ? { range: choice.preset, grouping } : { ...choice, grouping })}
      />

      <Group gap="md" align="center" wrap="wrap" justify="space-between">
        {groupings.length > 1 && grouping ? (
          <Group gap="xs" align="center">
            <Text size="sm" fw={600}>
              {t('reports.grouping.label')}
            </Text>
            <SegmentedControl
              size="sm"
              aria-label={t('reports.grouping.label')}
              value={grouping}
              onChange={(value) => onChange({ ...rangeSearch, grouping: value })}
              data={groupings.map((value) => ({ value, label: t(reportGroupingLabelKeys[value]) }))}
            />
          </Group>
        ) : (
          <span />
        )}
        <Text size="sm" c="dimmed" data-testid="report-range">
          {t('reports.range.summary', {
            from: formatter.format(params.from, 'date'),
            to: formatter.format(params.to, 'date'),
          })}
        </Text>
      </Group>
    </Stack>
  );
}

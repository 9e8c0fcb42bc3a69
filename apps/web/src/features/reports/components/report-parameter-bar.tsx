import { useId, useState, type FormEvent } from 'react';
import { Button, Chip, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  dateRangePresetLabelKeys,
  dateRangePresets,
  maxReportRangeDays,
  reportGroupingLabelKeys,
  type ReportGrouping,
  type ReportParams,
} from '@cockpit/contracts';
import type { ValueFormatter } from '../../../lib/value-format';
import { validateCustomRange, type CustomRangeError, type ReportSearch } from '../utils/report-search';

const rangeErrorKeys: Record<CustomRangeError, string> = {
  required: 'reports.range.required',
  endBeforeStart: 'reports.range.endBeforeStart',
  tooLong: 'reports.range.tooLong',
};

const customChoice = 'custom';

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
  const rangeLabelId = useId();
  const [customOpen, setCustomOpen] = useState(params.range === null);
  const [from, setFrom] = useState(params.from);
  const [to, setTo] = useState(params.to);
  const [rangeError, setRangeError] = useState<CustomRangeError | null>(null);

  const selected = customOpen || params.range === null ? customChoice : params.range;
  const grouping = params.grouping ?? undefined;
  const rangeSearch: ReportSearch = params.range
    ? { range: params.range }
    : { from: params.from, to: params.to };

  function choosePreset(value: string) {
    if (value === customChoice) {
      setFrom(params.from);
      setTo(params.to);
      setRangeError(null);
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ range: value, grouping });
  }

  function applyCustomRange(event: FormEvent) {
    event.preventDefault();
    const error = validateCustomRange(from, to, maxReportRangeDays);
    setRangeError(error);
    if (!error) onChange({ from, to, grouping });
  }

  return (
    <Stack gap="sm" data-testid="report-parameters">
      <Group gap="xs" align="center" wrap="wrap">
        <Text id={rangeLabelId} size="sm" fw={600} mr="xs">
          {t('reports.range.label')}
        </Text>
        <Chip.Group multiple={false} value={selected} onChange={choosePreset}>
          <Group gap={6} role="radiogroup" aria-labelledby={rangeLabelId} wrap="wrap">
            {dateRangePresets.map((preset) => (
              <Chip key={preset} value={preset} type="radio" size="sm" variant="outline">
                {t(dateRangePresetLabelKeys[preset])}
              </Chip>
            ))}
            <Chip value={customChoice} type="radio" size="sm" variant="outline">
              {t('reports.range.custom')}
            </Chip>
          </Group>
        </Chip.Group>
      </Group>

      {selected === customChoice && (
        <form onSubmit={applyCustomRange} noValidate>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              size="sm"
              label={t('reports.range.from')}
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              error={rangeError === 'required' && !from ? t(rangeErrorKeys.required) : undefined}
            />
            <TextInput
              type="date"
              size="sm"
              label={t('reports.range.to')}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={
                rangeError && (rangeError !== 'required' || !to) ? t(rangeErrorKeys[rangeError]) : undefined
              }
            />
            <Button type="submit" size="sm" mt={25}>
              {t('reports.range.apply')}
            </Button>
          </Group>
        </form>
      )}

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

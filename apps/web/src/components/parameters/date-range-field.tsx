import { useId, useState, type FormEvent } from 'react';
import { Button, Chip, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  dateRangePresetLabelKeys,
  dateRangePresets,
  maxReportRangeDays,
  type DateRangePreset,
} from '@cockpit/contracts';
import { collapsedPanelQuery } from '../../config/layout';
import { CultureDateField } from '../ui/culture-date-field';
import { isDateRangePreset, validateCustomRange, type CustomRangeError } from '../../lib/parameter-values';

const rangeErrorKeys: Record<CustomRangeError, string> = {
  required: 'reports.range.required',
  endBeforeStart: 'reports.range.endBeforeStart',
  tooLong: 'reports.range.tooLong',
};

const customChoice = 'custom';

/** What the reader chose: a preset, or a custom range (checked like the server checks it). */
export type DateRangeChoice = { preset: DateRangePreset } | { from: string; to: string };

export type DateRangeFieldProps = {
  label: string;
  required?: boolean;
  /** The preset in use, or null for a custom range. */
  preset: string | null;
  /** The dates shown (a preset's resolved dates where known, else empty until the reader types them). */
  from: string;
  to: string;
  onChange: (choice: DateRangeChoice) => void;
};

/**
 * A date range (decision 027): the presets as a radio group of chips and "Custom" with two date
 * inputs and Apply — a query report's and a dashboard's date-range parameters alike.
 */
export function DateRangeField({
  label,
  required = false,
  preset,
  from: shownFrom,
  to: shownTo,
  onChange,
}: DateRangeFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [customOpen, setCustomOpen] = useState(preset === null);
  const [from, setFrom] = useState(shownFrom);
  const [to, setTo] = useState(shownTo);
  const [rangeError, setRangeError] = useState<CustomRangeError | null>(null);

  const selected = customOpen || preset === null ? customChoice : preset;
  // Below 768 px the six choices are one select instead of a row of chips that takes half a phone screen.
  const narrow = useMediaQuery(collapsedPanelQuery, false, { getInitialValueInEffect: false });

  function choosePreset(value: string) {
    if (value === customChoice) {
      setFrom(shownFrom);
      setTo(shownTo);
      setRangeError(null);
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    if (isDateRangePreset(value)) onChange({ preset: value });
  }

  function applyCustomRange(event: FormEvent) {
    event.preventDefault();
    const error = validateCustomRange(from, to, maxReportRangeDays);
    setRangeError(error);
    if (!error) onChange({ from, to });
  }

  const choices = narrow ? (
    <NativeSelect
      size="sm"
      label={label}
      required={required}
      value={selected}
      onChange={(event) => choosePreset(event.currentTarget.value)}
      data={[
        ...dateRangePresets.map((value) => ({ value, label: t(dateRangePresetLabelKeys[value]) })),
        { value: customChoice, label: t('reports.range.custom') },
      ]}
      data-testid="date-range-select"
    />
  ) : null;

  return (
    <Stack gap="sm">
      {choices ?? (
        <Group gap="xs" align="center" wrap="wrap">
          <Text id={labelId} size="sm" fw={600} mr="xs">
            {label}
            {required && (
              <Text span c="red" aria-hidden="true">
                {' *'}
              </Text>
            )}
          </Text>
          <Chip.Group multiple={false} value={selected} onChange={choosePreset}>
            <Group
              gap={6}
              role="radiogroup"
              aria-labelledby={labelId}
              aria-required={required || undefined}
              wrap="wrap"
            >
              {dateRangePresets.map((value) => (
                <Chip key={value} value={value} type="radio" size="sm" variant="outline">
                  {t(dateRangePresetLabelKeys[value])}
                </Chip>
              ))}
              <Chip value={customChoice} type="radio" size="sm" variant="outline">
                {t('reports.range.custom')}
              </Chip>
            </Group>
          </Chip.Group>
        </Group>
      )}

      {selected === customChoice && (
        <form onSubmit={applyCustomRange} noValidate>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <CultureDateField
              label={t('reports.range.from')}
              value={from}
              onChange={setFrom}
              error={rangeError === 'required' && !from ? t(rangeErrorKeys.required) : undefined}
              data-testid="range-from"
            />
            <CultureDateField
              label={t('reports.range.to')}
              value={to}
              onChange={setTo}
              error={
                rangeError && (rangeError !== 'required' || !to) ? t(rangeErrorKeys[rangeError]) : undefined
              }
              data-testid="range-to"
            />
            <Button type="submit" size="sm" mt={25}>
              {t('reports.range.apply')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

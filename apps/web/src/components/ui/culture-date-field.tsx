import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { calendarLocaleOf, firstDayOfWeekOf, formatFieldDate, useCulture } from '../../lib/date-time';

export type CultureDateFieldProps = {
  label: string;
  /** `YYYY-MM-DD`, or empty. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  size?: 'xs' | 'sm' | 'md';
  maw?: number;
  required?: boolean;
  'data-testid'?: string;
};

/**
 * A calendar date picked in the UI's language and written in its culture (decision 030): "29.11.2026"
 * in German, "29/11/2026" in British English — a native date field shows the browser's "mm/dd/yyyy"
 * whatever the app's language. The calendar's month and weekday names follow the culture too.
 */
export function CultureDateField({
  label,
  value,
  onChange,
  error,
  size = 'sm',
  maw,
  required,
  'data-testid': testId,
}: CultureDateFieldProps) {
  const { t } = useTranslation();
  const culture = useCulture();
  const picked = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  return (
    <DatePickerInput
      label={label}
      value={picked}
      onChange={(next) => onChange(next === null ? '' : next.slice(0, 10))}
      valueFormatter={({ date }) =>
        typeof date === 'string' ? formatFieldDate(date.slice(0, 10), culture) : ''
      }
      locale={calendarLocaleOf(culture)}
      firstDayOfWeek={firstDayOfWeekOf(culture)}
      placeholder={t('common.pickDate')}
      getDayAriaLabel={(date) => formatFieldDate(date.slice(0, 10), culture)}
      nextLabel={t('common.nextMonth')}
      previousLabel={t('common.previousMonth')}
      error={error}
      size={size}
      maw={maw}
      required={required}
      popoverProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import { DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { calendarLocaleOf, firstDayOfWeekOf, formatDateTime, useCulture } from '../../../lib/date-time';

type CultureDateTimeFieldProps = {
  label: string;
  description?: string;
  /** `YYYY-MM-DDTHH:mm` (local time) or empty, as `banner-form-values` keeps it. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

/**
 * A date and time written in the user's culture (decision 030), not the browser's: a native
 * `datetime-local` shows "mm/dd/yyyy" in an American browser whatever the app's language. Picked from a
 * calendar with a time field; cleared with its × button.
 */
export function CultureDateTimeField({
  label,
  description,
  value,
  onChange,
  error,
}: CultureDateTimeFieldProps) {
  const { t } = useTranslation();
  const culture = useCulture();
  const picked = value === '' ? null : `${value.replace('T', ' ')}:00`;
  return (
    <DateTimePicker
      label={label}
      description={description}
      value={picked}
      onChange={(next) => onChange(next === null ? '' : next.slice(0, 16).replace(' ', 'T'))}
      valueFormat={(date) => formatDateTime(new Date(date.replace(' ', 'T')), culture)}
      locale={calendarLocaleOf(culture)}
      firstDayOfWeek={firstDayOfWeekOf(culture)}
      clearable
      clearButtonProps={{ 'aria-label': t('management.banners.clearDate') }}
      placeholder={t('management.banners.noDate')}
      error={error}
      submitButtonProps={{ 'aria-label': t('management.banners.pickDate') }}
    />
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createValueFormatter as createSharedFormatter,
  effectiveCulture,
  type FormatSettings,
  type ValueFormatter,
} from '@cockpit/contracts';
import { dateTimeFormat, supportedCulture } from './date-time';

// The report formatter lives in contracts (value-format.ts), shared with the subscriptions' mails; here
// the web's part: an unknown culture falls back to English (lib/date-time), date formats come from its cache.
export { isoWeek, missingValue, type FormatSettings, type ValueFormatter } from '@cockpit/contracts';

export function createValueFormatter(settings: FormatSettings): ValueFormatter {
  // An unknown culture must not break the page: English formats instead.
  return createSharedFormatter({ ...settings, culture: supportedCulture(settings.culture), dateTimeFormat });
}

/** The formatter for a culture and currency symbol, with week and quarter labels in the UI language. */
export function useValueFormatter(culture: string, currencySymbol: string): ValueFormatter {
  const { t, i18n } = useTranslation();
  return useMemo(
    () =>
      createValueFormatter({
        // "Automatic" follows the UI language (docs/decisions/030).
        culture: effectiveCulture(culture, i18n.language),
        currencySymbol,
        weekLabel: (week, year) => t('reports.format.week', { week, year }),
        quarterLabel: (quarter, year) => t('reports.format.quarter', { quarter, year }),
      }),
    // The labels change with the UI language.
    [culture, currencySymbol, t, i18n.language],
  );
}

import {
  type ValueFormatter as ReportValueFormatter,
  type UiLanguageName,
  createValueFormatter as createReportFormatter,
  effectiveCulture,
} from '@cockpit/contracts';
import { translate } from '../../lib/language';

// Values in a recipient's culture and currency symbol with the report page's own formatter (contracts'
// value-format.ts): a mail says what the page says.

export { missingValue } from '@cockpit/contracts';

export interface ValueFormatter extends ReportValueFormatter {
  /** A moment (data as of) in the culture, with its time zone. */
  dateTime(value: Date, timeZone: string): string;
}

/** A culture Intl knows; otherwise (e.g. "follow the browser", which a mail cannot) the language's own. */
function usableCulture(culture: string, language: UiLanguageName): string {
  const own = language === 'en' ? 'en-GB' : language;
  try {
    return Intl.NumberFormat.supportedLocalesOf([culture]).length > 0 ? culture : own;
  } catch {
    return own;
  }
}

export function createValueFormatter(
  requestedCulture: string,
  currencySymbol: string,
  language: UiLanguageName,
): ValueFormatter {
  // "Automatic" (the default) writes as the language does; an explicit choice wins (docs/decisions/030).
  const culture = usableCulture(effectiveCulture(requestedCulture, language), language);
  const fill = (key: string, values: Record<string, number>) =>
    translate(language, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
  const formatter = createReportFormatter({
    culture,
    currencySymbol,
    weekLabel: (week, year) => fill('reports.format.week', { week, year }),
    quarterLabel: (quarter, year) => fill('reports.format.quarter', { quarter, year }),
  });
  return {
    ...formatter,
    dateTime: (value, timeZone) =>
      new Intl.DateTimeFormat(culture, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(value),
  };
}

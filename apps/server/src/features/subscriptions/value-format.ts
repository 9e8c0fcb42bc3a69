import { effectiveCulture, type ReportCell, type UiLanguageName, type ValueFormat } from '@cockpit/contracts';
import { translate } from '../../lib/language';

// Values in a recipient's culture and currency symbol, as the report page shows them (its formatter in
// the web app's lib/value-format.ts does the same with the same Intl options): a mail says what the page says.

export const missingValue = '–';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoWeek(date: Date): { week: number; year: number } {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7), year: day.getUTCFullYear() };
}

export interface ValueFormatter {
  format(value: ReportCell | undefined, kind: ValueFormat): string;
  formatAxis(value: number, kind: ValueFormat): string;
  /** A moment (data as of) in the culture, with its time zone. */
  dateTime(value: Date, timeZone: string): string;
}

/** A culture Intl knows; otherwise (e.g. "follow the browser", which a mail cannot) the language's own. */
function usableCulture(culture: string, language: UiLanguageName): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([culture]).length > 0 ? culture : language === 'en' ? 'en-GB' : language;
  } catch {
    return language === 'en' ? 'en-GB' : language;
  }
}

export function createValueFormatter(requestedCulture: string, currencySymbol: string, language: UiLanguageName): ValueFormatter {
  // "Automatic" (the default) writes as the language does; an explicit choice wins (docs/decisions/030).
  const culture = usableCulture(effectiveCulture(requestedCulture, language), language);
  const integer = new Intl.NumberFormat(culture, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(culture, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(culture, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const compact = new Intl.NumberFormat(culture, { notation: 'compact', maximumFractionDigits: 1 });
  const axisPercent = new Intl.NumberFormat(culture, { style: 'percent', maximumFractionDigits: 0 });
  const money = new Intl.NumberFormat(culture, {
    style: 'currency',
    currency: 'EUR',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const day = new Intl.DateTimeFormat(culture, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(culture, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  const fill = (key: string, values: Record<string, number>) =>
    translate(language, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));

  const currency = (value: number) =>
    money
      .formatToParts(value)
      .map((part) => (part.type === 'currency' ? currencySymbol : part.value))
      .join('');

  const dateLike = (value: string, kind: 'date' | 'week' | 'month' | 'quarter') => {
    const match = isoDate.exec(value);
    if (!match) return value;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (kind === 'date') return day.format(date);
    if (kind === 'month') return month.format(date);
    if (kind === 'week') return fill('reports.format.week', isoWeek(date));
    return fill('reports.format.quarter', { quarter: Math.floor(date.getUTCMonth() / 3) + 1, year: date.getUTCFullYear() });
  };

  return {
    format(value, kind) {
      if (value === null || value === undefined || value === '') return missingValue;
      switch (kind) {
        case 'text':
          return String(value);
        case 'date':
        case 'week':
        case 'month':
        case 'quarter':
          return dateLike(String(value), kind);
        default: {
          const number = typeof value === 'number' ? value : Number(value);
          if (!Number.isFinite(number)) return String(value);
          if (kind === 'integer') return integer.format(number);
          if (kind === 'number') return decimal.format(number);
          if (kind === 'percent') return percent.format(number);
          return currency(number);
        }
      }
    },
    formatAxis: (value, kind) => (kind === 'percent' ? axisPercent.format(value) : compact.format(value)),
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

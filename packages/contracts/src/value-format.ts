import type { ReportCell, ValueFormat } from './reports';

// Report values arrive raw (numbers, `YYYY-MM-DD` dates) and are shown in the reader's culture and
// currency symbol ("numbers, dates and currency follow the user's culture", docs/product.md). One
// formatter for the report page, its CSV export and the mails of subscriptions (decision 029): a file or
// a mail says exactly what the screen says.

export type FormatSettings = {
  /** The reader's culture (`en-GB`, `de-AT`, …), one Intl knows: the caller checks it. */
  culture: string;
  /** The reader's currency symbol (`€`, `CHF`, …). */
  currencySymbol: string;
  /** `W47 2026` / `KW 47 2026`: the week label of the UI language. */
  weekLabel: (week: number, year: number) => string;
  /** `Q4 2026`. */
  quarterLabel: (quarter: number, year: number) => string;
  /** Makes a date format; the web passes its cache of them. Default: a new `Intl.DateTimeFormat`. */
  dateTimeFormat?: (culture: string, options: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat;
};

export type ValueFormatter = {
  /** A table cell, KPI or tooltip value; null → an en dash. */
  format: (value: ReportCell | undefined, format: ValueFormat) => string;
  /** A short axis label: `1.2M` / `1,2 Mio.`, percentages as such. */
  formatAxis: (value: number, format: ValueFormat) => string;
  culture: string;
};

export const missingValue = '–';

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(value: string): Date | null {
  const match = isoDatePattern.exec(value);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** ISO 8601 week number and week-numbering year of a date (weeks start on Monday). */
export function isoWeek(date: Date): { week: number; year: number } {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week decides the year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7), year: day.getUTCFullYear() };
}

export function createValueFormatter(settings: FormatSettings): ValueFormatter {
  const { culture } = settings;
  const dateTimeFormat =
    settings.dateTimeFormat ?? ((locale, options) => new Intl.DateTimeFormat(locale, options));
  const integer = new Intl.NumberFormat(culture, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(culture, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(culture, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const compact = new Intl.NumberFormat(culture, { notation: 'compact', maximumFractionDigits: 1 });
  const axisPercent = new Intl.NumberFormat(culture, { style: 'percent', maximumFractionDigits: 0 });
  // The culture decides where the symbol goes and how it is spaced; the symbol is the user's own
  // (any text, not necessarily an ISO currency), so the formatted currency part is replaced by it.
  const money = new Intl.NumberFormat(culture, {
    style: 'currency',
    currency: 'EUR',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const day = dateTimeFormat(culture, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const month = dateTimeFormat(culture, { year: 'numeric', month: 'short', timeZone: 'UTC' });

  const currency = (value: number) =>
    money
      .formatToParts(value)
      .map((part) => (part.type === 'currency' ? settings.currencySymbol : part.value))
      .join('');

  const formatDateLike = (value: string, format: 'date' | 'week' | 'month' | 'quarter') => {
    const date = parseIsoDate(value);
    if (!date) return value;
    switch (format) {
      case 'date':
        return day.format(date);
      case 'month':
        return month.format(date);
      case 'week': {
        const { week, year } = isoWeek(date);
        return settings.weekLabel(week, year);
      }
      case 'quarter':
        return settings.quarterLabel(Math.floor(date.getUTCMonth() / 3) + 1, date.getUTCFullYear());
    }
  };

  const format = (value: ReportCell | undefined, kind: ValueFormat): string => {
    if (value === null || value === undefined || value === '') return missingValue;
    switch (kind) {
      case 'text':
        return String(value);
      case 'date':
      case 'week':
      case 'month':
      case 'quarter':
        return formatDateLike(String(value), kind);
      default: {
        const number = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(number)) return String(value);
        if (kind === 'integer') return integer.format(number);
        if (kind === 'number') return decimal.format(number);
        if (kind === 'percent') return percent.format(number);
        return currency(number);
      }
    }
  };

  const formatAxis = (value: number, kind: ValueFormat) =>
    kind === 'percent' ? axisPercent.format(value) : compact.format(value);

  return { format, formatAxis, culture };
}

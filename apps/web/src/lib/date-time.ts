import { useTranslation } from 'react-i18next';
import { cultureFor } from './client-params';

/**
 * The one place the web app turns instants and calendar dates into text (docs/product.md §D.3 "Short date in UI
 * culture"). Dates follow the user's UI culture (docs/product.md §3 accountSettings.uiCulture); relative times speak
 * the UI language. An unknown culture falls back to en-GB, an unreadable date gives an empty text (or the
 * text unchanged, for calendar dates) — never "Invalid Date" and never a crash.
 */

export type Instant = string | number | Date;

const fallbackCulture = 'en-GB';

/** A culture `Intl` supports, else en-GB: an unknown culture must not break the page. */
export function supportedCulture(culture: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([culture]).length > 0 ? culture : fallbackCulture;
  } catch {
    return fallbackCulture;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached `Intl.DateTimeFormat` for a culture (made safe with `supportedCulture`). */
export function dateTimeFormat(culture: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${culture}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(supportedCulture(culture), options);
    formats.set(key, format);
  }
  return format;
}

function timeOf(instant: Instant): number {
  if (instant instanceof Date) return instant.getTime();
  return typeof instant === 'number' ? instant : Date.parse(instant);
}

function formatInstant(instant: Instant, culture: string, options: Intl.DateTimeFormatOptions): string {
  const time = timeOf(instant);
  return Number.isNaN(time) ? '' : dateTimeFormat(culture, options).format(time);
}

/** docs/product.md §2 Notifications "a short date in the UI culture": `dateStyle: 'short'`. */
export function formatShortDate(instant: Instant, culture: string): string {
  return formatInstant(instant, culture, { dateStyle: 'short' });
}

/** An instant as a short date and time (Management → Mail's deliveries and outbox). */
export function formatShortDateTime(instant: Instant, culture: string): string {
  return formatInstant(instant, culture, { dateStyle: 'short', timeStyle: 'short' });
}

/** An instant as date and time (lists and details of the management and settings screens). */
export function formatDateTime(instant: Instant, culture: string): string {
  return formatInstant(instant, culture, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A calendar date `YYYY-MM-DD` (a contract's start, say). It has no time of day, so it is formatted in
 * UTC and never shifts by a day in another time zone. Text that is no such date comes back unchanged.
 */
export function formatCalendarDate(
  isoDate: string,
  culture: string,
  dateStyle: 'medium' | 'long' = 'long',
): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dateTimeFormat(culture, { dateStyle, timeZone: 'UTC' }).format(date);
}

const relativeUnits: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) {
    try {
      format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    } catch {
      format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    }
    relativeFormats.set(language, format);
  }
  return format;
}

/**
 * "vor 2 Stunden", "3 days ago": how long ago an instant was, in the UI language (numeric `auto`:
 * "yesterday", "gestern"). Under a minute is "now" ("jetzt"); a future time (clocks a little apart)
 * counts as now too.
 */
export function formatRelativeTime(instant: Instant, language: string, now: number): string {
  const time = timeOf(instant);
  if (Number.isNaN(time)) return '';
  const format = relativeTimeFormat(language);
  const elapsedSeconds = Math.max(0, (now - time) / 1000);
  for (const { unit, seconds } of relativeUnits) {
    if (elapsedSeconds >= seconds) return format.format(-Math.floor(elapsedSeconds / seconds), unit);
  }
  return format.format(0, 'second');
}

/**
 * The calendar's month and weekday names for a culture (dayjs locales, loaded by the date fields):
 * German for a German culture, American English for en-US, else British English (decision 030).
 */
export function calendarLocaleOf(culture: string): 'de' | 'en' | 'en-gb' {
  return culture.toLowerCase().startsWith('de') ? 'de' : culture === 'en-US' ? 'en' : 'en-gb';
}

/** The first day of a culture's week in a calendar: Sunday (0) in the United States, else Monday (1). */
export function firstDayOfWeekOf(culture: string): 0 | 1 {
  return culture === 'en-US' ? 0 : 1;
}

/** Whether the culture tells the time on a 12-hour clock ("7:00 AM", en-US) or a 24-hour one ("07:00"). */
export function usesTwelveHourClock(culture: string): boolean {
  const cycle = dateTimeFormat(culture, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h12' || cycle === 'h11';
}

/** A calendar date `YYYY-MM-DD` as its culture writes it in a date field (`29.11.2026`, `29/11/2026`). */
export function formatFieldDate(isoDate: string, culture: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dateTimeFormat(culture, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the value of `<input type="datetime-local">` (local time, minutes). */
export function toDateTimeLocal(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The value of a `datetime-local` input as an instant; empty → null. Text that is no date is passed on
 * unchanged so that validation reports the field.
 */
export function fromDateTimeLocal(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value); // without an offset, the browser reads it as local time
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * The UI culture for dates and numbers: the user's choice, or — "Automatic (follows the language)", and
 * until the settings are known — the UI language's own (docs/decisions/030).
 */
export function useCulture(): string {
  const { i18n } = useTranslation();
  return cultureFor(i18n.language);
}

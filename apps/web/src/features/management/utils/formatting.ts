export { formatCalendarDate } from '../../../lib/calendar-date';

/** Formatting for the management screens, always in the UI culture (DESIGN.md §3). */

function safeFormat<T>(create: () => T, fallback: () => T): T {
  try {
    return create();
  } catch {
    return fallback(); // an unknown culture or currency code
  }
}

/** An instant (ISO text) as date and time. */
export function formatDateTime(iso: string, culture: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return safeFormat(
    () => new Intl.DateTimeFormat(culture, { dateStyle: 'medium', timeStyle: 'short' }).format(time),
    () => new Date(time).toISOString(),
  );
}

/** An amount in the smallest unit of an ISO 4217 currency (cents). */
export function formatMoney(cents: number, currency: string, culture: string): string {
  return safeFormat(
    () => new Intl.NumberFormat(culture, { style: 'currency', currency }).format(cents / 100),
    () => `${(cents / 100).toFixed(2)} ${currency}`,
  );
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

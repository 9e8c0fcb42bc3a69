import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatCalendarDate,
  formatDateTime,
  formatRelativeTime,
  formatShortDate,
  fromDateTimeLocal,
  toDateTimeLocal,
} from './date-time';

// The one date-time formatter of the web app (docs/product.md §D.3 "Short date in UI culture").
describe('date-time formatting', () => {
  const instant = '2026-03-10T12:00:00.000Z';

  it('writes the short date in the UI culture (docs/product.md §2 Notifications)', () => {
    expect(formatShortDate(instant, 'de-DE')).toBe('10.03.26');
    expect(formatShortDate(instant, 'en-GB')).toBe('10/03/2026');
    expect(formatShortDate(instant, 'en-US')).toBe('3/10/26');
    expect(formatShortDate(Date.parse(instant), 'de-AT')).toBe('10.03.26');
  });

  it('writes date and time in the culture', () => {
    expect(formatDateTime(new Date(2026, 2, 10, 14, 5), 'de-DE')).toBe('10.03.2026, 14:05');
    expect(formatDateTime(new Date(2026, 2, 10, 14, 5), 'en-GB')).toBe('10 Mar 2026, 14:05');
  });

  it('never shows "Invalid Date" and survives an unknown culture', () => {
    expect(formatShortDate('not a date', 'de-DE')).toBe('');
    expect(formatDateTime('', 'en-GB')).toBe('');
    expect(formatShortDate(instant, '!!not a culture')).toBe('10/03/2026');
    expect(dateTimeFormat('!!', { dateStyle: 'short' }).resolvedOptions().locale).toBe('en-GB');
  });

  it('writes calendar dates without shifting a day', () => {
    expect(formatCalendarDate('2025-03-01', 'en-GB')).toBe('1 March 2025');
    expect(formatCalendarDate('2025-03-01', 'de-AT')).toBe('1. März 2025');
    expect(formatCalendarDate('2025-03-01', 'de-DE', 'medium')).toBe('01.03.2025');
    expect(formatCalendarDate('soon', 'en-GB')).toBe('soon');
  });

  it('round-trips datetime-local values through instants', () => {
    const iso = fromDateTimeLocal('2030-05-06T07:08');
    expect(iso).not.toBeNull();
    expect(toDateTimeLocal(iso)).toBe('2030-05-06T07:08');
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('not a date')).toBe('not a date');
    expect(toDateTimeLocal(null)).toBe('');
  });
});

// The reports home's "2 hours ago" / "vor 2 Stunden" (Intl.RelativeTimeFormat in the UI language).
describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('speaks the UI language', () => {
    expect(formatRelativeTime(ago(2 * hour), 'de-DE', now)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(ago(2 * hour), 'de-AT', now)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(ago(2 * hour), 'en', now)).toBe('2 hours ago');
  });

  it('picks the largest whole unit', () => {
    expect(formatRelativeTime(ago(5 * minute + 30_000), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(day + hour), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * day), 'en', now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(15 * day), 'en', now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(400 * day), 'en', now)).toBe('last year');
  });

  it('is "now" under a minute and for a time slightly ahead (clocks apart)', () => {
    expect(formatRelativeTime(ago(20_000), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(-5_000), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(0), 'de-DE', now)).toBe('jetzt');
  });

  it('gives an empty text for an unreadable date and falls back to English for an unknown language', () => {
    expect(formatRelativeTime('not a date', 'en', now)).toBe('');
    expect(formatRelativeTime(ago(hour), '!!', now)).toBe('1 hour ago');
  });
});

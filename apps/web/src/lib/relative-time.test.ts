import { describe, expect, it } from 'vitest';
import { createRelativeTimeFormat, formatRelativeTime } from './relative-time';

// The reports home's "2 hours ago" / "vor 2 Stunden" (Intl.RelativeTimeFormat in the UI language).
describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('speaks the UI language', () => {
    expect(formatRelativeTime(createRelativeTimeFormat('de-DE'), ago(2 * hour), now)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(createRelativeTimeFormat('de-AT'), ago(2 * hour), now)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(createRelativeTimeFormat('en'), ago(2 * hour), now)).toBe('2 hours ago');
  });

  it('picks the largest whole unit', () => {
    const en = createRelativeTimeFormat('en');
    expect(formatRelativeTime(en, ago(5 * minute + 30_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(en, ago(day + hour), now)).toBe('yesterday');
    expect(formatRelativeTime(en, ago(3 * day), now)).toBe('3 days ago');
    expect(formatRelativeTime(en, ago(15 * day), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(en, ago(400 * day), now)).toBe('last year');
  });

  it('is "now" under a minute and for a time slightly ahead (clocks apart)', () => {
    const en = createRelativeTimeFormat('en');
    expect(formatRelativeTime(en, ago(20_000), now)).toBe('now');
    expect(formatRelativeTime(en, ago(-5_000), now)).toBe('now');
    expect(formatRelativeTime(createRelativeTimeFormat('de-DE'), ago(0), now)).toBe('jetzt');
  });

  it('gives an empty text for an unreadable date and falls back to English for an unknown language', () => {
    expect(formatRelativeTime(createRelativeTimeFormat('en'), 'not a date', now)).toBe('');
    expect(formatRelativeTime(createRelativeTimeFormat('!!'), ago(hour), now)).toBe('1 hour ago');
  });
});

import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatMoney, fromDateTimeLocal, toDateTimeLocal } from './formatting';

describe('management formatting', () => {
  it('formats money and dates in the culture, without failing on unknown codes', () => {
    expect(formatMoney(129_000, 'EUR', 'de-DE')).toMatch(/1\.290,00\s€/);
    expect(formatMoney(4_900, 'EUR', 'en-GB')).toBe('€49.00');
    expect(formatMoney(100, 'NOT-A-CODE', 'en-GB')).toBe('1.00 NOT-A-CODE');
    expect(formatCalendarDate('2025-03-01', 'en-GB')).toBe('1 March 2025');
    expect(formatCalendarDate('2025-03-01', 'de-AT')).toBe('1. März 2025');
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

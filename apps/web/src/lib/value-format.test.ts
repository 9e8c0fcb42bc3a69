import { describe, expect, it } from 'vitest';
import { createValueFormatter, isoWeek, missingValue, type FormatSettings } from './value-format';

// Reports and dashboards: numbers, dates and currency follow the user's culture and currency symbol.

const settings = (culture: string, currencySymbol = '€'): FormatSettings => ({
  culture,
  currencySymbol,
  weekLabel: (week, year) => `W${week} ${year}`,
  quarterLabel: (quarter, year) => `Q${quarter} ${year}`,
});

/** Intl separates with (narrow) no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('createValueFormatter', () => {
  it.each([
    ['en-GB', '€1,234,567.89', '36.3%', '05/01/2026', 'Jan 2026', '62,022'],
    ['de-DE', '1.234.567,89 €', '36,3 %', '05.01.2026', 'Jan. 2026', '62.022'],
    ['de-AT', '€ 1.234.567,89', '36,3 %', '05.01.2026', 'Jän. 2026', '62 022'],
  ])('formats for %s', (culture, currency, percent, date, month, integer) => {
    const { format } = createValueFormatter(settings(culture));
    expect(plain(format(1234567.891, 'currency'))).toBe(currency);
    expect(plain(format(0.3625, 'percent'))).toBe(percent);
    expect(format('2026-01-05', 'date')).toBe(date);
    expect(format('2026-01-01', 'month')).toBe(month);
    expect(plain(format(62022, 'integer'))).toBe(integer);
  });

  it("puts the user's own currency symbol where the culture puts the currency", () => {
    expect(plain(createValueFormatter(settings('de-DE', 'CHF')).format(-12.5, 'currency'))).toBe(
      '-12,50 CHF',
    );
    expect(plain(createValueFormatter(settings('en-GB', '$')).format(12.5, 'currency'))).toBe('$12.50');
  });

  it('labels weeks (ISO 8601) and quarters in the UI language', () => {
    const { format } = createValueFormatter(settings('en-GB'));
    expect(format('2026-11-16', 'week')).toBe('W47 2026');
    expect(format('2026-10-01', 'quarter')).toBe('Q4 2026');
    expect(format('2026-01-01', 'quarter')).toBe('Q1 2026');
  });

  it('shows a dash for no value, text as it is, and survives odd input', () => {
    const { format } = createValueFormatter(settings('en-GB'));
    expect(format(null, 'currency')).toBe(missingValue);
    expect(format(undefined, 'date')).toBe(missingValue);
    expect(format('Süd', 'text')).toBe('Süd');
    expect(format('not a date', 'date')).toBe('not a date');
    expect(format('abc', 'integer')).toBe('abc');
  });

  it('falls back to English formats for an unknown culture instead of failing', () => {
    const { format, culture } = createValueFormatter(settings('xx-not-a-culture'));
    expect(culture).toBe('en-GB');
    expect(format(1.5, 'number')).toBe('1.50');
  });

  it('shortens axis labels', () => {
    const de = createValueFormatter(settings('de-DE'));
    expect(plain(de.formatAxis(1_200_000, 'currency'))).toBe('1,2 Mio.');
    expect(plain(de.formatAxis(0.25, 'percent'))).toBe('25 %');
  });
});

describe('isoWeek', () => {
  it.each([
    ['2026-01-01', 1, 2026],
    ['2027-01-01', 53, 2026],
    ['2024-12-30', 1, 2025],
    ['2026-11-21', 47, 2026],
  ])('%s is week %i of %i', (date, week, year) => {
    expect(isoWeek(new Date(`${date}T00:00:00Z`))).toEqual({ week, year });
  });
});

import { describe, expect, it } from 'vitest';
import { formatCultureNumber, parseCultureNumber } from './number-text';

// A number as the reader's culture writes it (decision 030; decision 046: never guessed).

describe('parseCultureNumber', () => {
  it('reads German numbers with dots for thousands and a decimal comma', () => {
    expect(parseCultureNumber('1.500,50', 'de-DE')).toBe(1500.5);
    expect(parseCultureNumber('1500,5', 'de-DE')).toBe(1500.5);
    expect(parseCultureNumber(' -2.000.000 ', 'de-DE')).toBe(-2_000_000);
    expect(parseCultureNumber('0,25', 'de-DE')).toBe(0.25);
  });

  it('reads English numbers with commas for thousands and a decimal point', () => {
    expect(parseCultureNumber('1,500.50', 'en-GB')).toBe(1500.5);
    expect(parseCultureNumber('250.5', 'en-GB')).toBe(250.5);
    expect(parseCultureNumber('−3', 'en-GB')).toBe(-3);
  });

  it('reads a culture grouping with spaces, a typed space too', () => {
    const grouped = formatCultureNumber(1500.5, 'de-AT');
    expect(parseCultureNumber(grouped, 'de-AT')).toBe(1500.5);
    if (/\s|\u202f/.test(grouped)) expect(parseCultureNumber('1 500,5', 'de-AT')).toBe(1500.5);
  });

  it('refuses what the culture does not write, never guessing', () => {
    for (const text of [
      '1.5',
      '1.500.5',
      '1,500.50',
      '12.34,5',
      'abc',
      '1,2,3',
      '',
      ' ',
      '1e5',
      '--1',
      '1.500,',
    ]) {
      expect(parseCultureNumber(text, 'de-DE'), text).toBeNull();
    }
    for (const text of ['1.500,50', '1,5', '1,50', '1.2.3', 'NaN', 'Infinity']) {
      expect(parseCultureNumber(text, 'en-GB'), text).toBeNull();
    }
  });
});

describe('formatCultureNumber', () => {
  it('writes a value as the culture does, with all its decimals', () => {
    expect(formatCultureNumber(1500.5, 'de-DE')).toBe('1.500,5');
    expect(formatCultureNumber(1234567.125, 'en-GB')).toBe('1,234,567.125');
    expect(parseCultureNumber(formatCultureNumber(0.000123, 'de-DE'), 'de-DE')).toBe(0.000123);
  });
});

import { describe, expect, it } from 'vitest';
import { BadValue, columnNames, inferFormat, inferType, parseCell, safeIdentifier } from './upload-values';

// Cells of an uploaded file as values of their column's type (decision 027, uploads).

const bad = (run: () => unknown) => expect(run).toThrow(BadValue);

describe('parseCell', () => {
  it('reads numbers in the English and the German style', () => {
    expect(parseCell('1,234.56', 'decimal', 'en')).toBe('1234.56');
    expect(parseCell('1.234,56', 'decimal', 'de')).toBe('1234.56');
    expect(parseCell('-7,5', 'decimal', 'de')).toBe('-7.5');
    expect(parseCell('+1.5e3', 'decimal', 'en')).toBe('1.5e3');
    expect(parseCell('1.200', 'integer', 'de')).toBe('1200');
    expect(parseCell('1,200', 'integer', 'en')).toBe('1200');
    bad(() => parseCell('1.5', 'integer', 'en'));
    bad(() => parseCell('1,5', 'decimal', 'en'));
    bad(() => parseCell('1.23', 'decimal', 'de'));
    bad(() => parseCell('12x', 'decimal', 'en'));
    bad(() => parseCell('-', 'decimal', 'en'));
  });

  it('reads percentages as their fraction and amounts of money as numbers, in both styles', () => {
    expect(parseCell('11,0 %', 'decimal', 'de')).toBe('0.110');
    expect(parseCell('11.0%', 'decimal', 'en')).toBe('0.110');
    expect(parseCell('-5 %', 'decimal', 'de')).toBe('-0.05');
    expect(parseCell('1.234,5\u00a0%', 'decimal', 'de')).toBe('12.345');
    expect(parseCell('€ 1.234,50', 'decimal', 'de')).toBe('1234.50');
    expect(parseCell('1.234,50 €', 'decimal', 'de')).toBe('1234.50');
    expect(parseCell('EUR 1.234,50', 'decimal', 'de')).toBe('1234.50');
    expect(parseCell('$1,234.50', 'decimal', 'en')).toBe('1234.50');
    expect(parseCell('-$1,234.50', 'decimal', 'en')).toBe('-1234.50');
    expect(parseCell('€ -5', 'decimal', 'de')).toBe('-5');
    bad(() => parseCell('11.0%', 'decimal', 'de'));
    bad(() => parseCell('$1,234.50', 'decimal', 'de'));
    bad(() => parseCell('€ 5', 'integer', 'de'));
    bad(() => parseCell('-€ -5', 'decimal', 'de'));
    bad(() => parseCell('1e3 %', 'decimal', 'en'));
    bad(() => parseCell('€', 'decimal', 'en'));
  });

  it('keeps whole numbers within bigint', () => {
    expect(parseCell('9223372036854775807', 'integer', 'en')).toBe('9223372036854775807');
    expect(parseCell('-9223372036854775808', 'integer', 'en')).toBe('-9223372036854775808');
    bad(() => parseCell('9223372036854775808', 'integer', 'en'));
    bad(() => parseCell(2 ** 60, 'integer', 'en'));
    expect(parseCell(42, 'integer', 'de')).toBe('42');
  });

  it('reads calendar dates only, either way, and timestamps as UTC unless they say otherwise', () => {
    expect(parseCell('31.12.2026', 'date', 'de')).toBe('2026-12-31');
    expect(parseCell('2026-12-31', 'date', 'de')).toBe('2026-12-31');
    expect(parseCell('29.02.2024', 'date', 'de')).toBe('2024-02-29');
    bad(() => parseCell('29.02.2026', 'date', 'de'));
    bad(() => parseCell('2026-13-01', 'date', 'en'));
    bad(() => parseCell('31.04.2026', 'date', 'de'));
    expect(parseCell('2026-03-01 08:00', 'timestamp', 'en')).toBe('2026-03-01T08:00:00Z');
    expect(parseCell('2026-03-01T08:00:00+0100', 'timestamp', 'en')).toBe('2026-03-01T08:00:00+01:00');
    expect(parseCell('1.3.2026 8:05', 'timestamp', 'de')).toBe('2026-03-01T08:05:00Z');
    bad(() => parseCell('2026-03-01 25:00', 'timestamp', 'en'));
    expect(parseCell(new Date(Date.UTC(2026, 0, 31)), 'date', 'en')).toBe('2026-01-31');
  });

  it('reads yes and no in both languages; empty cells are null; text is kept as written', () => {
    expect(parseCell('Ja', 'boolean', 'de')).toBe('true');
    expect(parseCell('no', 'boolean', 'en')).toBe('false');
    expect(parseCell(true, 'boolean', 'en')).toBe('true');
    bad(() => parseCell('maybe', 'boolean', 'en'));
    expect(parseCell('  ', 'integer', 'en')).toBeNull();
    expect(parseCell(null, 'text', 'en')).toBeNull();
    expect(parseCell(' a ', 'text', 'en')).toBe(' a ');
  });
});

describe('inferType', () => {
  it('takes the narrowest type every value fits, in the value style', () => {
    expect(inferType(['1', '2', ''], 'en')).toBe('integer');
    expect(inferType(['1', '2.5'], 'en')).toBe('decimal');
    expect(inferType(['1.234', '2'], 'de')).toBe('integer');
    expect(inferType(['31.12.2026', null], 'de')).toBe('date');
    expect(inferType(['2026-01-01T10:00:00Z'], 'en')).toBe('timestamp');
    expect(inferType(['ja', 'nein'], 'de')).toBe('boolean');
    expect(inferType(['1', 'x'], 'en')).toBe('text');
    expect(inferType([null, ''], 'en')).toBe('text');
    expect(inferType(['11,0 %', '5 %'], 'de')).toBe('decimal');
    expect(inferType(['€ 1.234,50', '€ 7'], 'de')).toBe('decimal');
  });

  it('gives percent and money columns their format', () => {
    expect(inferFormat(['11,0 %', '5 %', null], 'decimal')).toBe('percent');
    expect(inferFormat(['€ 1.234,50', '1,00 €', 'EUR 3'], 'decimal')).toBe('currency');
    expect(inferFormat(['11 %', '5'], 'decimal')).toBeUndefined();
    expect(inferFormat(['1.5', 2], 'decimal')).toBeUndefined();
    expect(inferFormat(['1', '2'], 'integer')).toBeUndefined();
  });
});

describe('SQL names from file text', () => {
  it('are lower-case ASCII, start with a letter, fit 63 characters and never repeat', () => {
    expect(safeIdentifier('Umsatz (€) 2026', 'x')).toBe('umsatz_2026');
    expect(safeIdentifier('Größe', 'x')).toBe('groesse');
    expect(safeIdentifier('Café', 'x')).toBe('cafe');
    expect(safeIdentifier('2026', 'x')).toBe('c_2026');
    expect(safeIdentifier('"; DROP TABLE x; --', 'x')).toBe('drop_table_x');
    expect(safeIdentifier('💥', 'fallback')).toBe('fallback');
    expect(safeIdentifier('a'.repeat(100), 'x')).toHaveLength(63);
    expect(columnNames(['A', 'a', '', 'a'])).toEqual(['a', 'a_2', 'column_3', 'a_3']);
    const long = columnNames(['b'.repeat(70), 'b'.repeat(70)]);
    expect(long[1]).toHaveLength(63);
    expect(long[1]).toMatch(/_2$/);
  });
});

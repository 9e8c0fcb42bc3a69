import { describe, expect, it } from 'vitest';
import { pgResultRows, resultValue } from './result-values';

// Rows of a PostgreSQL result become report rows in place: only columns whose type may hold something
// other than text, a finite number, a boolean or null are looked at.

describe('pgResultRows', () => {
  it('converts only the columns that need it, in place, like resultValue', () => {
    const bytes = Buffer.from('abc');
    const rows: unknown[][] = [
      [1, 'North', 2.5, bytes, [1, 2], true, Number.NaN],
      [2, null, null, null, null, false, Number.POSITIVE_INFINITY],
    ];
    // integer, text, numeric, bytea, integer[], boolean, double precision
    const fields = [23, 25, 1700, 17, 1007, 16, 701].map((dataTypeID) => ({ dataTypeID }));
    const expected = rows.map((row) => row.map(resultValue));
    const firstRow = rows[0];
    const result = pgResultRows(fields, rows);
    expect(result).toBe(rows);
    expect(result[0]).toBe(firstRow);
    expect(result).toEqual(expected);
    expect(result[0]).toEqual([1, 'North', 2.5, 'abc', '[1,2]', true, 'NaN']);
  });
});

import { describe, expect, it } from 'vitest';
import { isWrittenAsRange, lineAndColumn } from './sql-parameters';

// The SQL template of decision 027 as the editor reads it (which parameters it names: contracts).

describe('isWrittenAsRange', () => {
  it('tells a range from a plain parameter', () => {
    const sql = "WHERE d >= {{period.from}} AND x = {{region}} AND y = '{{other.to}}'";
    expect(isWrittenAsRange(sql, 'period')).toBe(true);
    expect(isWrittenAsRange(sql, 'region')).toBe(false);
    expect(isWrittenAsRange(sql, 'other')).toBe(false);
  });
});

describe('lineAndColumn', () => {
  it('turns a 1-based character position into the line and column an editor shows', () => {
    const sql = 'SELECT a\nFROM sales\nWHERE x = 1';
    expect(lineAndColumn(sql, 1)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn(sql, 10)).toEqual({ line: 2, column: 1 });
    expect(lineAndColumn(sql, 15)).toEqual({ line: 2, column: 6 });
    expect(lineAndColumn(sql, 27)).toEqual({ line: 3, column: 7 }); // the `x`
  });
});

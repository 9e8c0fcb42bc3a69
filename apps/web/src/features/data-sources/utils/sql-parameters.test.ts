import { describe, expect, it } from 'vitest';
import { detectParameters, isWrittenAsRange, lineAndColumn } from './sql-parameters';

// The SQL template of decision 027 as the editor reads it: which parameters a statement names.

describe('detectParameters', () => {
  it('finds each parameter once, in order, a range by its name, never the user references', () => {
    const sql = [
      'SELECT region, sum(amount) AS revenue',
      'FROM sales',
      'WHERE day BETWEEN {{range.from}} AND {{ range.to }}',
      '  AND owner = {{user.email}} AND team = {{user.attributes.team}}',
      '  [[AND region IN ({{region}})]]',
      '  AND amount > {{minimum}} AND region <> {{region}}',
    ].join('\n');
    expect(detectParameters(sql)).toEqual(['range', 'region', 'minimum']);
  });

  it('finds nothing in plain SQL or in malformed references', () => {
    expect(detectParameters('SELECT 1')).toEqual([]);
    expect(detectParameters('SELECT {{1abc}}, {{ }}, {single}')).toEqual([]);
  });

  it('tells a range from a plain parameter', () => {
    const sql = 'WHERE d >= {{period.from}} AND x = {{region}}';
    expect(isWrittenAsRange(sql, 'period')).toBe(true);
    expect(isWrittenAsRange(sql, 'region')).toBe(false);
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

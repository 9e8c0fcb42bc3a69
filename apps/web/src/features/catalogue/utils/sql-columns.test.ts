import { describe, expect, it } from 'vitest';
import { columnsInSql } from './sql-columns';
import { drawableVisuals } from './live-visuals';

// The columns a chart's axes offer before any preview (decision 045), and the visuals the live preview
// leaves out.

describe('columns in the SQL', () => {
  it('reads aliases, qualified columns and function names of the outermost SELECT', () => {
    expect(
      columnsInSql(
        `WITH t AS (SELECT a, b FROM x) SELECT s.Region, SUM(amount) AS revenue, count(*), price * 2 doubled, price * qty
         FROM sales s WHERE day >= {{range.from}} [[AND region IN ({{region}})]] GROUP BY 1`,
        'postgres',
      ),
    ).toEqual(['region', 'revenue', 'count', 'doubled']);
  });

  it('keeps MySQL names as written and reads quoted ones; skips * and comments', () => {
    expect(
      columnsInSql("SELECT DISTINCT `Order Day`, t.*, 'a,b' AS label -- , hidden\nFROM t", 'mysql'),
    ).toEqual(['Order Day', 'label']);
    expect(columnsInSql('SELECT "Net Sales", CASE WHEN x THEN 1 END AS flag FROM t', 'postgres')).toEqual([
      'Net Sales',
      'flag',
    ]);
  });

  it('finds nothing in text that is no SELECT', () => {
    expect(columnsInSql('', 'postgres')).toEqual([]);
    expect(columnsInSql('SHOW TABLES', 'mysql')).toEqual([]);
  });
});

describe('visuals of the live preview', () => {
  it('leaves out visuals still being filled in and names the column a visual reads that the result lacks', () => {
    expect(
      drawableVisuals(
        [
          { type: 'kpi', id: 'kpi1', items: [{ column: 'revenue' }] },
          { type: 'chart', id: 'chart1', kind: 'bar', x: '', series: ['revenue'], stacked: false },
          { type: 'chart', id: 'chart2', kind: 'line', x: 'day', series: ['revenue'], stacked: false },
          { type: 'table', id: 'table1', columns: ['region', 'revenue'] },
        ],
        ['region', 'revenue'],
      ),
    ).toEqual({
      drawn: [
        { type: 'kpi', id: 'kpi1', items: [{ column: 'revenue' }] },
        { type: 'table', id: 'table1', columns: ['region', 'revenue'] },
      ],
      misfits: [{ visual: 'chart2', column: 'day' }],
    });
  });
});

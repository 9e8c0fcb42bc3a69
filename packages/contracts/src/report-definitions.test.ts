import { describe, expect, it } from 'vitest';
import { definitionVisualSchema } from './report-definitions';

// Stored definitions keep their meaning when KPIs and charts learn more (decision 047): nothing is
// migrated, an old body parses as it did.

describe('definition visuals', () => {
  it('parses a stored KPI and chart written before aggregation and split charts, unchanged', () => {
    const kpi = { type: 'kpi', id: 'kpis', items: [{ column: 'revenue', compareTo: 'target' }] };
    expect(definitionVisualSchema.parse(kpi)).toEqual(kpi);
    const chart = { type: 'chart', id: 'trend', kind: 'bar', x: 'month', series: ['revenue', 'units'] };
    expect(definitionVisualSchema.parse(chart)).toEqual({ ...chart, stacked: false });
  });

  it('accepts the new options and refuses what cannot be drawn', () => {
    expect(
      definitionVisualSchema.safeParse({
        type: 'kpi',
        id: 'k',
        items: [
          { column: 'revenue', aggregate: 'sum', comparePreviousPeriod: 'period', lowerIsBetter: true },
        ],
      }).success,
    ).toBe(true);
    const both = definitionVisualSchema.safeParse({
      type: 'kpi',
      id: 'k',
      items: [{ column: 'revenue', compareTo: 'target', comparePreviousPeriod: 'period' }],
    });
    expect(both.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'items.0.comparePreviousPeriod',
    ]);
    expect(
      definitionVisualSchema.safeParse({
        type: 'kpi',
        id: 'k',
        items: [{ column: 'x', aggregate: 'median' }],
      }).success,
    ).toBe(false);

    const split = { type: 'chart', id: 'c', kind: 'bar', x: 'month', splitBy: 'region' };
    expect(definitionVisualSchema.safeParse({ ...split, series: ['revenue'] }).success).toBe(true);
    expect(
      definitionVisualSchema.safeParse({ ...split, series: ['revenue', 'units'] }).error?.issues[0]?.path,
    ).toEqual(['series']);
    const pie = { type: 'chart', id: 'p', kind: 'donut', x: 'region' };
    expect(definitionVisualSchema.safeParse({ ...pie, series: ['revenue'] }).success).toBe(true);
    expect(definitionVisualSchema.safeParse({ ...pie, series: ['revenue', 'units'] }).success).toBe(false);
  });
});

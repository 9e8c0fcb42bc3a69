import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import {
  field,
  kpi,
  labeller,
  ratio,
  roundMoney,
  rowsOf,
  salesDays,
  series,
  tableOf,
  toNumber,
} from './query-helpers';
import { defineReportQuery } from './query-types';

interface Row {
  period: string;
  current: string | number | null;
  prior: string | number | null;
}

/**
 * Sales trend: each period's revenue beside the same period a year earlier. Months compare with the
 * same month last year; weeks with the week 52 weeks earlier (same weekdays, ISO weeks).
 */
export const salesTrendQuery = defineReportQuery(
  'sales-trend',
  async ({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> => {
    const label = labeller(language);
    const thisYear = salesDays({ organisationId, from, to });
    // The prior year's days, moved forward onto this year's periods.
    const lastYear = salesDays(
      { organisationId, from, to },
      grouping === 'month' ? 'one-year' : 'fifty-two-weeks',
    );
    const sums = rowsOf<Row>(
      await db.execute(sql`
        select period, sum(current) as current, sum(prior) as prior from (
          select ${thisYear.period(grouping)} as period, d.revenue as current, 0 as prior
          from sales_daily d where ${thisYear.where}
          union all
          select ${lastYear.period(grouping)} as period, 0 as current, d.revenue as prior
          from sales_daily d where ${lastYear.where}
        ) as both_years
        group by period
        order by period
      `),
    ).map((row) => ({
      period: row.period,
      current: roundMoney(toNumber(row.current)),
      prior: roundMoney(toNumber(row.prior)),
    }));

    const current = roundMoney(sums.reduce((sum, row) => sum + row.current, 0));
    const prior = roundMoney(sums.reduce((sum, row) => sum + row.prior, 0));
    const periods = sums.map((row) => row.period);

    return {
      kpis: parts.kpis
        ? [
            kpi(label, 'revenue', current, 'currency'),
            kpi(label, 'priorRevenue', prior, 'currency'),
            kpi(label, 'change', roundMoney(current - prior), 'currency'),
            kpi(label, 'changePct', ratio(current - prior, prior), 'percent'),
          ]
        : [],
      charts: parts.charts
        ? [
            {
              id: 'comparison',
              title: label('chartComparison'),
              kind: 'line',
              categoryFormat: grouping,
              categories: periods,
              series: [
                series(
                  label,
                  'revenue',
                  'currency',
                  sums.map((row) => row.current),
                ),
                series(
                  label,
                  'priorRevenue',
                  'currency',
                  sums.map((row) => row.prior),
                ),
              ],
            },
          ]
        : [],
      table: parts.table
        ? tableOf(label, sums, rowLimit, [
            field(grouping, grouping, (row) => row.period),
            field('revenue', 'currency', (row) => row.current),
            field('priorRevenue', 'currency', (row) => row.prior),
            field('change', 'currency', (row) => roundMoney(row.current - row.prior)),
            field('changePct', 'percent', (row) => ratio(row.current - row.prior, row.prior)),
          ])
        : null,
    };
  },
);

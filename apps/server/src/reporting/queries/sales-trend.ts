import type { ReportData } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import { addDays, addYears } from '../calendar';
import {
  field,
  inRange,
  kpi,
  labeller,
  periodSql,
  ratio,
  roundMoney,
  rowsOf,
  series,
  tableOf,
  toNumber,
} from './query-helpers';
import type { ReportQuery } from './query-types';

interface Row {
  period: string;
  current: string | number | null;
  prior: string | number | null;
}

/**
 * Sales trend: each period's revenue beside the same period a year earlier. Months compare with the
 * same month last year; weeks with the week 52 weeks earlier (same weekdays, ISO weeks).
 */
export const salesTrendQuery: ReportQuery = {
  key: 'sales-trend',
  groupings: ['month', 'week'],
  async run({ db, organisationId, language, from, to, grouping, parts, rowLimit }): Promise<ReportData> {
    if (grouping !== 'month' && grouping !== 'week')
      throw new Error(`sales-trend cannot group by ${grouping}`);
    const label = labeller(language);
    const byMonth = grouping === 'month';
    const priorFrom = byMonth ? addYears(from, -1) : addDays(from, -364);
    const priorTo = byMonth ? addYears(to, -1) : addDays(to, -364);
    // The prior year's dates moved forward onto this year's periods.
    const shifted = byMonth ? sql`(d.sale_date + interval '1 year')::date` : sql`(d.sale_date + 364)`;
    const sums = rowsOf<Row>(
      await db.execute(sql`
        select period, sum(current) as current, sum(prior) as prior from (
          select ${periodSql(grouping, sql`d.sale_date`)} as period, d.revenue as current, 0 as prior
          from sales_daily d where ${inRange('d', organisationId, from, to)}
          union all
          select ${periodSql(grouping, shifted)} as period, 0 as current, d.revenue as prior
          from sales_daily d where ${inRange('d', organisationId, priorFrom, priorTo)}
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
};

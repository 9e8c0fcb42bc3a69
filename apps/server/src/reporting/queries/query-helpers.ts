import type {
  ReportCell,
  ReportColumn,
  ReportGrouping,
  ReportKpi,
  ReportSeries,
  TranslationKey,
  UiLanguageName,
  ValueFormat,
  ReportTable,
} from '@cockpit/contracts';
import { isGermanLanguage, reportGroupingLabelKeys } from '@cockpit/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { translate } from '../../lib/language';
import { addDays, addMonthsToMonthStart, addYears, isoWeekday } from '../calendar';

/** Both drivers (node-postgres, PGlite) answer `db.execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** PostgreSQL sums (`numeric`, `bigint`) arrive as strings; null stays null. */
export function toNumber(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

/** Cents, so `revenue - cost` does not show floating-point dust. */
export const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** A share or percentage as a ratio (0.25 = 25 %); null when the base is 0. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** The name column of a dimension table in the request's language (fixed column names, never input). */
export function nameColumn(alias: string, language: UiLanguageName): SQL {
  return sql.raw(`${alias}.${isGermanLanguage(language) ? 'name_de' : 'name_en'}`);
}

export type TimeGrouping = Extract<ReportGrouping, 'day' | 'week' | 'month' | 'quarter'>;

/** How a period column is formatted: a day is a date, the others format as their period. */
export const periodFormat = (grouping: TimeGrouping): ValueFormat => (grouping === 'day' ? 'date' : grouping);

/** The `date_trunc` unit of each longer period (fixed SQL words, never input). */
const truncUnits: Record<Exclude<TimeGrouping, 'day'>, SQL> = {
  week: sql.raw(`'week'`),
  month: sql.raw(`'month'`),
  quarter: sql.raw(`'quarter'`),
};

/**
 * An earlier slice to compare with, and how its days move forward onto this slice's periods: a year
 * (the same calendar day) or 52 weeks (the same weekday, so ISO weeks line up).
 */
export type LookBack = 'one-year' | 'fifty-two-weeks';

const lookBacks: Record<LookBack, { back: (date: string) => string; forward: SQL }> = {
  'one-year': { back: (date) => addYears(date, -1), forward: sql`(d.sale_date + interval '1 year')::date` },
  'fifty-two-weeks': { back: (date) => addDays(date, -364), forward: sql`(d.sale_date + 364)` },
};

/** The rows a query reads: the caller's organisation (never from the client) and a date range. */
export interface SalesSlice {
  organisationId: string;
  from: string;
  to: string;
}

export interface SalesDaysSql {
  /** Keeps the slice's organisation and date range (both ends included). */
  where: SQL;
  /**
   * The period a row's day falls in, as `YYYY-MM-DD` of the period's first day (weeks start on Monday,
   * ISO 8601). For an earlier slice, the period its day moves forward to.
   */
  period(grouping: TimeGrouping): SQL;
}

/**
 * THE date-range and grouping SQL of the report queries. Every query reads one of the daily aggregate
 * tables (`sales_daily`, `sales_daily_products`, docs/decisions/012) under the alias `d` and takes its
 * filter and its period column from here; `lookBack` gives the same slice a year or 52 weeks earlier.
 */
export function salesDays(slice: SalesSlice, lookBack?: LookBack): SalesDaysSql {
  const shift = lookBack ? lookBacks[lookBack] : null;
  const from = shift ? shift.back(slice.from) : slice.from;
  const to = shift ? shift.back(slice.to) : slice.to;
  const day = shift ? shift.forward : sql`d.sale_date`;
  return {
    where: sql`d.organisation_id = ${slice.organisationId} and d.sale_date between ${from}::date and ${to}::date`,
    // via timestamp (no time zone): to_char(date) would convert through timestamptz for every row.
    period: (grouping) =>
      grouping === 'day'
        ? sql`to_char((${day})::timestamp, 'YYYY-MM-DD')`
        : sql`to_char(date_trunc(${truncUnits[grouping]}, (${day})::timestamp), 'YYYY-MM-DD')`,
  };
}

/** The first day of the period of `grouping` that `date` falls in (weeks start on Monday, as in SQL). */
function periodStartOf(date: string, grouping: TimeGrouping): string {
  switch (grouping) {
    case 'day':
      return date;
    case 'week':
      return addDays(date, 1 - isoWeekday(date));
    case 'month':
      return addMonthsToMonthStart(date, 0);
    case 'quarter':
      return addMonthsToMonthStart(date, -((Number(date.slice(5, 7)) - 1) % 3));
  }
}

const periodMonths = { month: 1, quarter: 3 } as const;

/** The first day of the period after the one starting on `periodStart`. */
const nextPeriodStart = (periodStart: string, grouping: TimeGrouping) =>
  grouping === 'day' || grouping === 'week'
    ? addDays(periodStart, grouping === 'day' ? 1 : 7)
    : addMonthsToMonthStart(periodStart, periodMonths[grouping]);

/**
 * A date range cut into consecutive slices of about `days` days (at least one period each) for a query
 * read slice by slice (decision 009). Every slice after the first starts on a period boundary of
 * `grouping`, so each period of the answer lies in exactly one slice; together they cover the range.
 */
export function periodSlices(
  from: string,
  to: string,
  grouping: TimeGrouping,
  days: number,
): Array<{ from: string; to: string }> {
  const slices: Array<{ from: string; to: string }> = [];
  for (let start = from; start <= to;) {
    const boundary = periodStartOf(addDays(start, Math.max(1, Math.floor(days))), grouping);
    const next = boundary > start ? boundary : nextPeriodStart(periodStartOf(start, grouping), grouping);
    slices.push({ from: start, to: next <= to ? addDays(next, -1) : to });
    start = next;
  }
  return slices;
}

/** The measures and dimensions the reports show, with their label keys (all in the locale files). */
const labelKeys = {
  revenue: 'reports.measure.revenue',
  cost: 'reports.measure.cost',
  margin: 'reports.measure.margin',
  marginPct: 'reports.measure.marginPct',
  quantity: 'reports.measure.quantity',
  share: 'reports.measure.share',
  avgPrice: 'reports.measure.avgPrice',
  priorRevenue: 'reports.measure.priorRevenue',
  change: 'reports.measure.change',
  changePct: 'reports.measure.changePct',
  total: 'reports.measure.total',
  topRegion: 'reports.measure.topRegion',
  topStore: 'reports.measure.topStore',
  topCategory: 'reports.measure.topCategory',
  topProduct: 'reports.measure.topProduct',
  topCategoryShare: 'reports.measure.topCategoryShare',
  period: 'reports.dimension.period',
  ...reportGroupingLabelKeys,
  chartTrend: 'reports.chart.trend',
  chartByRegion: 'reports.chart.byRegion',
  chartMix: 'reports.chart.mix',
  chartRanking: 'reports.chart.ranking',
  chartTopProducts: 'reports.chart.topProducts',
  chartTopCategories: 'reports.chart.topCategories',
  chartComparison: 'reports.chart.comparison',
  chartMarginByCategory: 'reports.chart.marginByCategory',
} as const satisfies Record<string, TranslationKey>;

export type LabelName = keyof typeof labelKeys;

/** Labels in one language, resolved on the server (the client formats only the values). */
export function labeller(language: UiLanguageName) {
  return (name: LabelName) => translate(language, labelKeys[name]);
}

type Label = ReturnType<typeof labeller>;

export const column = (label: Label, key: LabelName, format: ValueFormat): ReportColumn => ({
  key,
  label: label(key),
  format,
});

/** One table column and how a row fills it: declared together, so the two cannot drift apart. */
export interface TableField<Row> {
  key: LabelName;
  format: ValueFormat;
  value: (row: Row) => ReportCell;
}

export const field = <Row>(
  key: LabelName,
  format: ValueFormat,
  value: (row: Row) => ReportCell,
): TableField<Row> => ({
  key,
  format,
  value,
});

/**
 * A report table from query rows: the columns of the fields given (`false` leaves a field out, e.g. a
 * column that only one grouping has), the first `rowLimit` rows, and whether the answer was cut there.
 */
export function tableOf<Row>(
  label: Label,
  rows: readonly Row[],
  rowLimit: number,
  fields: readonly (TableField<Row> | false)[],
): ReportTable {
  const used = fields.filter((candidate): candidate is TableField<Row> => candidate !== false);
  return {
    columns: used.map(({ key, format }) => column(label, key, format)),
    rows: rows.slice(0, rowLimit).map((row) => used.map(({ value }) => value(row))),
    totalRows: rows.length,
    truncated: rows.length > rowLimit,
  };
}

export const kpi = (
  label: Label,
  key: LabelName,
  value: number | string | null,
  format: ValueFormat,
): ReportKpi => ({
  key,
  label: label(key),
  value,
  format,
});

export const series = (
  label: Label,
  key: LabelName,
  format: ValueFormat,
  values: (number | null)[],
  axis: 0 | 1 = 0,
): ReportSeries => ({ key, label: label(key), format, values, axis });

/** Revenue, margin, margin % and units of a set of summed rows. */
export interface Totals {
  revenue: number;
  cost: number;
  quantity: number;
}

export function addTotals(into: Totals, row: Totals): void {
  into.revenue += row.revenue;
  into.cost += row.cost;
  into.quantity += row.quantity;
}

export const emptyTotals = (): Totals => ({ revenue: 0, cost: 0, quantity: 0 });

/** The totals of all `rows` together. */
export function totalOf(rows: readonly Totals[]): Totals {
  const total = emptyTotals();
  for (const row of rows) addTotals(total, row);
  return total;
}

/** The totals kept under `key`, created empty on first use. */
export function totalsFor<K>(map: Map<K, Totals>, key: K): Totals {
  let entry = map.get(key);
  if (!entry) {
    entry = emptyTotals();
    map.set(key, entry);
  }
  return entry;
}

export const marginOf = (totals: Totals) => roundMoney(totals.revenue - totals.cost);
export const marginPctOf = (totals: Totals) => ratio(totals.revenue - totals.cost, totals.revenue);

/** Revenue, margin and margin % of the whole range: the KPIs the sales reports open with. */
export const profitKpis = (label: Label, total: Totals): ReportKpi[] => [
  kpi(label, 'revenue', roundMoney(total.revenue), 'currency'),
  kpi(label, 'margin', marginOf(total), 'currency'),
  kpi(label, 'marginPct', marginPctOf(total), 'percent'),
];

/** Revenue and margin of each category of a chart (one `Totals` each), on the currency axis. */
export const revenueAndMarginSeries = (label: Label, totals: readonly Totals[]): ReportSeries[] => [
  series(
    label,
    'revenue',
    'currency',
    totals.map((entry) => roundMoney(entry.revenue)),
  ),
  series(label, 'margin', 'currency', totals.map(marginOf)),
];

/** Units of each category of a chart, on the second axis beside the money series. */
export const quantitySeries = (label: Label, totals: readonly Totals[]): ReportSeries =>
  series(
    label,
    'quantity',
    'integer',
    totals.map((entry) => entry.quantity),
    1,
  );

/** Revenue, cost, margin, margin % and units of a row: the columns after a table's dimensions. */
export const totalsFields = <Row extends Totals>(): TableField<Row>[] => [
  field('revenue', 'currency', (row) => row.revenue),
  field('cost', 'currency', (row) => row.cost),
  field('margin', 'currency', marginOf),
  field('marginPct', 'percent', marginPctOf),
  field('quantity', 'integer', (row) => row.quantity),
];

/** The measures of the daily table `d` summed over a query's groups, named as {@link SumRow} reads them. */
export const summedMeasures = sql`sum(d.revenue) as revenue, sum(d.cost) as cost, sum(d.quantity) as quantity`;

/** Rows of sums as they come from SQL. */
export interface SumRow {
  revenue: string | number | null;
  cost: string | number | null;
  quantity: string | number | null;
}

export function totalsOf(row: SumRow | undefined): Totals {
  return {
    revenue: roundMoney(toNumber(row?.revenue)),
    cost: roundMoney(toNumber(row?.cost)),
    quantity: toNumber(row?.quantity),
  };
}

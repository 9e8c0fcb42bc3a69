import { reportGroupings, reportQueryGroupings, reportQueryKeys } from '@cockpit/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/database';
import { type LookBack, type TimeGrouping, salesDays } from '../src/reporting/queries/query-helpers';
import { UndeclaredGroupingError, allReportParts } from '../src/reporting/queries/query-types';
import { reportQueries } from '../src/reporting/queries/report-queries';
import { StoredSettingsError, resolveGrouping } from '../src/reporting/report-settings';
import { HttpError } from '../src/lib/http-error';
import { openTestDatabase, testDrivers } from './helpers/build-test-app';

// The report engine's shared rules (src/reporting): each query's groupings are declared once (contracts'
// `reportQueryGroupings`) and enforced by `defineReportQuery`, and every query's date-range and period
// SQL comes from one builder, `salesDays`.

/** A database that fails the test if a query touches it: an undeclared grouping is refused before any SQL. */
const untouchable = new Proxy({} as Database, {
  get: (_target, property) => {
    throw new Error(`the query used the database (${String(property)}) for an undeclared grouping`);
  },
});

describe('report query groupings', () => {
  it.each(reportQueryKeys)('%s declares exactly the groupings of the contracts', (key) => {
    expect(reportQueries[key].key).toBe(key);
    expect(reportQueries[key].groupings).toEqual(reportQueryGroupings[key]);
  });

  const undeclared = reportQueryKeys.flatMap((key) =>
    reportGroupings
      .filter((grouping) => !(reportQueryGroupings[key] as readonly string[]).includes(grouping))
      .map((grouping) => [key, grouping] as const),
  );

  it('product-mix declares month and quarter only: day and week are refused', () => {
    expect(undeclared).toContainEqual(['product-mix', 'day']);
    expect(undeclared).toContainEqual(['product-mix', 'week']);
  });

  it.each(undeclared)('%s refuses to group by %s, before any SQL', async (key, grouping) => {
    const run = reportQueries[key].run({
      db: untouchable,
      organisationId: '00000000-0000-0000-0000-000000000000',
      language: 'en',
      from: '2026-01-01',
      to: '2026-01-31',
      grouping,
      parts: allReportParts,
      rowLimit: 10,
    });
    await expect(run).rejects.toBeInstanceOf(UndeclaredGroupingError);
    await expect(run).rejects.toThrow(`the query '${key}' groups by ${reportQueryGroupings[key].join(', ')}`);
  });
});

describe('resolveGrouping', () => {
  const productMix = reportQueries['product-mix'];

  it('takes the requested grouping, else the stored one, else the first declared', () => {
    expect(resolveGrouping(productMix, 'quarter', 'month')).toBe('quarter');
    expect(resolveGrouping(productMix, undefined, 'quarter')).toBe('quarter');
    expect(resolveGrouping(productMix, undefined, undefined)).toBe('month');
  });

  it('refuses a requested grouping the query does not declare with a 400 naming the field', () => {
    const refuse = () => resolveGrouping(productMix, 'day', undefined);
    expect(refuse).toThrow(HttpError);
    expect(refuse).toThrow(/'grouping'/);
  });

  it('a stored grouping that does not fit is an error of the stored settings, never replaced', () => {
    expect(() => resolveGrouping(productMix, undefined, 'week')).toThrow(StoredSettingsError);
    expect(() => resolveGrouping(productMix, undefined, 'week')).toThrow(
      "stored grouping 'week' does not fit: the query 'product-mix' groups by month, quarter",
    );
    // A request naming a fitting grouping does not hide the broken row.
    expect(() => resolveGrouping(productMix, 'month', 'week')).toThrow(StoredSettingsError);
  });
});

describe('salesDays: the SQL text', () => {
  const dialect = new PgDialect();
  const render = (query: SQL) => dialect.sqlToQuery(query);

  it('binds the organisation and the dates as parameters, never as SQL text', () => {
    const days = salesDays({ organisationId: "x' or 1=1 --", from: '2026-01-01', to: '2026-01-31' });
    const { sql: text, params } = render(days.where);
    expect(text).toBe('d.organisation_id = $1 and d.sale_date between $2::date and $3::date');
    expect(params).toEqual(["x' or 1=1 --", '2026-01-01', '2026-01-31']);
  });

  it('truncates to the grouping’s period with a fixed unit', () => {
    const days = salesDays({ organisationId: 'o', from: '2026-01-01', to: '2026-01-31' });
    expect(render(days.period('day')).sql).toBe(`to_char((d.sale_date)::timestamp, 'YYYY-MM-DD')`);
    expect(render(days.period('quarter'))).toEqual({
      sql: `to_char(date_trunc('quarter', (d.sale_date)::timestamp), 'YYYY-MM-DD')`,
      params: [],
    });
  });

  it('a look-back moves the range back and the days forward by the same amount', () => {
    const slice = { organisationId: 'o', from: '2024-02-29', to: '2026-03-31' };
    expect(render(salesDays(slice, 'one-year').where).params).toEqual(['o', '2023-02-28', '2025-03-31']);
    expect(render(salesDays(slice, 'one-year').period('month')).sql).toContain(
      `(d.sale_date + interval '1 year')::date`,
    );
    expect(render(salesDays(slice, 'fifty-two-weeks').where).params).toEqual([
      'o',
      '2023-03-02',
      '2025-04-01',
    ]);
    expect(render(salesDays(slice, 'fifty-two-weeks').period('week')).sql).toContain('(d.sale_date + 364)');
  });
});

describe.each(testDrivers())('salesDays on the database (%s)', (driver) => {
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dropDatabase } = await openTestDatabase(driver));
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
  });

  /** The periods of these days that the builder keeps, in the order given. */
  const periods = async (
    days: readonly (readonly [organisationId: string, day: string])[],
    slice: { organisationId: string; from: string; to: string },
    grouping: TimeGrouping,
    lookBack?: LookBack,
  ) => {
    const built = salesDays(slice, lookBack);
    const rows = sql.join(
      days.map(([organisationId, day], index) => sql`(${index}, ${organisationId}, ${day}::date)`),
      sql`, `,
    );
    const result = await database.db.execute(sql`
      select ${built.period(grouping)} as period
      from (values ${rows}) as d(position, organisation_id, sale_date)
      where ${built.where}
      order by d.position
    `);
    return (result as unknown as { rows: { period: string }[] }).rows.map((row) => row.period);
  };

  it('keeps the organisation’s days of the range, both ends included', async () => {
    const days = [
      ['a', '2025-12-31'],
      ['a', '2026-01-01'],
      ['b', '2026-01-15'],
      ['a', '2026-01-31'],
      ['a', '2026-02-01'],
    ] as const;
    expect(await periods(days, { organisationId: 'a', from: '2026-01-01', to: '2026-01-31' }, 'day')).toEqual(
      ['2026-01-01', '2026-01-31'],
    );
  });

  it('names each period by its first day: ISO weeks start on Monday', async () => {
    const slice = { organisationId: 'a', from: '2026-01-01', to: '2026-12-31' };
    const days = [
      ['a', '2026-01-01'],
      ['a', '2026-05-17'],
      ['a', '2026-11-30'],
    ] as const;
    expect(await periods(days, slice, 'week')).toEqual(['2025-12-29', '2026-05-11', '2026-11-30']);
    expect(await periods(days, slice, 'month')).toEqual(['2026-01-01', '2026-05-01', '2026-11-01']);
    expect(await periods(days, slice, 'quarter')).toEqual(['2026-01-01', '2026-04-01', '2026-10-01']);
  });

  it('a year back: last year’s days land on this year’s periods', async () => {
    const slice = { organisationId: 'a', from: '2026-01-01', to: '2026-03-31' };
    const days = [
      ['a', '2024-12-31'],
      ['a', '2025-01-01'],
      ['a', '2025-03-31'],
      ['a', '2026-01-15'],
    ] as const;
    expect(await periods(days, slice, 'month', 'one-year')).toEqual(['2026-01-01', '2026-03-01']);
  });

  it('52 weeks back: the same weekday, so last year’s weeks line up with this year’s', async () => {
    // 2026-03-02 is a Monday; 364 days earlier, 2025-03-03, is one too.
    const slice = { organisationId: 'a', from: '2026-03-02', to: '2026-03-15' };
    const days = [
      ['a', '2025-03-02'],
      ['a', '2025-03-03'],
      ['a', '2025-03-16'],
      ['a', '2025-03-17'],
    ] as const;
    expect(await periods(days, slice, 'week', 'fifty-two-weeks')).toEqual(['2026-03-02', '2026-03-09']);
  });
});

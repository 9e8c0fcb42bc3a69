import type { DateRange, DateRangePreset, ReportGrouping } from '@cockpit/contracts';
import { badRequest } from '../lib/http-error';
import { addDays, addMonthsToMonthStart, addYears, yearOf } from './calendar';
import type { ReportQuery } from './queries/query-types';

// What report and tile rows store in their `params` column. Stored data is checked when it is read:
// a row that does not match is reported as broken, never run with guessed values.

// What report and tile rows store: the catalogue document's schemas (contracts, decision 015).
export {
  type ReportDefaults,
  type TileSettings,
  reportDefaultsSchema,
  tileSettingsSchema,
} from '@cockpit/contracts';

/** The dates a preset stands for, counted from `today` (UTC); `all` is the data set's whole range. */
export function presetRange(preset: DateRangePreset, today: string, dataRange: DateRange | null): DateRange {
  switch (preset) {
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'last-month':
      // The previous full calendar month: its first day up to the day before this month's first.
      return { from: addMonthsToMonthStart(today, -1), to: addDays(addMonthsToMonthStart(today, 0), -1) };
    case 'last-12-months':
      return { from: addDays(addYears(today, -1), 1), to: today };
    case 'this-year':
      return { from: `${yearOf(today)}-01-01`, to: today };
    case 'last-year':
      return { from: `${yearOf(today) - 1}-01-01`, to: `${yearOf(today) - 1}-12-31` };
    case 'all':
      return dataRange ?? { from: today, to: today };
  }
}

export interface RequestedRange {
  range?: DateRangePreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The request's custom dates, else its preset, else the stored default preset. */
export function resolveRange(
  requested: RequestedRange,
  defaultPreset: DateRangePreset,
  today: string,
  dataRange: DateRange | null,
): { range: DateRangePreset | null; from: string; to: string } {
  if (requested.from && requested.to) return { range: null, from: requested.from, to: requested.to };
  const preset = requested.range ?? defaultPreset;
  return { range: preset, ...presetRange(preset, today, dataRange) };
}

/**
 * Stored report or tile settings that cannot run as they are. Never guessed around: the answer is a 500
 * whose reason is logged (docs/decisions/024), so an operator sees the catalogue drifted from the code.
 */
export class StoredSettingsError extends Error {
  override name = 'StoredSettingsError';
}

/**
 * The grouping to run: the requested one, else the stored default, else the query's first. A grouping
 * the query does not declare is refused: the request's with a 400 naming the field, a stored one with
 * {@link StoredSettingsError} — also when the request names another grouping, for the stored row is
 * broken either way.
 */
export function resolveGrouping(
  query: ReportQuery,
  requested: ReportGrouping | undefined,
  stored: ReportGrouping | undefined,
): ReportGrouping {
  const declared: readonly ReportGrouping[] = query.groupings;
  if (stored !== undefined && !declared.includes(stored)) {
    throw new StoredSettingsError(
      `stored grouping '${stored}' does not fit: the query '${query.key}' groups by ${declared.join(', ')}`,
    );
  }
  if (requested !== undefined && !declared.includes(requested)) {
    throw badRequest(`Invalid querystring field 'grouping': this report groups by ${declared.join(', ')}`);
  }
  return requested ?? stored ?? query.groupings[0];
}

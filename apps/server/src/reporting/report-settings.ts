import type { DateRange, DateRangePreset, ReportGrouping } from '@cockpit/contracts';
import { addDays, addYears, yearOf } from './calendar';
import type { ReportQuery } from './queries/query-types';

// What report and tile rows store in their `params` column. Stored data is checked when it is read:
// a row that does not match is reported as broken, never run with guessed values.

// What report and tile rows store: the catalogue document's schemas (contracts, decision 015).
export { type ReportDefaults, type TileSettings, reportDefaultsSchema, tileSettingsSchema } from '@cockpit/contracts';

/** The dates a preset stands for, counted from `today` (UTC); `all` is the data set's whole range. */
export function presetRange(preset: DateRangePreset, today: string, dataRange: DateRange | null): DateRange {
  switch (preset) {
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
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

/** The grouping to run: the requested one, else the stored default, else the query's first. */
export function resolveGrouping(
  query: ReportQuery,
  requested: ReportGrouping | undefined,
  stored: ReportGrouping | undefined,
): ReportGrouping | { invalid: ReportGrouping } {
  if (requested !== undefined)
    return query.groupings.includes(requested) ? requested : { invalid: requested };
  if (stored !== undefined && query.groupings.includes(stored)) return stored;
  return query.groupings[0];
}

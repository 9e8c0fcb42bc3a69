import { dateRangePresets, rangeLengthDays, type DateRangePreset } from '@cockpit/contracts';

/**
 * A report's parameters as they stand in the page URL (`?range=this-year&grouping=month`, or
 * `?from=…&to=…`), so a reload or a shared link shows the same view. They go to the server as they
 * are: the server validates them and answers 400 naming the field, which the page shows.
 */
export type ReportSearch = {
  range?: string;
  from?: string;
  to?: string;
  grouping?: string;
};

export function readReportSearch(params: URLSearchParams): ReportSearch {
  const search: ReportSearch = {};
  for (const key of ['range', 'from', 'to', 'grouping'] as const) {
    const value = params.get(key);
    if (value !== null && value !== '') search[key] = value;
  }
  return search;
}

export function writeReportSearch(search: ReportSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['range', 'from', 'to', 'grouping'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  return params;
}

export const isDateRangePreset = (value: string | undefined | null): value is DateRangePreset =>
  (dateRangePresets as readonly string[]).includes(value ?? '');

export type CustomRangeError = 'required' | 'endBeforeStart' | 'tooLong';

/** The same rules as the server (contracts reportQuerySchema), checked before asking it. */
export function validateCustomRange(from: string, to: string, maxDays: number): CustomRangeError | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(from) || !pattern.test(to)) return 'required';
  const days = rangeLengthDays(from, to);
  if (Number.isNaN(days)) return 'required';
  if (days < 1) return 'endBeforeStart';
  if (days > maxDays) return 'tooLong';
  return null;
}

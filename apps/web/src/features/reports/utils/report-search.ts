import {
  dateRangePresets,
  rangeLengthDays,
  type DateRangePreset,
  type ParameterValue,
  type ParameterValues,
} from '@cockpit/contracts';

/**
 * A report's parameters as they stand in the page URL (`?range=this-year&grouping=month`, or
 * `?from=…&to=…`), so a reload or a shared link shows the same view. They go to the server as they
 * are: the server validates them and answers 400 naming the field, which the page shows. A query report
 * (decision 027) keeps the values the reader chose as JSON in `?values=`, e.g.
 * `?values={"period":{"preset":"last-year"},"regions":["North"]}`.
 */
export type ReportSearch = {
  range?: string;
  from?: string;
  to?: string;
  grouping?: string;
  values?: string;
};

const searchKeys = ['range', 'from', 'to', 'grouping', 'values'] as const;

export function readReportSearch(params: URLSearchParams): ReportSearch {
  const search: ReportSearch = {};
  for (const key of searchKeys) {
    const value = params.get(key);
    if (value !== null && value !== '') search[key] = value;
  }
  return search;
}

export function writeReportSearch(search: ReportSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of searchKeys) {
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

/**
 * The values a query report's address holds (`?values=`); anything but a JSON object counts as none here
 * — it still goes to the server as it is, which answers 400 and the page offers the default view.
 */
export function readParameterValues(search: ReportSearch): ParameterValues {
  if (!search.values) return {};
  try {
    const parsed: unknown = JSON.parse(search.values);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ParameterValues) : {};
  } catch {
    return {};
  }
}

/** The address after the reader set parameter `name` to `value`; the other values stay as chosen. */
export function withParameterValue(search: ReportSearch, name: string, value: ParameterValue): ReportSearch {
  return { values: JSON.stringify({ ...readParameterValues(search), [name]: value }) };
}

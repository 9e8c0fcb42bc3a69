import type { ParameterValue } from '@cockpit/contracts';
import { withValue } from '../../../lib/parameter-values';

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

/** A query report keeps the reader's values as JSON in `?values=` (lib/parameter-values). */
export function withParameterValue(search: ReportSearch, name: string, value: ParameterValue): ReportSearch {
  return { values: withValue(search.values, name, value) };
}

import type { ParameterValue } from '@cockpit/contracts';
import { withValue } from '../../../lib/parameter-values';

/**
 * A report's parameter values as they stand in the page URL, so a reload or a shared link shows the same
 * view: the values the reader chose as JSON in `?values=` (decision 027), e.g.
 * `?values={"period":{"preset":"last-year"},"regions":["North"]}`. They go to the server as they are: it
 * checks them against the definition and answers 400 naming the parameter, which the page shows.
 */
export type ReportSearch = {
  values?: string;
};

const searchKeys = ['values'] as const;

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

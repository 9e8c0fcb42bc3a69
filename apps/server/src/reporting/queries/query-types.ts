import type { ReportData, ReportGrouping, ReportQueryKey, UiLanguageName } from '@cockpit/contracts';
import type { Database } from '../../db/database';

/** Which parts of a report to compute: a dashboard tile needs only one of them. */
export interface ReportParts {
  kpis: boolean;
  charts: boolean;
  table: boolean;
}

export const allReportParts: ReportParts = { kpis: true, charts: true, table: true };

/** Everything a query runs with; the organisation always comes from the signed-in user. */
export interface ReportQueryInput {
  db: Database;
  organisationId: string;
  /** Language of labels and dimension names (German names for `de-*`). */
  language: UiLanguageName;
  from: string;
  to: string;
  grouping: ReportGrouping;
  parts: ReportParts;
  /** At most this many table rows (the answer says when it cut). */
  rowLimit: number;
}

/**
 * One of the fixed, reviewed aggregate queries (issue 5: "never SQL from the client"). The SQL is in
 * the query's module; only the organisation, the date range and a grouping from `groupings` vary.
 */
export interface ReportQuery {
  key: ReportQueryKey;
  /** The groupings it supports; the first is the default. */
  groupings: readonly [ReportGrouping, ...ReportGrouping[]];
  run(input: ReportQueryInput): Promise<ReportData>;
}

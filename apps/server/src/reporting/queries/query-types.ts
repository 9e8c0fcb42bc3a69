import {
  type ReportData,
  type ReportGrouping,
  type ReportQueryGrouping,
  type ReportQueryKey,
  type UiLanguageName,
  queryAllowsGrouping,
  reportQueryGroupings,
} from '@cockpit/contracts';
import type { Database } from '../../db/database';

/** Which parts of a report to compute: a dashboard tile needs only one of them. */
export interface ReportParts {
  kpis: boolean;
  charts: boolean;
  table: boolean;
}

export const allReportParts: ReportParts = { kpis: true, charts: true, table: true };

/** Everything a query runs with; the organisation always comes from the signed-in user. */
export interface ReportQueryInput<Grouping extends ReportGrouping = ReportGrouping> {
  db: Database;
  organisationId: string;
  /** Language of labels and dimension names (German names for `de-*`). */
  language: UiLanguageName;
  from: string;
  to: string;
  grouping: Grouping;
  parts: ReportParts;
  /** At most this many table rows (the answer says when it cut). */
  rowLimit: number;
}

/**
 * One of the fixed, reviewed aggregate queries ("never SQL from the client", DESIGN.md §3). The SQL is in
 * the query's module; only the organisation, the date range and a grouping from `groupings` vary.
 */
export interface ReportQuery {
  key: ReportQueryKey;
  /** The groupings it supports (contracts' `reportQueryGroupings`); the first is the default. */
  groupings: readonly [ReportGrouping, ...ReportGrouping[]];
  /** Rejects with {@link UndeclaredGroupingError}, before any SQL, for a grouping not in `groupings`. */
  run(input: ReportQueryInput): Promise<ReportData>;
}

/** A query was asked for a grouping it does not declare. */
export class UndeclaredGroupingError extends Error {
  override name = 'UndeclaredGroupingError';
  constructor(
    readonly query: ReportQueryKey,
    readonly grouping: string,
  ) {
    super(`the query '${query}' groups by ${reportQueryGroupings[query].join(', ')}, not by '${grouping}'`);
  }
}

/**
 * Declares query `key` with its groupings from the contracts: THE place that refuses a grouping the
 * query does not declare, so `run` receives only declared ones (typed as such) and never checks again.
 */
export function defineReportQuery<Key extends ReportQueryKey>(
  key: Key,
  run: (input: ReportQueryInput<ReportQueryGrouping<Key>>) => Promise<ReportData>,
): ReportQuery {
  return {
    key,
    groupings: reportQueryGroupings[key],
    run: async (input) => {
      const { grouping } = input;
      if (!queryAllowsGrouping(key, grouping)) throw new UndeclaredGroupingError(key, grouping);
      return run({ ...input, grouping });
    },
  };
}

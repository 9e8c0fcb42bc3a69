import {
  type ReportCell,
  type ReportData,
  type ReportGrouping,
  type ReportQueryGrouping,
  type ReportQueryKey,
  type ReportTable,
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
  /**
   * Table rows a query reads per database query before it lets other requests run (decision 009,
   * "Report queries"); {@link defaultSliceRows} unless given (tests give a small number).
   */
  sliceRows?: number;
}

/**
 * Rows of one slice of a large table (decision 009): on the embedded database a query runs on the event
 * loop, so a 100,000-row table read at once would hold every other request for its whole duration.
 */
export const defaultSliceRows = 5_000;

/**
 * Table rows already serialised as JSON (decision 009): a large table is written slice by slice while it
 * is read, as UTF-8 bytes, and sent as they are — never parsed, validated, stringified or encoded again
 * as a whole (one 8 MB string turned into bytes at once held the event loop for a tenth of a second).
 */
export class SerializedRows {
  private readonly parts: Buffer[] = [];
  private rowCount = 0;

  /** Appends rows (in order). */
  add(rows: readonly ReportCell[][]): void {
    this.addSerialized(rows.map((row) => JSON.stringify(row)));
  }

  /** Appends rows (in order) each already serialised exactly as `JSON.stringify(row)` would. */
  addSerialized(rows: readonly string[]): void {
    // The first slice opens the array; each later one continues it after a comma.
    this.addText(rows.join(','), rows.length);
  }

  /** Appends `count` rows (in order) given as their JSON texts joined by commas, without brackets. */
  addText(rows: string, count: number): void {
    if (count === 0) return;
    this.parts.push(Buffer.from(`${this.rowCount === 0 ? '[' : ','}${rows}`));
    this.rowCount += count;
  }

  get count(): number {
    return this.rowCount;
  }

  /** `[[cell, …], …]` as UTF-8: exactly what `JSON.stringify(rows)` gives, in pieces. */
  bytes(): Buffer[] {
    return this.rowCount === 0 ? [Buffer.from('[]')] : [...this.parts, Buffer.from(']')];
  }

  values(): ReportCell[][] {
    return JSON.parse(Buffer.concat(this.bytes()).toString('utf8')) as ReportCell[][];
  }
}

/** A report table as a query answers it: rows as values or already serialised. */
export type ReportTableAnswer = Omit<ReportTable, 'rows'> & { rows: ReportCell[][] | SerializedRows };

/** A query's answer: {@link ReportData} whose table rows may be {@link SerializedRows}. */
export type ReportDataAnswer = Omit<ReportData, 'table'> & { table: ReportTableAnswer | null };

/** The answer with its table rows as values (a dashboard tile keeps a few rows of a table). */
export function withRowValues(data: ReportDataAnswer): ReportData {
  const { table } = data;
  if (!table || Array.isArray(table.rows)) return data as ReportData;
  return { ...data, table: { ...table, rows: table.rows.values() } };
}

/** Lets other requests (their I/O and database queries) run before the next slice of a report. */
export const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One of the fixed, reviewed aggregate queries ("never SQL from the client", DESIGN.md §3). The SQL is in
 * the query's module; only the organisation, the date range and a grouping from `groupings` vary.
 */
export interface ReportQuery {
  key: ReportQueryKey;
  /** The groupings it supports (contracts' `reportQueryGroupings`); the first is the default. */
  groupings: readonly [ReportGrouping, ...ReportGrouping[]];
  /** Rejects with {@link UndeclaredGroupingError}, before any SQL, for a grouping not in `groupings`. */
  run(input: ReportQueryInput): Promise<ReportDataAnswer>;
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
  run: (input: ReportQueryInput<ReportQueryGrouping<Key>>) => Promise<ReportDataAnswer>,
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

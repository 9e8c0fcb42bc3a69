import pg from 'pg';
import { pgTextParsers } from './result-values';

// A result read at once, up to `maxRows` (the row limit + 1), on a node-postgres connection. Why not a
// cursor: PostgreSQL plans a cursor for its first rows and never runs it in parallel (a portal that may
// be suspended), so an aggregate over a million rows took twice as long as the same statement run
// directly. Executed in one go (extended protocol, all rows) it gets the plan a direct run gets; past
// `maxRows` the rows are not kept and the caller drops the connection, which ends the statement.

export const pgTypeParsers = {
  getTypeParser: (oid: number, format?: string): ((text: string) => unknown) =>
    pgTextParsers[oid] ??
    (pg.types.getTypeParser(oid, (format ?? 'text') as 'text') as (text: string) => unknown),
};

interface QueryInternals {
  handleDataRow(message: unknown): void;
  _result: { fields: { name: string; dataTypeID: number }[]; rows: unknown[][] };
}

type QueryConstructor = new (config: object) => QueryInternals & pg.Submittable;

export interface BoundedResult {
  fields: { name: string; dataTypeID: number }[];
  rows: unknown[][];
  /** More rows than `maxRows` came: the connection must be dropped (the statement still runs). */
  full: boolean;
}

export function runBounded(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  maxRows: number,
): Promise<BoundedResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (result: BoundedResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    class BoundedQuery extends (pg.Query as unknown as QueryConstructor) {
      kept = 0;
      override handleDataRow(message: unknown) {
        if (this.kept >= maxRows) {
          finish({ fields: this._result.fields, rows: this._result.rows, full: true });
          return;
        }
        this.kept += 1;
        super.handleDataRow(message);
      }
    }
    const query = new BoundedQuery({
      text,
      values: [...values],
      rowMode: 'array',
      types: pgTypeParsers,
      // Always the extended protocol: never several statements in one text.
      queryMode: 'extended',
      callback: (error: Error | null, result?: { fields: BoundedResult['fields']; rows: unknown[][] }) => {
        if (error) fail(error);
        else finish({ fields: result?.fields ?? [], rows: result?.rows ?? [], full: false });
      },
    });
    client.query(query);
  });
}

import type { BoundValue } from '../sql/sql-template';
import type { ResultColumn, ResultRow } from './result-values';

/** One statement to run: compiled, guarded, with the source's statement timeout. */
export interface StatementRun {
  text: string;
  values: BoundValue[];
  timeoutSeconds: number;
  /** Rows read when the statement starts (a first batch: small results need no second round trip). */
  firstRows: number;
  /**
   * Set: read the whole result at once, at most this many rows (bounded-query.ts: the plan a direct run
   * gets). Unset: a cursor read batch by batch (streams, flat memory).
   */
  maxRows?: number;
  /** Maps the database's error position back to the definition's SQL as written. */
  templatePosition: (textOffset: number) => number;
  /**
   * The run's wall-clock deadline (steps/deadline.ts): aborted while the statement or a batch runs, the
   * driver cancels it on the database (docs/decisions/038-one-run-path.md, "Deadline").
   */
  signal?: AbortSignal;
}

/**
 * An open result inside its read-only transaction. `next` reads up to `max` more rows ([] at the end);
 * `close` ends the transaction and gives the connection back (or drops it when rows were left unread).
 * Errors are the executor's typed ones (executor-errors.ts).
 */
export interface SourceCursor {
  columns: ResultColumn[];
  next(max: number): Promise<ResultRow[]>;
  /** A result already read whole (`maxRows`): all its rows at once, not copied; absent for a cursor. */
  all?(): ResultRow[];
  close(): Promise<void>;
}

/** The source as a driver needs it (the password opened for this call only). */
export interface DriverSource {
  id: string;
  organisationId: string;
  name: string;
  version: number;
}

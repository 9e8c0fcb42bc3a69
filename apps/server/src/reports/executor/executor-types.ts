import type {
  AppliedRowRule,
  DateRange,
  DefinitionParameter,
  ParameterValues,
  QueryPurpose,
  UserAttributes,
} from '@cockpit/contracts';
import type { OpenedSource } from '../../data-sources';
import type { ResolvedParameterValues } from '../sql/parameter-values';
import type { ResultColumn, ResultRow } from './result-values';

// What callers give THE executor and get back (docs/decisions/027-reports-over-own-data.md, 038): the
// request is the same for every run path; only the output differs — a whole result or a stream.

/** The source a run connects to, its password opened for this call only (never logged). */
export type ExecutorSource = OpenedSource;

export interface RunDefinition {
  name: string;
  version: number;
  sql: string;
  parameters: readonly DefinitionParameter[];
  cacheSeconds: number;
}

export interface RunUser {
  /** `null` only for runs on no one's behalf (none today: a delivery runs as its recipient). */
  id: string | null;
  email: string;
  attributes: UserAttributes;
  /** An organisation administrator: bypasses the row rules marked so (decision 044). */
  administrator?: boolean;
}

export interface RunRequest {
  source: ExecutorSource;
  definition: RunDefinition;
  /** As the client or the stored item sent them; checked here (400 naming the parameter). */
  values: ParameterValues;
  /** `YYYY-MM-DD` (UTC): what the date-range presets count from. */
  today: string;
  /** What the preset `all` stands for (default: every date). */
  allRange?: DateRange | null;
  user: RunUser;
  purpose: QueryPurpose;
  /** The report item or dashboard the run is for (query log). */
  target?: string | null;
  /** Fewer rows than the source's limit (a preview); never more: `run` and `stream` alike are cut at the source's limit. */
  rowLimit?: number;
  /** Skip a cached result (the page's refresh button); the new one is cached. */
  refresh?: boolean;
}

export interface QueryResult {
  columns: ResultColumn[];
  rows: ResultRow[];
  /** The row limit when the result was cut there, else null. */
  cutAtRows: number | null;
  dataAsOf: Date;
  fromCache: boolean;
  /** The parameter values the run used (defaults filled in, date ranges resolved). */
  parameters: ResolvedParameterValues;
  /** The row rules the run applied (decision 044), also those the reader bypassed. */
  rowRules?: AppliedRowRule[];
}

/** A result read while it is sent: columns first, then batches of rows. Iterate it to the end or `close` it. */
export interface ResultStream {
  columns: ResultColumn[];
  parameters: ResolvedParameterValues;
  rows: AsyncIterable<ResultRow[]>;
  /** After the rows were read: the limit when the result was cut there, else null. */
  cutAtRows(): number | null;
  /** Stops reading (the transaction ends, the connection goes back); safe to call twice. */
  close(): Promise<void>;
}

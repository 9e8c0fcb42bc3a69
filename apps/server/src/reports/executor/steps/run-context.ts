import type { ResolvedParameterValues } from '../../sql/parameter-values';
import type { CompiledSql } from '../../sql/sql-template';
import type { StatementRun } from '../driver-types';
import type { QueryResult, ResultStream, RunRequest } from '../executor-types';
import type { ResultRow } from '../result-values';
import type { SourceDriver } from '../source-drivers';
import type { Deadline } from './deadline';

// One run's state as it passes the steps of THE run path (docs/decisions/038-one-run-path.md). Each step
// fills in what it owns and calls `next`; what comes back is the answer in the output the caller chose.

/** What the caller asked for: the whole result (page, tile, mail, alert, preview, choices) or a stream (download). */
export type RunOutput = 'rows' | 'stream';

export type Answer = { output: 'rows'; result: QueryResult } | { output: 'stream'; stream: ResultStream };

export interface RunContext {
  readonly request: RunRequest;
  readonly output: RunOutput;
  readonly driver: SourceDriver;
  /** performance.now() when the run began (the query log's milliseconds). */
  readonly started: number;
  /** guard: the values checked and resolved, the statement compiled and guarded. */
  parameters?: ResolvedParameterValues;
  compiled?: CompiledSql;
  /** bind: values the query log keeps (parameters and the user values used), the cache key without the limit. */
  logged?: Record<string, unknown>;
  boundKey?: string;
  /** limit: the statement as the driver runs it (timeout, rows), the row limit, the wall-clock deadline. */
  statement?: StatementRun;
  rowLimit?: number;
  deadline?: Deadline;
  /** cache: the answer came from the result cache. */
  cacheHit?: boolean;
}

export type Next = () => Promise<Answer>;

export interface RunStep {
  readonly name: 'metrics' | 'log' | 'guard' | 'row-rules' | 'bind' | 'limit' | 'cache' | 'run';
  run(context: RunContext, next: Next): Promise<Answer>;
}

/** Runs `steps` in order, each around the ones after it; the last one must answer without `next`. */
export function runSteps(steps: readonly RunStep[], context: RunContext): Promise<Answer> {
  const at = (index: number): Promise<Answer> => {
    const step = steps[index];
    if (!step) return Promise.reject(new Error('the run path ended without an answer'));
    return step.run(context, () => at(index + 1));
  };
  return at(0);
}

/** What a stream ended with: rows sent and the error, if any. */
export interface StreamOutcome {
  rows: number;
  error: unknown;
}

/**
 * The same stream with `done` called once when it ends: read to its end, failed, or closed early. Outer
 * steps (limit, log, metrics) see a stream's end this way, as they see a whole result's return.
 */
export function whenStreamEnds(
  stream: ResultStream,
  done: (outcome: StreamOutcome) => void | Promise<void>,
): ResultStream {
  let rows = 0;
  let ended = false;
  const end = async (error: unknown) => {
    if (ended) return;
    ended = true;
    await done({ rows, error });
  };
  async function* counted(): AsyncGenerator<ResultRow[]> {
    let failure: unknown = null;
    try {
      for await (const batch of stream.rows) {
        rows += batch.length;
        yield batch;
      }
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      await end(failure);
    }
  }
  return {
    columns: stream.columns,
    parameters: stream.parameters,
    rows: counted(),
    cutAtRows: () => stream.cutAtRows(),
    async close() {
      await stream.close();
      await end(null);
    },
  };
}

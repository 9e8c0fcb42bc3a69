import { dataSourceDefaults } from '@cockpit/contracts';
import type { StatementRun } from '../driver-types';
import type { ExecutorSource } from '../executor-types';
import { Deadline } from './deadline';
import { type RunStep, whenStreamEnds } from './run-context';

// limit (docs/decisions/038-one-run-path.md; decision 009 for the per-user limits): every run — a whole
// result or a stream — is bounded the same way:
// - the reader's concurrency: at most so many runs per user at once (429), the others queued (503 after
//   the statement timeout); a stream holds its place until it is sent or abandoned;
// - the source's row limit (a preview may ask for fewer, nobody for more): a download is cut where the
//   page is cut, and says so;
// - the source's statement timeout, set by the driver inside the read-only transaction;
// - a wall-clock deadline of the same length (+ a margin, so the server's own timeout answers first when
//   it is in force) that cancels the statement on the database when it runs out.

/** What the limit step needs of the per-user limits (reports/report-query-limiter.ts). */
export interface RunConcurrency {
  limit<T>(userId: string, work: () => Promise<T>): Promise<T>;
  hold(userId: string): Promise<{ opened(): void; release(): void }>;
}

export interface LimitStepOptions {
  concurrency: RunConcurrency | null;
  /** The statement timeout of a source without connection settings (uploads). */
  uploadsStatementTimeoutSeconds: number;
  /** Rows per batch read from a source; a stream's batches are `streamBatchRows`. */
  batchRows: number;
  streamBatchRows: number;
  /** Added to the statement timeout for the deadline (default 500 ms). */
  deadlineMarginMs?: number;
}

export const sourceRowLimit = (source: ExecutorSource): number =>
  source.connection?.rowLimit ?? dataSourceDefaults.rowLimit;

/** The rows a run may answer: the caller's fewer, never more than the source allows. */
export function rowLimitOf(source: ExecutorSource, requested: number | undefined): number {
  const limit = sourceRowLimit(source);
  return Math.max(1, Math.floor(Math.min(requested ?? limit, limit)));
}

export function limitStep(options: LimitStepOptions): RunStep {
  const margin = options.deadlineMarginMs ?? 500;
  return {
    name: 'limit',
    async run(context, next) {
      const { request, compiled, output } = context;
      if (!compiled) throw new Error('limit runs after guard');
      const { source } = request;
      const rowLimit = rowLimitOf(source, request.rowLimit);
      const timeoutSeconds =
        source.connection?.statementTimeoutSeconds ?? options.uploadsStatementTimeoutSeconds;
      const deadline = new Deadline(timeoutSeconds * 1000 + margin);
      const statement: StatementRun = {
        text: compiled.text,
        values: compiled.values,
        firstRows: Math.min(output === 'stream' ? options.streamBatchRows : options.batchRows, rowLimit + 1),
        timeoutSeconds,
        templatePosition: compiled.templatePosition,
        signal: deadline.signal,
        // A whole result is read at once (the plan a direct run gets), bounded by the limit + 1 rows.
        ...(output === 'rows' ? { maxRows: rowLimit + 1 } : {}),
      };
      context.rowLimit = rowLimit;
      context.statement = statement;
      context.deadline = deadline;
      const userId = request.user.id;
      const { concurrency } = options;
      if (!concurrency || userId === null) return next();
      if (output === 'rows') {
        try {
          return await concurrency.limit(userId, next);
        } finally {
          deadline.end();
        }
      }
      const hold = await concurrency.hold(userId);
      let answer;
      try {
        answer = await next();
      } catch (error) {
        hold.release();
        throw error;
      }
      if (answer.output !== 'stream') {
        hold.release();
        return answer;
      }
      hold.opened();
      return { output: 'stream', stream: whenStreamEnds(answer.stream, () => hold.release()) };
    },
  };
}

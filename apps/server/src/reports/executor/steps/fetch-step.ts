import type { SourceCursor } from '../driver-types';
import { QueryTimedOut } from '../executor-errors';
import type { ResultRow } from '../result-values';
import type { Answer, RunStep } from './run-context';

// run (docs/decisions/038-one-run-path.md): the source's driver (source-drivers.ts, by kind) opens the
// statement with the limits the limit step set, and the rows are read in the output the caller chose —
// the whole result up to the row limit, or a stream of batches. Each wait on the database runs against
// the deadline; past it the driver cancels the statement and the run fails as timed out.

export interface FetchStepOptions {
  batchRows: number;
  streamBatchRows: number;
}

export function fetchStep({ batchRows, streamBatchRows }: FetchStepOptions): RunStep {
  return {
    name: 'run',
    async run(context): Promise<Answer> {
      const { request, driver, statement, rowLimit, deadline, output } = context;
      if (!statement || rowLimit === undefined || !deadline) throw new Error('run runs after limit');
      const { source } = request;
      const late = () => new QueryTimedOut(source.name, statement.timeoutSeconds);
      const parameters = context.parameters ?? {};
      const dataAsOf = new Date();
      const cursor = await deadline.within(() => driver.open(source, statement), late, {
        discard: (opened: SourceCursor) => void opened.close(),
      });

      if (output === 'rows') {
        let rows: ResultRow[];
        try {
          // A result read at once is taken as it is (no copy); a cursor is read batch by batch.
          rows = cursor.all?.() ?? [];
          if (!cursor.all) {
            while (rows.length <= rowLimit) {
              const batch = await deadline.within(
                () => cursor.next(Math.min(batchRows, rowLimit + 1 - rows.length)),
                late,
              );
              if (batch.length === 0) break;
              for (const row of batch) rows.push(row);
            }
          }
        } finally {
          await cursor.close();
        }
        const cutAtRows = rows.length > rowLimit ? rowLimit : null;
        if (cutAtRows !== null) rows.length = rowLimit;
        return {
          output: 'rows',
          result: { columns: cursor.columns, rows, cutAtRows, dataAsOf, fromCache: false, parameters },
        };
      }

      const limit = rowLimit;
      const clock = deadline;
      let sent = 0;
      let cut: number | null = null;
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await cursor.close();
      };
      async function* batches(): AsyncGenerator<ResultRow[]> {
        try {
          while (sent <= limit) {
            const batch = await clock.within(
              () => cursor.next(Math.min(streamBatchRows, limit + 1 - sent)),
              late,
            );
            if (batch.length === 0) break;
            if (sent + batch.length > limit) {
              cut = limit;
              const kept = batch.slice(0, limit - sent);
              sent += kept.length;
              if (kept.length > 0) yield kept;
              break;
            }
            sent += batch.length;
            yield batch;
          }
        } finally {
          await close();
        }
      }
      return {
        output: 'stream',
        stream: { columns: cursor.columns, parameters, rows: batches(), cutAtRows: () => cut, close },
      };
    },
  };
}

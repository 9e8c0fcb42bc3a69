import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { logTextOf } from '../executor-errors';
import type { QueryLogEntry } from '../query-log';
import { errorKind } from './metrics-step';
import { type Answer, type RunContext, type RunStep, whenStreamEnds } from './run-context';

// log (docs/decisions/038-one-run-path.md; query-log.ts): one query_log row per run — refusals, cache hits
// and a stream's end included — with the parameters and user values used, never a password. A run that
// succeeded answers without waiting for its row (the executor's `close` waits for them); a failure's row
// is written before the error goes on.

export interface LogStepOptions {
  log: FastifyBaseLogger;
  write: (entry: QueryLogEntry) => Promise<void>;
}

export function logStep({ log, write }: LogStepOptions): RunStep {
  const record = (context: RunContext, rows: number | null, error: unknown): Promise<void> => {
    const { request } = context;
    if (error !== null) {
      log.warn(
        {
          event: 'report.query.failed',
          dataSource: request.source.name,
          definition: request.definition.name,
          kind: errorKind(error),
          reason: logTextOf(error),
        },
        'report query failed',
      );
    }
    return write({
      organisationId: request.source.organisationId,
      userId: request.user.id,
      dataSourceName: request.source.name,
      definitionName: request.definition.name,
      target: request.target ?? null,
      purpose: request.purpose,
      parameters: context.logged ?? { ...request.values },
      rows,
      milliseconds: performance.now() - context.started,
      cacheHit: context.cacheHit === true,
      error: error === null ? null : logTextOf(error),
    });
  };
  return {
    name: 'log',
    async run(context, next): Promise<Answer> {
      let answer: Answer;
      try {
        answer = await next();
      } catch (error) {
        await record(context, null, error);
        throw error;
      }
      if (answer.output === 'rows') {
        void record(context, answer.result.rows.length, null);
        return answer;
      }
      return {
        output: 'stream',
        stream: whenStreamEnds(answer.stream, ({ rows, error }) => record(context, rows, error)),
      };
    },
  };
}

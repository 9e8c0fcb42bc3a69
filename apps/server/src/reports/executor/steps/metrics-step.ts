import { performance } from 'node:perf_hooks';
import { HttpError } from '../../../lib/http-error';
import { SqlRefused } from '../../sql/sql-refused';
import {
  MissingUserAttribute,
  QueryTimedOut,
  SourceQueryFailed,
  SourceUnavailable,
} from '../executor-errors';
import type { ExecutorMetrics, SourceLabels } from '../executor-metrics';
import type { ExecutorSource } from '../executor-types';
import { type Answer, type RunStep, whenStreamEnds } from './run-context';

// metrics (docs/decisions/038-one-run-path.md; executor-metrics.ts): per organisation and data source,
// runs by cache hit or miss, errors by kind, and the duration of runs that reached the source — a
// stream's when it ends.

export const errorKind = (error: unknown): string =>
  error instanceof SqlRefused
    ? 'refused'
    : error instanceof QueryTimedOut
      ? 'timeout'
      : error instanceof SourceUnavailable
        ? 'unavailable'
        : error instanceof SourceQueryFailed
          ? 'failed'
          : error instanceof MissingUserAttribute
            ? 'attribute'
            : error instanceof HttpError && error.statusCode < 500
              ? 'parameters'
              : 'internal';

export function metricsStep(
  metrics: ExecutorMetrics,
  labelsOf: (source: ExecutorSource) => SourceLabels,
): RunStep {
  return {
    name: 'metrics',
    async run(context, next): Promise<Answer> {
      const labels = labelsOf(context.request.source);
      let answer: Answer;
      try {
        answer = await next();
      } catch (error) {
        metrics.error(labels, errorKind(error));
        throw error;
      }
      metrics.run(labels, context.cacheHit ? 'hit' : 'miss');
      if (answer.output === 'rows') {
        if (!context.cacheHit) metrics.duration(labels, (performance.now() - context.started) / 1000);
        return answer;
      }
      return {
        output: 'stream',
        stream: whenStreamEnds(answer.stream, ({ error }) => {
          if (error === null) metrics.duration(labels, (performance.now() - context.started) / 1000);
          else metrics.error(labels, errorKind(error));
        }),
      };
    },
  };
}

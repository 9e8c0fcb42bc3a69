import type { ResultCache } from '../result-cache';
import { rowBytes } from '../result-values';
import type { RunStep } from './run-context';

// cache (docs/decisions/038-one-run-path.md; result-cache.ts): a whole result of a definition with
// `cacheSeconds` > 0 is answered from the cache when its key — the bound statement, so the reader's values
// used, and the row limit — was answered before, and kept after a run. A preview and a stream never are;
// `refresh` skips the cached one and keeps the new one.

export function cacheStep(cache: ResultCache): RunStep {
  return {
    name: 'cache',
    async run(context, next) {
      const { request, output, boundKey, rowLimit } = context;
      const useCache =
        output === 'rows' && request.purpose !== 'preview' && request.definition.cacheSeconds > 0;
      if (!useCache || boundKey === undefined || rowLimit === undefined) return next();
      const key = `${boundKey}\u0000${rowLimit}`;
      const cached = request.refresh ? undefined : cache.get(key);
      if (cached) {
        context.cacheHit = true;
        // A copy of the row list: a caller that sorts it must not reorder the cached one.
        return {
          output: 'rows',
          result: {
            columns: cached.columns,
            rows: cached.rows.slice(),
            cutAtRows: cached.cutAtRows,
            dataAsOf: cached.dataAsOf,
            fromCache: true,
            parameters: context.parameters ?? {},
          },
        };
      }
      const answer = await next();
      if (answer.output === 'rows') {
        const { columns, rows, cutAtRows, dataAsOf } = answer.result;
        let bytes = 0;
        for (const row of rows) bytes += rowBytes(row);
        cache.set(key, { columns, rows, cutAtRows, dataAsOf, bytes }, request.definition.cacheSeconds);
      }
      return answer;
    },
  };
}

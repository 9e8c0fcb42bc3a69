import { type ReportQueryLimiter, createReportQueryLimiter } from './report-query-limiter';
import { declaredPlugin, pluginNames } from '../plugins/declared-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-user and global limits and the statement timeout of report and tile queries (decision 009). */
    reportQueryLimiter: ReportQueryLimiter;
  }
}

/** One limiter for the whole process: reports and dashboard tiles count against the same limits. */
export const reportQueryLimitsPlugin = declaredPlugin(
  pluginNames.reportQueryLimits,
  [pluginNames.database],
  (app) => {
    app.decorate(
      'reportQueryLimiter',
      createReportQueryLimiter({
        db: app.db,
        log: app.log,
        maxPerUser: app.config.reportLimits.maxConcurrentPerUser,
        statementTimeoutMs: app.config.reportLimits.statementTimeoutMs,
      }),
    );
  },
);

import type { App } from '../app-types';
import { type ReportQueryLimiter, createReportQueryLimiter } from '../reporting/report-query-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-user and global limits and the statement timeout of report and tile queries (decision 009). */
    reportQueries: ReportQueryLimiter;
  }
}

/** One limiter for the whole process: reports and dashboard tiles count against the same limits. */
export function registerReportQueryLimits(app: App): void {
  app.decorate(
    'reportQueries',
    createReportQueryLimiter({
      db: app.db,
      log: app.log,
      maxPerUser: app.config.reportLimits.maxConcurrentPerUser,
      statementTimeoutMs: app.config.reportLimits.statementTimeoutMs,
    }),
  );
}

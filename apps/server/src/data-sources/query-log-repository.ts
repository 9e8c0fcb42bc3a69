import {
  type QueryLogEntry,
  type QueryLogResponse,
  queryLogPageSize,
  queryLogRetentionDays,
  queryPurposeSchema,
} from '@cockpit/contracts';
import { type SQL, and, count, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { queryLog } from './data-sources-schema';
import { user } from '../db/core-tables';

const dayMs = 24 * 60 * 60 * 1000;

export interface QueryLogFilter {
  dataSource?: string | undefined;
  definition?: string | undefined;
  errorsOnly: boolean;
  page: number;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The query log of ONE organisation (management → Data → Query log, decision 027): newest first, 50 a
 * page, with the display name of who ran it. Entries older than 30 days are deleted when the log is
 * read — the only reader — so it needs no scheduled job and never shows them.
 */
export function createQueryLogRepository(db: Database) {
  return {
    async list(organisationId: string, filter: QueryLogFilter, now = new Date()): Promise<QueryLogResponse> {
      await db
        .delete(queryLog)
        .where(
          and(
            eq(queryLog.organisationId, organisationId),
            lt(queryLog.at, new Date(now.getTime() - queryLogRetentionDays * dayMs)),
          ),
        );
      const conditions: SQL[] = [eq(queryLog.organisationId, organisationId)];
      if (filter.dataSource) conditions.push(eq(queryLog.dataSourceName, filter.dataSource));
      if (filter.definition) conditions.push(eq(queryLog.definitionName, filter.definition));
      if (filter.errorsOnly) conditions.push(isNotNull(queryLog.error));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: queryLog, userName: user.name })
          .from(queryLog)
          // Only a user of the same organisation is named (a log row never points elsewhere, but if it did).
          .leftJoin(user, and(eq(user.id, queryLog.userId), eq(user.organisationId, queryLog.organisationId)))
          .where(where)
          .orderBy(desc(queryLog.at), desc(queryLog.id))
          .limit(queryLogPageSize)
          .offset((filter.page - 1) * queryLogPageSize),
        db.select({ value: count() }).from(queryLog).where(where),
      ]);
      return {
        items: rows.map(({ entry, userName }): QueryLogEntry => ({
          id: entry.id,
          at: entry.at.toISOString(),
          userName,
          dataSource: entry.dataSourceName,
          definition: entry.definitionName,
          target: entry.target,
          purpose: queryPurposeSchema.catch('report').parse(entry.purpose),
          parameters: asRecord(entry.parameters),
          rows: entry.rows,
          milliseconds: entry.milliseconds,
          cacheHit: entry.cacheHit,
          error: entry.error,
        })),
        total: total?.value ?? 0,
        page: filter.page,
        pageSize: queryLogPageSize,
      };
    },
  };
}

import { queryLogRetentionDays, type QueryPurpose } from '@cockpit/contracts';
import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { queryLog } from '../../data-sources';

// Every run of report SQL leaves one row in `query_log` (decision 027): who, which source, definition
// and report or tile, the parameter values (never a password: sources' passwords are not parameters),
// rows, duration, cache hit, error. Entries older than 30 days go now and then, on insert — whichever
// instance happens to insert, so no timer has to assume a single process.

export interface QueryLogEntry {
  organisationId: string;
  userId: string | null;
  dataSourceName: string;
  definitionName: string;
  target: string | null;
  purpose: QueryPurpose;
  parameters: Record<string, unknown>;
  rows: number | null;
  milliseconds: number;
  cacheHit: boolean;
  error: string | null;
}

/** About one insert in this many also removes the old entries. */
const pruneEvery = 200;

/** Removes entries older than the retention (also called by the query log's listing). */
export async function pruneQueryLog(db: Database, now: Date = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - queryLogRetentionDays * 86_400_000);
  await db.delete(queryLog).where(lt(queryLog.at, cutoff));
}

export function createQueryLogWriter(
  db: Database,
  log: FastifyBaseLogger,
  random: () => number = Math.random,
) {
  return async (entry: QueryLogEntry): Promise<void> => {
    try {
      await db.insert(queryLog).values({ ...entry, milliseconds: Math.round(entry.milliseconds) });
      if (random() * pruneEvery < 1) await pruneQueryLog(db);
    } catch (error) {
      // The run's answer does not depend on its log line.
      log.warn({ err: error, event: 'report.query_log.failed' }, 'query log entry not written');
    }
  };
}

import { errorCodes } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, hasOneSession } from '../db/database';
import { HttpError } from '../lib/http-error';

/**
 * Report and tile queries are the only expensive requests a member can make, so one member must not stall
 * the server (decision 009 "Report queries"): at most `maxPerUser` per user running or waiting (429 beyond),
 * at most `maxConcurrent` running in all (503 after waiting longer than the statement timeout), and on
 * PostgreSQL a statement timeout per query's own transaction. PGlite cannot cancel a statement, so there
 * the limits are the protection.
 */
export interface ReportQueryLimiter {
  /** Runs `work` for `userId` within the limits, with the database (transaction) it must use. */
  run<T>(userId: string, work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * The same limits for work that runs its SQL elsewhere — THE executor of report definitions (decision
   * 027) takes them as a step of every run (decision 038, `concurrency`): no transaction is opened here.
   */
  limit<T>(userId: string, work: () => Promise<T>): Promise<T>;
  /**
   * The same limits for a result read while it is sent (a query report's download; the executor's limit
   * step, decision 038): taken
   * before it opens (429 / 503 as above) and counted against the user until `release` — the last byte
   * sent or the client gone. The global slot goes back at `opened` on PGlite (the result then waits in a
   * held cursor and other queries run between its batches) and at `release` on PostgreSQL, where the
   * stream may hold a connection of the pool all along. Both are safe to call twice.
   */
  hold(userId: string): Promise<ReportQueryHold>;
  /** `run` bound to one user: what a report or tile loader receives. */
  forUser(userId: string): RunReportQuery;
  /** Queries running and waiting now (tests, metrics). */
  readonly load: { running: number; waiting: number };
}

export interface ReportQueryHold {
  /** The result is open (its query ran). */
  opened(): void;
  /** The result is done with: sent, failed or abandoned. */
  release(): void;
}

export type RunReportQuery = <T>(work: (db: Database) => Promise<T>) => Promise<T>;

export interface ReportQueryLimiterOptions {
  db: Database;
  log: FastifyBaseLogger;
  maxPerUser: number;
  statementTimeoutMs: number;
  /** Default: 1 on PGlite, 6 on PostgreSQL (of the pool's 10 connections). */
  maxConcurrent?: number;
}

/** Retry-After of a refusal for too many parallel queries: one of them is usually done by then. */
const busyRetryAfterSeconds = 2;
/** Retry-After of a cancelled (too slow) query. */
const timeoutRetryAfterSeconds = 10;
/** PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout` (query_canceled). */
const queryCanceled = '57014';

function wasCancelled(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === queryCanceled) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const tooManyReportQueries = () =>
  new HttpError(
    429,
    errorCodes.rateLimited,
    'Too many reports are loading at once. Please wait for them to finish.',
    { 'retry-after': String(busyRetryAfterSeconds) },
  );

export const reportQueryTimedOut = () =>
  new HttpError(
    503,
    errorCodes.unavailable,
    'This report took too long to compute. Please choose a shorter range or try again later.',
    { 'retry-after': String(timeoutRetryAfterSeconds) },
  );

export function createReportQueryLimiter({
  db,
  log,
  maxPerUser,
  statementTimeoutMs,
  maxConcurrent,
}: ReportQueryLimiterOptions): ReportQueryLimiter {
  const embedded = hasOneSession(db);
  const slots = maxConcurrent ?? (embedded ? 1 : 6);
  const perUser = new Map<string, number>();
  const queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  let running = 0;

  const acquireSlot = () =>
    new Promise<void>((resolve, reject) => {
      if (running < slots) {
        running += 1;
        resolve();
        return;
      }
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          log.warn(
            { event: 'report.query.queue_timeout', waiting: queue.length },
            'report query waited too long',
          );
          reject(reportQueryTimedOut());
        }, statementTimeoutMs),
      };
      queue.push(entry);
    });
  const releaseSlot = () => {
    running -= 1;
    queue.shift()?.start();
  };

  const execute = <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    if (embedded) return work(db);
    return db.transaction(async (tx) => {
      // A number from the configuration, not user input; SET takes no bind parameters.
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.floor(statementTimeoutMs)}`));
      return work(tx);
    });
  };

  /** One more query of `userId`, or 429 when the user has `maxPerUser` already. */
  const enterUser = (userId: string) => {
    const mine = perUser.get(userId) ?? 0;
    if (mine >= maxPerUser) {
      log.warn({ event: 'report.query.rate_limited', userId }, 'too many report queries at once');
      throw tooManyReportQueries();
    }
    perUser.set(userId, mine + 1);
  };
  const leaveUser = (userId: string) => {
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left <= 0) perUser.delete(userId);
    else perUser.set(userId, left);
  };

  /** The per-user and global limits around `work`, which opens no transaction of the limiter's own. */
  const limit = async <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    enterUser(userId);
    try {
      await acquireSlot();
      try {
        return await work();
      } finally {
        releaseSlot();
      }
    } finally {
      leaveUser(userId);
    }
  };

  const hold = async (userId: string): Promise<ReportQueryHold> => {
    enterUser(userId);
    try {
      await acquireSlot();
    } catch (error) {
      leaveUser(userId);
      throw error;
    }
    let slotHeld = true;
    let userHeld = true;
    const giveSlotBack = () => {
      if (!slotHeld) return;
      slotHeld = false;
      releaseSlot();
    };
    return {
      opened: () => {
        if (embedded) giveSlotBack();
      },
      release: () => {
        giveSlotBack();
        if (!userHeld) return;
        userHeld = false;
        leaveUser(userId);
      },
    };
  };

  const run = <T>(userId: string, work: (db: Database) => Promise<T>): Promise<T> =>
    limit(userId, async () => {
      try {
        return await execute(work);
      } catch (error) {
        if (wasCancelled(error)) {
          log.warn({ event: 'report.query.timeout', userId, statementTimeoutMs }, 'report query cancelled');
          throw reportQueryTimedOut();
        }
        throw error;
      }
    });

  return {
    run,
    limit,
    hold,
    forUser: (userId) => (work) => run(userId, work),
    get load() {
      return { running, waiting: queue.length };
    },
  };
}

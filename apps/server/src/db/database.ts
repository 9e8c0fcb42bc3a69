import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { type ListenHandlers, type StopListening, listenWithPgClient } from './pg-listener';
import * as schema from './schema';

/** The one database type used everywhere: PGlite and node-postgres both extend it (DESIGN.md §2). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  /** `loadDataDir`: start an in-memory database from a dump (tests use a migrated template). */
  | { driver: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { driver: 'pg'; connectionString: string };

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Apply the SQL migrations in apps/server/drizzle (idempotent). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel (live notifications, DESIGN.md §5): PostgreSQL through one dedicated connection
   * that reconnects by itself; PGlite in-process. Call the returned function to stop.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<StopListening>;
  close(): Promise<void>;
}

/**
 * apps/server/drizzle: the nearest `drizzle` folder above this module. Found by walking up rather than by a
 * fixed `../../drizzle`, because this module runs from src/db/ (tsx) and from the bundle in dist/
 * (`npm start`, decision 013).
 */
function findMigrationsFolder(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir)
      throw new Error(`no drizzle migrations folder above ${import.meta.dirname}`);
  }
}

const migrationsFolder = findMigrationsFolder();

/** `dataDir: null` → in-memory PGlite (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === 'pg') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: 10,
      // issue 7 fault tolerance: an unreachable database fails a request within seconds (→ 503) instead
      // of hanging it; the pool reconnects on its own once the database is back.
      connectionTimeoutMillis: 3_000,
      statement_timeout: 15_000,
      query_timeout: 20_000,
      idle_in_transaction_session_timeout: 30_000,
      keepAlive: true,
    });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema });
    let closed = false;
    return {
      db,
      driver: 'pg',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      listen: (channel, handlers) =>
        listenWithPgClient({ connectionString: target.connectionString, channel, handlers }),
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  let releaseLock = () => {};
  let client: PGlite;
  if (target.dataDir === null) {
    client = new PGlite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  } else {
    mkdirSync(target.dataDir, { recursive: true });
    // PGlite has no cross-process lock: a second server on the same directory would corrupt it.
    releaseLock = acquireDataDirLock(target.dataDir);
    client = new PGlite(target.dataDir);
  }
  try {
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, { onNotify }) => {
      // One in-process database: no connection to lose, so no reconnects.
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
}

/** `select 1`, failing when the database does not answer within `timeoutMs`. */
export async function pingDatabase(db: Database, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

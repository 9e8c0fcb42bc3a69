import { mkdirSync } from 'node:fs';
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
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** `dataDir: null` → in-memory PGlite (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === 'pg') {
    const pool = new pg.Pool({ connectionString: target.connectionString, max: 10 });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema });
    let closed = false;
    return {
      db,
      driver: 'pg',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
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

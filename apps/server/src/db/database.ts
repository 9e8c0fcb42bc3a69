import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import { PgliteThreadClient } from './pglite-client';
import { type ListenHandlers, type StopListening, listenWithPgClient } from './pg-listener';

/** The one database type used everywhere: PGlite and node-postgres both extend it (docs/product.md §D.2). */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  /** `loadDataDir`: start an in-memory database from a dump (tests use a migrated template). */
  | { driver: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { driver: 'pg'; connectionString: string };

/**
 * Whether queries on `db` run on this thread. None do: PGlite runs in a worker thread of its own
 * (decision 039), a PostgreSQL server in its own process.
 */
export function runsOnEventLoop(_db: Database): boolean {
  return false;
}

/** The embedded database's client (PGlite in its worker thread, decision 039), or `null` on PostgreSQL. */
export function embeddedClient(db: Database): PgliteThreadClient | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PgliteThreadClient ? client : null;
}

/**
 * Whether `db` has one session only, which an open transaction holds for everyone: the embedded
 * database (decision 039); a PostgreSQL pool has many.
 */
export function hasOneSession(db: Database): boolean {
  return embeddedClient(db) !== null;
}

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /**
   * Apply the SQL migrations in apps/server/drizzle (idempotent); resolves with how many this call
   * applied. On PostgreSQL under an advisory lock: instances started at once migrate one after the
   * other, so each migration runs exactly once (decision 019).
   */
  migrate(): Promise<number>;
  /**
   * Runs `work` while no other server process on this database runs work under the same `name`
   * (a PostgreSQL advisory lock; PGlite has one process only). Start-up uses it for the demo seed.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Connections of the pool (PostgreSQL; `null` for PGlite): for the metrics. */
  poolStats(): PoolStats | null;
  /**
   * `listener` is called once when the database stops by itself (PGlite's worker thread died; never on
   * PostgreSQL, whose pool reconnects): every call fails from then on, and the server stops (main.ts).
   */
  onStopped(listener: (error: Error) => void): void;
  /** Whether each LISTEN connection opened through `listen` is connected now: for readiness. */
  listeners: () => ListenerStatus[];
  /**
   * LISTEN on a channel (live notifications, docs/product.md §D.5): PostgreSQL through one dedicated connection
   * that reconnects by itself; PGlite in-process. Call the returned function to stop.
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<StopListening>;
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

export interface PoolStats {
  /** Open connections, idle ones included. */
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
  max: number;
}

export interface ListenerStatus {
  channel: string;
  connected: boolean;
}

/** Advisory lock keys are 64-bit integers: one per name, stable across processes and versions. */
function advisoryLockKey(name: string): bigint {
  const digest = createHash('sha256').update(`report-cockpit:${name}`).digest();
  return digest.readBigInt64BE(0);
}

/** The migrations journal drizzle keeps (schema `drizzle`); 0 before the first migration. */
async function appliedMigrations(db: Database): Promise<number> {
  type Rows<T> = { rows: T[] };
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as Rows<{ present: boolean }>;
  if (!exists.rows[0]?.present) return 0;
  const result = (await db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as Rows<{ applied: number | string }>;
  return Number(result.rows[0]?.applied ?? 0);
}

/**
 * `work` under a session-level advisory lock held on a connection of its own (not a pooled one: the
 * pool's statement timeout would end a long wait, and the lock belongs to its session). Waits as long as
 * the holder needs; a crashed holder's lock ends with its connection.
 */
async function withAdvisoryLock<T>(
  connectionString: string,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: `cockpit-lock-${name}` });
  client.on('error', () => {});
  await client.connect();
  const key = advisoryLockKey(name).toString();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Wraps `listen` so the handle knows whether each LISTEN connection is up (readiness). */
function trackListeners(listen: DatabaseHandle['listen']) {
  const statuses = new Set<ListenerStatus>();
  const tracked: DatabaseHandle['listen'] = async (channel, handlers) => {
    const status: ListenerStatus = { channel, connected: false };
    const stop = await listen(channel, {
      ...handlers,
      onReconnect: () => {
        status.connected = true;
        handlers.onReconnect();
      },
      onError: (error) => {
        status.connected = false;
        handlers.onError?.(error);
      },
    });
    status.connected = true;
    statuses.add(status);
    return async () => {
      statuses.delete(status);
      await stop();
    };
  };
  return { listen: tracked, listeners: () => [...statuses].map((status) => ({ ...status })) };
}

/** `dataDir: null` → in-memory PGlite (tests). */
/**
 * Opens the database the configuration names — PostgreSQL at DATABASE_URL, else the embedded one in
 * DATA_DIR — for a command an operator runs (`npm start`, `npm run notify`): when it cannot be opened,
 * the command says why and exits with 1.
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  try {
    return await openDatabase(
      config.databaseUrl
        ? { driver: 'pg', connectionString: config.databaseUrl }
        : { driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
    );
  } catch (error) {
    console.error(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === 'pg') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: 10,
      // Fault tolerance (decision 009): an unreachable database fails a request within seconds (→ 503) instead
      // of hanging it; the pool reconnects on its own once the database is back.
      connectionTimeoutMillis: 3_000,
      statement_timeout: 15_000,
      query_timeout: 20_000,
      idle_in_transaction_session_timeout: 30_000,
      keepAlive: true,
    });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool });
    let closed = false;
    const exclusive = <T>(name: string, work: () => Promise<T>) =>
      withAdvisoryLock(target.connectionString, name, work);
    const { listen, listeners } = trackListeners((channel, handlers) =>
      listenWithPgClient({ connectionString: target.connectionString, channel, handlers }),
    );
    return {
      db,
      driver: 'pg',
      migrate: () =>
        exclusive('migrations', async () => {
          const before = await appliedMigrations(db);
          await migrateNodePg(db, { migrationsFolder });
          return (await appliedMigrations(db)) - before;
        }),
      exclusive,
      onStopped: () => {},
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      listen,
      listeners,
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  let releaseLock = () => {};
  if (target.dataDir !== null) {
    mkdirSync(target.dataDir, { recursive: true });
    // PGlite has no cross-process lock: a second server on the same directory would corrupt it.
    releaseLock = acquireDataDirLock(target.dataDir);
  }
  let client: PgliteThreadClient;
  try {
    client = await PgliteThreadClient.start({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  } catch (error) {
    releaseLock();
    throw error;
  }
  // Drizzle's pglite driver calls query, exec and transaction, which the worker's client answers as
  // PGlite does (decision 039).
  const db = drizzlePglite({ client: client as unknown as PGlite });
  const { listen, listeners } = trackListeners(async (channel, { onNotify }) => {
    // One database in this process: no connection to lose, so no reconnects.
    const unlisten = await client.listen(channel, onNotify);
    return async () => {
      if (!client.closed) await unlisten();
    };
  });
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      const before = await appliedMigrations(db);
      await migratePglite(db, { migrationsFolder });
      return (await appliedMigrations(db)) - before;
    },
    // One process per data directory (data-dir-lock.ts): nothing else can run at the same time.
    exclusive: (_name, work) => work(),
    onStopped: (listener) => client.onStopped(listener),
    poolStats: () => null,
    listen,
    listeners,
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
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

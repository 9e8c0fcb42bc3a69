import { performance } from 'node:perf_hooks';
import type {
  DataSourceKind,
  DataSourceTestResponse,
  SourceSchemaResponse,
  SourceTable,
} from '@cockpit/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import type { GuardDialect } from '../sql/statement-guard';
import type { SqlDialect } from '../sql/sql-template';
import type { UploadsScope } from '../sql/uploads-confinement';
import { AccountRefused, ownServerIdentityOf } from './account-privileges';
import type { SourceCursor, StatementRun } from './driver-types';
import { SourceQueryFailed, SourceUnavailable, logTextOf } from './executor-errors';
import type { ExecutorSource } from './executor-types';
import type { DataSourceHostPolicy } from './host-policy';
import { createMysqlDriver, mysqlFailure } from './mysql-driver';
import {
  type DatabaseDriver,
  type DatabaseSource,
  type SessionQuery,
  createPostgresDriver,
  pgFailure,
} from './postgres-driver';
import { createUploadsDriver } from './uploads-driver';

// The drivers by data source kind (docs/decisions/038-one-run-path.md): the run path and the management
// calls (describe, test) look a source's driver up here and never branch on its kind themselves. A new
// kind is one more entry.

export interface SourceDriver {
  /** How the statement guard reads the compiled SQL. */
  readonly guardDialect: GuardDialect;
  /** The template's placeholders (`$1` or `?`). */
  readonly templateDialect: SqlDialect;
  /** What the guard confines a statement to (uploads: the organisation's schema); kept per source version. */
  scope?(source: ExecutorSource): Promise<UploadsScope>;
  /** The statement in a read-only transaction; `run.signal` aborting cancels it (decision 038). */
  open(source: ExecutorSource, run: StatementRun): Promise<SourceCursor>;
  describe(source: ExecutorSource): Promise<SourceSchemaResponse>;
  test(source: ExecutorSource): Promise<DataSourceTestResponse>;
  /** Connections running a query now, by source id (a gauge). */
  connectionsInUse(): Map<string, number>;
  forget(sourceId: string): Promise<void>;
  close(): Promise<void>;
}

export type DriverRegistry = ReadonlyMap<DataSourceKind, SourceDriver>;

export function driverOf(
  registry: DriverRegistry,
  source: { kind: DataSourceKind; name: string },
): SourceDriver {
  const driver = registry.get(source.kind);
  if (!driver)
    throw new SourceUnavailable(source.name, `no driver for data sources of kind '${source.kind}'`);
  return driver;
}

const maxDescribedTables = 2_000;

function tablesOf(rows: string[][]): SourceSchemaResponse {
  const tables = new Map<string, SourceTable>();
  let truncated = false;
  for (const [schema = '', name = '', column = '', type = ''] of rows) {
    const key = `${schema}.${name}`;
    let table = tables.get(key);
    if (!table) {
      if (tables.size >= maxDescribedTables) {
        truncated = true;
        break;
      }
      table = { schema, name, columns: [] };
      tables.set(key, table);
    }
    table.columns.push({ name: column, type });
  }
  return { tables: [...tables.values()], truncated };
}

const databaseSource = (source: ExecutorSource): DatabaseSource => {
  if (!source.connection) throw new SourceUnavailable(source.name, 'the data source has no connection');
  return { ...source, connection: source.connection };
};

/** A write inside the read-only transaction must be refused: PostgreSQL with 25006. */
async function postgresProbe(query: SessionQuery) {
  await query('SAVEPOINT cockpit_probe');
  let readOnlySession = false;
  try {
    await query('CREATE TEMPORARY TABLE cockpit_read_only_probe (x integer)');
  } catch (error) {
    readOnlySession = (error as { code?: unknown }).code === '25006';
  }
  await query('ROLLBACK TO SAVEPOINT cockpit_probe');
  const [[canWrite] = [false]] = await query(
    `SELECT coalesce((SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user), false) OR EXISTS (
       SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg\\_%'
         AND (has_table_privilege(c.oid, 'INSERT') OR has_table_privilege(c.oid, 'UPDATE')
              OR has_table_privilege(c.oid, 'DELETE')))`,
  );
  return { readOnlySession, accountCanWrite: canWrite === true };
}

/**
 * MySQL: a DELETE of nothing from one of the tables inside the read-only transaction must be refused
 * (1792 read-only transaction, or 1142 not permitted). No DDL: MySQL would commit before it.
 */
async function mysqlProbe(query: SessionQuery) {
  const grants = (await query('SHOW GRANTS')).map((row) => String(row[0]));
  const accountCanWrite = grants.some((grant) =>
    /\b(ALL PRIVILEGES|INSERT|UPDATE|DELETE)\b/i.test(grant.split(' ON ')[0] ?? ''),
  );
  // information_schema.tables.table_name is text.
  const [[table] = []] = (await query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' LIMIT 1`,
  )) as [string][];
  if (table === undefined) return { readOnlySession: true, accountCanWrite };
  try {
    await query(`DELETE FROM \`${table.replaceAll('`', '``')}\` WHERE 1 = 0`);
    return { readOnlySession: false, accountCanWrite };
  } catch (error) {
    const errno = Number((error as { errno?: unknown }).errno);
    return { readOnlySession: errno === 1792 || errno === 1142, accountCanWrite };
  }
}

interface DatabaseKind {
  driver: DatabaseDriver;
  templateDialect: SqlDialect;
  describeQuery: string;
  probe: typeof postgresProbe;
  failure: (source: ExecutorSource, error: unknown) => Error;
}

/** A source reached over the network (PostgreSQL, MySQL/MariaDB): its pools, describe and test. */
function databaseSourceDriver(kind: DatabaseKind): SourceDriver {
  const { driver } = kind;
  const failureOf = (source: ExecutorSource, error: unknown) =>
    error instanceof HttpError ? error : kind.failure(source, error);
  const describeWith = async (query: SessionQuery) =>
    tablesOf((await query(kind.describeQuery)).map((row) => row.map(String)));
  return {
    guardDialect: kind.templateDialect,
    templateDialect: kind.templateDialect,
    open: (source, run) => driver.open(databaseSource(source), run),
    async describe(source) {
      try {
        return await driver.withSession(databaseSource(source), describeWith);
      } catch (error) {
        throw failureOf(source, error);
      }
    },
    async test(source) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        return await driver.withSession(databaseSource(source), async (query, serverVersion) => {
          const probe = await kind.probe(query);
          const schema = await describeWith(query);
          return {
            ok: probe.readOnlySession,
            message: probe.readOnlySession ? null : 'the session accepted a write',
            ...probe,
            serverVersion,
            milliseconds: elapsed(),
            schema,
          };
        });
      } catch (error) {
        const failure = failureOf(source, error);
        const message =
          failure instanceof SourceUnavailable || failure instanceof SourceQueryFailed
            ? failure.detail
            : logTextOf(failure);
        const refusedPrivileges = failure instanceof AccountRefused ? failure.privileges : [];
        return {
          ok: false,
          message,
          refusedPrivileges,
          readOnlySession: false,
          accountCanWrite: false,
          serverVersion: null,
          milliseconds: elapsed(),
          schema: null,
        };
      }
    },
    connectionsInUse: () => driver.connectionsInUse(),
    forget: (sourceId) => driver.forget(sourceId),
    close: () => driver.close(),
  };
}

/** Uploaded tables in the cockpit's own database (PGlite or PostgreSQL), confined to the organisation's schema. */
function uploadsSourceDriver(db: Database): SourceDriver {
  const uploads = createUploadsDriver(db);
  return {
    guardDialect: 'uploads',
    templateDialect: 'postgres',
    scope: (source) => uploads.scope(source),
    open: (source, run) => uploads.open(source, run),
    async describe(source) {
      const tables = await uploads.describe(source);
      return { tables: tables.slice(0, maxDescribedTables), truncated: tables.length > maxDescribedTables };
    },
    async test(source) {
      const started = performance.now();
      try {
        const tables = await this.describe(source);
        return {
          ok: true,
          message: null,
          readOnlySession: true,
          accountCanWrite: false,
          serverVersion: await uploads.serverVersion(),
          milliseconds: Math.round(performance.now() - started),
          schema: tables,
        };
      } catch (error) {
        const failure = error instanceof HttpError ? error : pgFailure(source, error);
        const message =
          failure instanceof SourceUnavailable || failure instanceof SourceQueryFailed
            ? failure.detail
            : logTextOf(failure);
        return {
          ok: false,
          message,
          readOnlySession: false,
          accountCanWrite: false,
          serverVersion: null,
          milliseconds: Math.round(performance.now() - started),
          schema: null,
        };
      }
    },
    connectionsInUse: () => new Map(),
    forget: async () => {},
    close: async () => {},
  };
}

/** The drivers of the three kinds; tests may register others (a driver that blocks, one that counts). */
export function createDriverRegistry(options: {
  db: Database;
  hostPolicy: DataSourceHostPolicy;
}): Map<DataSourceKind, SourceDriver> {
  return new Map<DataSourceKind, SourceDriver>([
    [
      'postgres',
      databaseSourceDriver({
        driver: createPostgresDriver(options.hostPolicy, ownServerIdentityOf(options.db)),
        templateDialect: 'postgres',
        describeQuery: `SELECT c.table_schema, c.table_name, c.column_name, c.data_type FROM information_schema.columns c
             WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.table_schema NOT LIKE 'pg\\_%'
             ORDER BY c.table_schema, c.table_name, c.ordinal_position`,
        probe: postgresProbe,
        failure: (source, error) => pgFailure(source, error),
      }),
    ],
    [
      'mysql',
      databaseSourceDriver({
        driver: createMysqlDriver(options.hostPolicy),
        templateDialect: 'mysql',
        describeQuery: `SELECT table_schema, table_name, column_name, column_type FROM information_schema.columns
             WHERE table_schema = DATABASE() ORDER BY table_name, ordinal_position`,
        probe: mysqlProbe,
        failure: (source, error) => mysqlFailure(source, error),
      }),
    ],
    ['uploads', uploadsSourceDriver(options.db)],
  ]);
}

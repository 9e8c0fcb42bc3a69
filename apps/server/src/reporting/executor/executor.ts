import { performance } from 'node:perf_hooks';
import {
  type DataSourceConnection,
  type DataSourceKind,
  type DataSourceTestResponse,
  type DateRange,
  type DefinitionParameter,
  type ParameterValues,
  type QueryPurpose,
  type SourceSchemaResponse,
  type SourceTable,
  type UserAttributes,
  dataSourceDefaults,
  dataSourceMaxRowLimit,
  userAttributesPrefix,
  userEmailParameter,
} from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Registry } from 'prom-client';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import {
  type ResolvedParameterValues,
  parameterReferenceType,
  parameterReferenceValue,
  resolveParameterValues,
} from '../sql/parameter-values';
import { SqlRefused } from '../sql/sql-refused';
import { type BoundValue, compileTemplate, isUserReference } from '../sql/sql-template';
import { guardStatement } from '../sql/statement-guard';
import { AccountRefused, ownServerIdentityOf } from './account-privileges';
import type { SourceCursor, StatementRun } from './driver-types';
import { MissingUserAttribute, QueryTimedOut, SourceQueryFailed, SourceUnavailable, logTextOf } from './executor-errors';
import { type SourceLabels, createExecutorMetrics } from './executor-metrics';
import type { DataSourceHostPolicy } from './host-policy';
import { createMysqlDriver, mysqlFailure } from './mysql-driver';
import { type DatabaseDriver, type DatabaseSource, type SessionQuery, createPostgresDriver, pgFailure } from './postgres-driver';
import { createQueryLogWriter } from './query-log';
import { type ResultCacheOptions, createResultCache } from './result-cache';
import { type ResultColumn, type ResultRow, rowBytes } from './result-values';
import { createUploadsDriver } from './uploads-driver';

// THE executor (docs/decisions/027-reports-over-own-data.md): the only code that runs report SQL. Every
// caller — report page, tile, download, preview, choices, delivery — goes through `run` or `stream`, so
// parameter checks, per-user binding, the statement guard, the read-only transaction, the row limit, the
// cache, the query log and the metrics cannot be left out by a new caller.

export interface ExecutorSource {
  id: string;
  organisationId: string;
  name: string;
  kind: DataSourceKind;
  /** Bumped on every change of the source or an upload: pools and cache keys follow it. */
  version: number;
  connection: DataSourceConnection | null;
  /** Opened for this call only; never logged. */
  password: string | null;
}

export interface RunDefinition {
  name: string;
  version: number;
  sql: string;
  parameters: readonly DefinitionParameter[];
  cacheSeconds: number;
}

export interface RunUser {
  /** `null` only for runs on no one's behalf (none today: a delivery runs as its recipient). */
  id: string | null;
  email: string;
  attributes: UserAttributes;
}

export interface RunRequest {
  source: ExecutorSource;
  definition: RunDefinition;
  /** As the client or the stored item sent them; checked here (400 naming the parameter). */
  values: ParameterValues;
  /** `YYYY-MM-DD` (UTC): what the date-range presets count from. */
  today: string;
  /** What the preset `all` stands for (default: every date). */
  allRange?: DateRange | null;
  user: RunUser;
  purpose: QueryPurpose;
  /** The report item or dashboard the run is for (query log). */
  target?: string | null;
  /** Fewer rows than the source's limit (a preview); `stream` defaults to the largest limit. */
  rowLimit?: number;
  /** Skip a cached result (the page's refresh button); the new one is cached. */
  refresh?: boolean;
}

export interface QueryResult {
  columns: ResultColumn[];
  rows: ResultRow[];
  /** The row limit when the result was cut there, else null. */
  cutAtRows: number | null;
  dataAsOf: Date;
  fromCache: boolean;
  /** The parameter values the run used (defaults filled in, date ranges resolved). */
  parameters: ResolvedParameterValues;
}

/** A result read while it is sent: columns first, then batches of rows. Iterate it to the end or `close` it. */
export interface ResultStream {
  columns: ResultColumn[];
  parameters: ResolvedParameterValues;
  rows: AsyncIterable<ResultRow[]>;
  /** After the rows were read: the limit when the result was cut there, else null. */
  cutAtRows(): number | null;
  /** Stops reading (the transaction ends, the connection goes back); safe to call twice. */
  close(): Promise<void>;
}

export interface ExecutorOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The app's metrics registry (`app.metrics.registry`); null: no metrics. */
  registry?: Registry | null;
  hostPolicy: DataSourceHostPolicy;
  cache?: ResultCacheOptions;
  /** Rows per batch read from a source (and per `stream` batch). */
  batchRows?: number;
  /**
   * Rows per batch of a stream (a download; default 1,000, at most `batchRows`): small, so each batch is
   * read, written out and dropped before the next one comes — the memory a 1,000,000-row download needs
   * stays flat (a batch of 5,000 lived long enough to reach the old generation).
   */
  streamBatchRows?: number;
  /** The statement timeout of uploaded tables (they have no connection settings; the app passes REPORT_STATEMENT_TIMEOUT_MS); default 30 s. */
  uploadsStatementTimeoutSeconds?: number;
}

export interface Executor {
  run(request: RunRequest): Promise<QueryResult>;
  stream(request: RunRequest): Promise<ResultStream>;
  /** The tables and columns of a source (the SQL editor), at most 2,000 tables. */
  describe(source: ExecutorSource): Promise<SourceSchemaResponse>;
  /** Connects, lists the tables, proves the session read-only; a failure is `ok: false` with the message. */
  test(source: ExecutorSource): Promise<DataSourceTestResponse>;
  /** The DATA_SOURCE_HOSTS rule for a host being saved: why not, or null. */
  hostProblem(host: string, target?: { kind: 'postgres' | 'mysql'; port: number; database: string }): Promise<string | null>;
  /** The source changed or was removed: its pools on this instance close. */
  forget(source: { id: string }): Promise<void>;
  close(): Promise<void>;
}

const maxDescribedTables = 2_000;

interface Prepared {
  statement: StatementRun;
  parameters: ResolvedParameterValues;
  /** Parameters and user values used, for the query log. */
  logged: Record<string, unknown>;
  rowLimit: number;
  cacheKey: string;
}

function userReferenceValue(user: RunUser, reference: string): BoundValue | undefined {
  if (reference === userEmailParameter) return user.email;
  if (!reference.startsWith(userAttributesPrefix)) return undefined;
  const key = reference.slice(userAttributesPrefix.length);
  const values = Object.hasOwn(user.attributes, key) ? user.attributes[key] : undefined;
  // Never dropped, never unfiltered: a user without the attribute gets no data.
  if (!values || values.length === 0) throw new MissingUserAttribute(key);
  return values;
}

const errorKind = (error: unknown) =>
  error instanceof SqlRefused
    ? 'refused'
    : error instanceof QueryTimedOut
      ? 'timeout'
      : error instanceof SourceUnavailable
        ? 'unavailable'
        : error instanceof SourceQueryFailed
          ? 'failed'
          : error instanceof MissingUserAttribute
            ? 'attribute'
            : error instanceof HttpError && error.statusCode < 500
              ? 'parameters'
              : 'internal';

export function createExecutor(options: ExecutorOptions): Executor {
  const { db, log } = options;
  const batchRows = options.batchRows ?? 5_000;
  const streamBatchRows = Math.min(batchRows, options.streamBatchRows ?? 1_000);
  const postgres = createPostgresDriver(options.hostPolicy, ownServerIdentityOf(db));
  const mysql = createMysqlDriver(options.hostPolicy);
  const uploads = createUploadsDriver(db);
  const cache = createResultCache(options.cache);
  const writeLog = createQueryLogWriter(db, log);
  /** Query log entries being written: a successful run answers without waiting for its entry. */
  const pendingLogs = new Set<Promise<void>>();
  /** Statements the guard passed, per dialect and (uploads) schema version: parsed once, not per run. */
  const guarded = new LRUCache<string, true>({ max: 1_000 });
  const sourceLabels = new Map<string, SourceLabels>();
  const labelsOf = (source: ExecutorSource): SourceLabels => {
    const labels = { organisation: source.organisationId, data_source: source.name };
    sourceLabels.set(source.id, labels);
    return labels;
  };
  const metrics = createExecutorMetrics(options.registry ?? null, () => {
    const counts: { labels: SourceLabels; count: number }[] = [];
    for (const driver of [postgres, mysql]) {
      for (const [id, count] of driver.connectionsInUse()) {
        const labels = sourceLabels.get(id);
        if (labels) counts.push({ labels, count });
      }
    }
    return counts;
  });

  const databaseDriver = (source: ExecutorSource): DatabaseDriver => (source.kind === 'mysql' ? mysql : postgres);
  const databaseSource = (source: ExecutorSource): DatabaseSource => {
    if (!source.connection) throw new SourceUnavailable(source.name, 'the data source has no connection');
    return { ...source, connection: source.connection };
  };

  async function prepare(request: RunRequest, defaultLimit: number, firstRows = batchRows): Promise<Prepared> {
    const { source, definition, user } = request;
    const parameters = resolveParameterValues(definition.parameters, request.values, {
      today: request.today,
      allRange: request.allRange ?? null,
    });
    const dialect = source.kind === 'mysql' ? 'mysql' : 'postgres';
    const compiled = compileTemplate(
      definition.sql,
      dialect,
      (reference) =>
        isUserReference(reference)
          ? userReferenceValue(user, reference)
          : parameterReferenceValue(definition.parameters, parameters, reference),
      { typeOf: (reference) => parameterReferenceType(definition.parameters, reference) },
    );
    const scope = source.kind === 'uploads' ? await uploads.scope(source) : undefined;
    // The uploads scope (the schema's tables) belongs to the source's version: a new upload checks again.
    // Where the template put its placeholders belongs to the key: the same text with a `$n` of its own is refused.
    const guardKey = `${source.kind}\u0000${scope ? `${source.id}:${source.version}` : ''}\u0000${compiled.placeholders.join(',')}\u0000${compiled.text}`;
    try {
      if (!guarded.has(guardKey)) {
        await guardStatement(compiled.text, source.kind === 'uploads' ? 'uploads' : dialect, scope, compiled.placeholders);
        guarded.set(guardKey, true);
      }
    } catch (error) {
      if (error instanceof SqlRefused && error.position !== null) {
        throw new SqlRefused(error.reason, compiled.templatePosition(error.position));
      }
      throw error;
    }
    const rowLimit = Math.max(1, Math.floor(Math.min(request.rowLimit ?? defaultLimit, defaultLimit)));
    const logged: Record<string, unknown> = { ...parameters };
    for (const reference of compiled.references) {
      if (isUserReference(reference)) logged[reference] = userReferenceValue(user, reference);
    }
    const statement: StatementRun = {
      text: compiled.text,
      values: compiled.values,
      firstRows: Math.min(firstRows, rowLimit + 1),
      timeoutSeconds:
        source.connection?.statementTimeoutSeconds ??
        options.uploadsStatementTimeoutSeconds ??
        dataSourceDefaults.statementTimeoutSeconds,
      templatePosition: compiled.templatePosition,
    };
    const cacheKey = JSON.stringify([
      source.organisationId,
      definition.name,
      definition.version,
      source.id,
      source.version,
      compiled.text,
      compiled.values,
      rowLimit,
    ]);
    return { statement, parameters, logged, rowLimit, cacheKey };
  }

  const open = (source: ExecutorSource, statement: StatementRun): Promise<SourceCursor> =>
    source.kind === 'uploads' ? uploads.open(source, statement) : databaseDriver(source).open(databaseSource(source), statement);

  const record = (
    request: RunRequest,
    outcome: { parameters: Record<string, unknown>; rows: number | null; milliseconds: number; cacheHit: boolean; error: unknown },
  ): Promise<void> => {
    const labels = labelsOf(request.source);
    if (outcome.error !== null) {
      metrics.error(labels, errorKind(outcome.error));
      log.warn(
        {
          event: 'report.query.failed',
          dataSource: request.source.name,
          definition: request.definition.name,
          kind: errorKind(outcome.error),
          reason: logTextOf(outcome.error),
        },
        'report query failed',
      );
    }
    const written = writeLog({
      organisationId: request.source.organisationId,
      userId: request.user.id,
      dataSourceName: request.source.name,
      definitionName: request.definition.name,
      target: request.target ?? null,
      purpose: request.purpose,
      parameters: outcome.parameters,
      rows: outcome.rows,
      milliseconds: outcome.milliseconds,
      cacheHit: outcome.cacheHit,
      error: outcome.error === null ? null : logTextOf(outcome.error),
    });
    pendingLogs.add(written);
    void written.finally(() => pendingLogs.delete(written));
    return written;
  };

  async function run(request: RunRequest): Promise<QueryResult> {
    const started = performance.now();
    const labels = labelsOf(request.source);
    let prepared: Prepared | null = null;
    try {
      const sourceLimit = request.source.connection?.rowLimit ?? dataSourceDefaults.rowLimit;
      prepared = await prepare(request, sourceLimit);
      const useCache = request.purpose !== 'preview' && request.definition.cacheSeconds > 0;
      const cached = useCache && !request.refresh ? cache.get(prepared.cacheKey) : undefined;
      if (cached) {
        metrics.run(labels, 'hit');
        // The log entry is written meanwhile (never fails the run: query-log.ts catches its errors).
        void record(request, {
          parameters: prepared.logged,
          rows: cached.rows.length,
          milliseconds: performance.now() - started,
          cacheHit: true,
          error: null,
        });
        // A copy of the row list: a caller that sorts it must not reorder the cached one.
        return { columns: cached.columns, rows: cached.rows.slice(), cutAtRows: cached.cutAtRows, dataAsOf: cached.dataAsOf, fromCache: true, parameters: prepared.parameters };
      }
      metrics.run(labels, 'miss');
      const dataAsOf = new Date();
      // The whole result at once (the plan a direct run gets), bounded by the row limit + 1.
      const cursor = await open(request.source, { ...prepared.statement, maxRows: prepared.rowLimit + 1 });
      let rows: ResultRow[];
      try {
        // A result read at once is taken as it is (no copy); a cursor is read batch by batch.
        rows = cursor.all?.() ?? [];
        if (!cursor.all) {
          while (rows.length <= prepared.rowLimit) {
            const batch = await cursor.next(Math.min(batchRows, prepared.rowLimit + 1 - rows.length));
            if (batch.length === 0) break;
            for (const row of batch) rows.push(row);
          }
        }
      } finally {
        await cursor.close();
      }
      const cutAtRows = rows.length > prepared.rowLimit ? prepared.rowLimit : null;
      if (cutAtRows !== null) rows.length = prepared.rowLimit;
      const seconds = (performance.now() - started) / 1000;
      metrics.duration(labels, seconds);
      if (useCache) {
        let bytes = 0;
        for (const row of rows) bytes += rowBytes(row);
        cache.set(prepared.cacheKey, { columns: cursor.columns, rows, cutAtRows, dataAsOf, bytes }, request.definition.cacheSeconds);
      }
      void record(request, { parameters: prepared.logged, rows: rows.length, milliseconds: seconds * 1000, cacheHit: false, error: null });
      return { columns: cursor.columns, rows, cutAtRows, dataAsOf, fromCache: false, parameters: prepared.parameters };
    } catch (error) {
      await record(request, {
        parameters: prepared?.logged ?? { ...request.values },
        rows: null,
        milliseconds: performance.now() - started,
        cacheHit: false,
        error,
      });
      throw error;
    }
  }

  async function stream(request: RunRequest): Promise<ResultStream> {
    const started = performance.now();
    const labels = labelsOf(request.source);
    let prepared: Prepared;
    let cursor: SourceCursor;
    try {
      prepared = await prepare(request, Math.min(request.rowLimit ?? dataSourceMaxRowLimit, dataSourceMaxRowLimit), streamBatchRows);
      metrics.run(labels, 'miss');
      cursor = await open(request.source, prepared.statement);
    } catch (error) {
      await record(request, { parameters: { ...request.values }, rows: null, milliseconds: performance.now() - started, cacheHit: false, error });
      throw error;
    }
    const limit = prepared.rowLimit;
    let sent = 0;
    let cut: number | null = null;
    let finished = false;
    const finish = async (error: unknown) => {
      if (finished) return;
      finished = true;
      await cursor.close();
      const milliseconds = performance.now() - started;
      if (error === null) metrics.duration(labels, milliseconds / 1000);
      await record(request, { parameters: prepared.logged, rows: sent, milliseconds, cacheHit: false, error });
    };
    async function* rows(): AsyncGenerator<ResultRow[]> {
      let failure: unknown = null;
      try {
        while (sent <= limit) {
          const batch = await cursor.next(Math.min(streamBatchRows, limit + 1 - sent));
          if (batch.length === 0) break;
          if (sent + batch.length > limit) {
            cut = limit;
            const kept = batch.slice(0, limit - sent);
            sent += kept.length;
            if (kept.length > 0) yield kept;
            break;
          }
          sent += batch.length;
          yield batch;
        }
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        await finish(failure);
      }
    }
    return {
      columns: cursor.columns,
      parameters: prepared.parameters,
      rows: rows(),
      cutAtRows: () => cut,
      close: () => finish(null),
    };
  }

  async function describeDatabase(source: ExecutorSource, query: SessionQuery): Promise<SourceSchemaResponse> {
    const rows =
      source.kind === 'mysql'
        ? await query(
            `SELECT table_schema, table_name, column_name, column_type FROM information_schema.columns
             WHERE table_schema = DATABASE() ORDER BY table_name, ordinal_position`,
          )
        : await query(
            `SELECT c.table_schema, c.table_name, c.column_name, c.data_type FROM information_schema.columns c
             WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.table_schema NOT LIKE 'pg\\_%'
             ORDER BY c.table_schema, c.table_name, c.ordinal_position`,
          );
    return tablesOf(rows.map((row) => row.map(String)));
  }

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

  const failureOf = (source: ExecutorSource, error: unknown) =>
    error instanceof HttpError ? error : source.kind === 'mysql' ? mysqlFailure(source, error) : pgFailure(source, error);

  async function describe(source: ExecutorSource): Promise<SourceSchemaResponse> {
    if (source.kind === 'uploads') {
      const tables = await uploads.describe(source);
      return { tables: tables.slice(0, maxDescribedTables), truncated: tables.length > maxDescribedTables };
    }
    try {
      return await databaseDriver(source).withSession(databaseSource(source), (query) => describeDatabase(source, query));
    } catch (error) {
      throw failureOf(source, error);
    }
  }

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
    const accountCanWrite = grants.some((grant) => /\b(ALL PRIVILEGES|INSERT|UPDATE|DELETE)\b/i.test(grant.split(' ON ')[0] ?? ''));
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

  async function test(source: ExecutorSource): Promise<DataSourceTestResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      if (source.kind === 'uploads') {
        const tables = await describe(source);
        return {
          ok: true,
          message: null,
          readOnlySession: true,
          accountCanWrite: false,
          serverVersion: await uploads.serverVersion(),
          milliseconds: elapsed(),
          schema: tables,
        };
      }
      return await databaseDriver(source).withSession(databaseSource(source), async (query, serverVersion) => {
        const probe = source.kind === 'mysql' ? await mysqlProbe(query) : await postgresProbe(query);
        const schema = await describeDatabase(source, query);
        return { ok: probe.readOnlySession, message: probe.readOnlySession ? null : 'the session accepted a write', ...probe, serverVersion, milliseconds: elapsed(), schema };
      });
    } catch (error) {
      const failure = failureOf(source, error);
      const message =
        failure instanceof SourceUnavailable || failure instanceof SourceQueryFailed ? failure.detail : logTextOf(failure);
      const refusedPrivileges = failure instanceof AccountRefused ? failure.privileges : [];
      return { ok: false, message, refusedPrivileges, readOnlySession: false, accountCanWrite: false, serverVersion: null, milliseconds: elapsed(), schema: null };
    }
  }

  return {
    run,
    stream,
    describe,
    test,
    hostProblem: (host, target) => options.hostPolicy.problem(host, target),
    async forget(source) {
      await Promise.all([postgres.forget(source.id), mysql.forget(source.id)]);
    },
    async close() {
      cache.clear();
      await Promise.all([...pendingLogs]);
      await Promise.all([postgres.close(), mysql.close()]);
    },
  };
}

import { performance } from 'node:perf_hooks';
import type { SourceTable } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { type Database, embeddedClient } from '../../db/database';
import type { PgliteThreadClient, ThreadTransaction } from '../../db/pglite-client';
import type { UploadsScope } from '../sql/uploads-confinement';
import type { DriverSource, SourceCursor, StatementRun } from './driver-types';
import { pgTypeParsers, runBounded } from './bounded-query';
import { QueryTimedOut } from './executor-errors';
import { cancelOnAbort, inMemoryCursor, pgFailure, sqlStateOf } from './postgres-driver';
import { type ResultRow, pgColumn, pgResultRows, pgTextParsers } from './result-values';
import { uploadsSchemaName } from '../../data-sources';

// Uploaded tables (decision 027) live in the cockpit's own database — PGlite or PostgreSQL — in the
// organisation's schema `uploads_<organisation id without dashes>`. A run: a transaction, `SET
// TRANSACTION READ ONLY`, `SET LOCAL statement_timeout` (PostgreSQL; PGlite has no timer to cancel
// with: a run there is refused as timed out between batches), `SET LOCAL search_path` to the schema,
// then on PostgreSQL the whole result at once (`run`) or a pg-cursor portal read in batches (`stream`),
// on PGlite `DECLARE … NO SCROLL CURSOR` with the bound values and `FETCH` in batches, each an ordinary
// call of the transaction held open in PGlite's worker thread, all read before the transaction ends and
// the rows are converted here batch by batch (decision 039).
// The statement was confined to the schema's tables before (sql/uploads-confinement.ts).

const cursorName = 'cockpit_report';
const declarePrefix = `DECLARE ${cursorName} NO SCROLL CURSOR FOR `;

interface OwnSession {
  query(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ fields: { name: string; dataTypeID: number }[]; rows: unknown[][] }>;
  /** The whole result at once, at most `maxRows` (PostgreSQL: bounded-query.ts); `null` on PGlite. */
  bounded:
    ((text: string, values: readonly unknown[], maxRows: number) => ReturnType<typeof runBounded>) | null;
  /** The result read through a portal in batches (pg-cursor, PostgreSQL); `null` on PGlite. */
  cursor: ((text: string, values: readonly unknown[]) => OwnCursor) | null;
  end(): Promise<void>;
}

interface OwnCursor {
  read(rows: number): Promise<unknown[][]>;
  /** Known once the first batch was read. */
  fields(): { name: string; dataTypeID: number }[];
  close(): Promise<void>;
}

const pgTypes = pgTypeParsers;

/**
 * A transaction on the cockpit's database, held open until `end` (which rolls it back), with `setup` (SET
 * LOCAL statements, no parameters) run first — on PostgreSQL in the same round trip as its BEGIN.
 */
async function openOwnSession(db: Database, setup: string, signal?: AbortSignal): Promise<OwnSession> {
  const embedded = embeddedClient(db);
  if (embedded) {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let completion: Promise<unknown> = Promise.resolve();
    const transaction = await new Promise<ThreadTransaction>((resolve, reject) => {
      const done = embedded.transaction(async (tx) => {
        resolve(tx);
        await finished;
        if (!tx.closed) await tx.rollback();
      });
      done.catch(reject);
      completion = done.catch(() => {});
    });
    try {
      await transaction.exec(setup);
    } catch (error) {
      finish();
      await completion;
      throw error;
    }
    return {
      async query(text, values) {
        const result = await transaction.query<unknown[]>(text, values ? [...values] : undefined, {
          rowMode: 'array',
          parsers: pgTextParsers,
        });
        return { fields: result.fields, rows: result.rows };
      },
      // PGlite keeps a whole result in memory: a cursor bounds it there.
      bounded: null,
      cursor: null,
      async end() {
        finish();
        await completion;
      },
    };
  }
  const pool = (db as unknown as { $client: unknown }).$client as pg.Pool;
  const connection = await pool.connect();
  // The run's deadline (docs/decisions/038-one-run-path.md): a cancel request, as for a PostgreSQL source.
  const stopCancelling = cancelOnAbort(signal, pool, connection);
  let broken = false;
  try {
    await connection.query(`BEGIN; ${setup}`);
  } catch (error) {
    stopCancelling();
    connection.release(true);
    throw error;
  }
  return {
    async query(text, values) {
      try {
        const result = await connection.query({
          text,
          values: values ? [...values] : undefined,
          rowMode: 'array',
          types: pgTypes,
        });
        return { fields: result.fields, rows: result.rows as unknown[][] };
      } catch (error) {
        const code = sqlStateOf(error);
        if (!/^[0-9A-Z]{5}$/.test(code)) broken = true;
        throw error;
      }
    },
    async bounded(text, values, maxRows) {
      const result = await runBounded(connection, text, values, maxRows).catch((error: unknown) => {
        const code = sqlStateOf(error);
        if (!/^[0-9A-Z]{5}$/.test(code)) broken = true;
        throw error;
      });
      // Rows left unsent: only dropping the connection ends the statement.
      if (result.full) broken = true;
      return result;
    },
    cursor(text, values) {
      // One portal read batch by batch: a 1,000,000-row stream this way kept the heap flat where a FETCH
      // statement per batch left each batch's garbage for the old generation.
      // The pool's client-side `query_timeout` (db/database.ts) would time the whole portal — a download
      // read at the reader's pace — and pg-cursor never clears it: none for this one. The server's
      // statement_timeout bounds each batch and idle_in_transaction_session_timeout a reader that stops.
      const parameters = (connection as unknown as { connectionParameters: { query_timeout?: number } })
        .connectionParameters;
      const queryTimeout = parameters.query_timeout;
      parameters.query_timeout = undefined;
      let cursor: Cursor;
      try {
        cursor = connection.query(new Cursor(text, [...values], { rowMode: 'array', types: pgTypes }));
      } finally {
        parameters.query_timeout = queryTimeout;
      }
      let failed = false;
      return {
        async read(rows) {
          try {
            return await cursor.read(rows);
          } catch (error) {
            failed = true;
            const code = sqlStateOf(error);
            if (!/^[0-9A-Z]{5}$/.test(code)) broken = true;
            throw error;
          }
        },
        fields: () => cursor._result.fields,
        async close() {
          // A cursor that failed has no portal left to close; the ROLLBACK ends the rest.
          if (!failed) await cursor.close().catch(() => (broken = true));
        },
      };
    },
    async end() {
      stopCancelling();
      // A cancelled connection may have the cancel still on its way: never reused.
      if (broken || signal?.aborted) {
        connection.release(true);
        return;
      }
      await connection.query('ROLLBACK').catch(() => {
        broken = true;
      });
      connection.release(broken);
    },
  };
}

/**
 * Rows read batch by batch (`fetch(n)`, errors already the executor's), the first batch already here;
 * `close` once (the transaction ends, the connection goes back).
 */
function batchedCursor(
  fields: { name: string; dataTypeID: number }[],
  first: unknown[][],
  firstRows: number,
  source: { fetch(rows: number): Promise<unknown[][]>; close(): Promise<void> },
): SourceCursor {
  let pending: ResultRow[] = pgResultRows(fields, first);
  let done = first.length < Math.max(1, Math.floor(firstRows));
  let closed = false;
  return {
    columns: fields.map((field) => pgColumn(field.name, field.dataTypeID)),
    async next(max) {
      if (pending.length >= max || done) {
        const out = pending.slice(0, max);
        pending = pending.slice(max);
        return out;
      }
      const wanted = Math.floor(max - pending.length);
      const fetched = await source.fetch(wanted);
      if (fetched.length < wanted) done = true;
      const rows = pgResultRows(fields, fetched);
      const out = pending.length === 0 ? rows : [...pending, ...rows];
      pending = [];
      return out;
    },
    async close() {
      if (closed) return;
      closed = true;
      await source.close();
    },
  };
}

/** The batches after the first one of a run on PGlite, up to `run.maxRows` rows in all (see `open`). */
async function readRest(
  session: OwnSession,
  firstCount: number,
  run: StatementRun,
  checkDeadline: () => void,
): Promise<unknown[][][]> {
  const batchRows = Math.max(1, Math.floor(run.firstRows));
  const maxRows = run.maxRows ?? Number.POSITIVE_INFINITY;
  const batches: unknown[][][] = [];
  let total = firstCount;
  let last = firstCount;
  while (last >= batchRows && total < maxRows) {
    const wanted = Math.min(batchRows, maxRows - total);
    const batch = (await session.query(`FETCH FORWARD ${wanted} FROM ${cursorName}`)).rows;
    checkDeadline();
    if (batch.length > 0) batches.push(batch);
    total += batch.length;
    last = batch.length < wanted ? 0 : batchRows;
  }
  return batches;
}

/** Up to `count` rows from the front of `batches` (taken out of them). */
function takeRows(batches: unknown[][][], count: number): unknown[][] {
  const head = batches[0];
  if (head && head.length <= count) {
    batches.shift();
    if (head.length === count || batches.length === 0) return head;
    return [...head, ...takeRows(batches, count - head.length)];
  }
  if (!head) return [];
  return head.splice(0, count);
}

let heldCursors = 0;

/**
 * A stream on PGlite: a cursor WITH HOLD, filled when its read-only transaction commits, then fetched
 * batch by batch outside any transaction. PGlite has one session, so a transaction held open while a
 * download is sent (at the reader's pace) would stop every other request's query; this way other
 * queries run between the batches, at the price of the result kept in PGlite's memory until closed.
 */
async function openHeldCursor(
  client: PgliteThreadClient,
  source: DriverSource,
  schema: string,
  run: StatementRun,
): Promise<SourceCursor> {
  heldCursors += 1;
  const name = `cockpit_stream_${heldCursors}`;
  const prefix = `DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR `;
  try {
    await client.transaction(async (tx) => {
      // A number from the settings and a schema name made of an id's hex digits: no user input.
      await tx.exec(
        `SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${Math.floor(run.timeoutSeconds * 1000)}; ` +
          `SET LOCAL search_path TO "${schema}"`,
      );
      await tx.query(`${prefix}${run.text}`, [...run.values]);
    });
  } catch (error) {
    throw pgFailure(source, error, run, prefix.length);
  }
  const fetch = async (rows: number) =>
    client.query<unknown[]>(`FETCH FORWARD ${Math.max(1, Math.floor(rows))} FROM ${name}`, [], {
      rowMode: 'array',
      parsers: pgTextParsers,
    });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (!client.closed) await client.query(`CLOSE ${name}`).catch(() => {});
  };
  let first: Awaited<ReturnType<typeof fetch>>;
  try {
    first = await fetch(run.firstRows);
  } catch (error) {
    await close();
    throw pgFailure(source, error, run);
  }
  return batchedCursor(first.fields, first.rows, run.firstRows, {
    async fetch(rows) {
      try {
        return (await fetch(rows)).rows;
      } catch (error) {
        throw pgFailure(source, error, run);
      }
    },
    close,
  });
}

export interface UploadsDriver {
  /** The schema and its tables (listed by the executor's own query, kept per source version). */
  scope(source: DriverSource): Promise<UploadsScope>;
  open(source: DriverSource, run: StatementRun): Promise<SourceCursor>;
  describe(source: DriverSource): Promise<SourceTable[]>;
  serverVersion(): Promise<string>;
}

export function createUploadsDriver(db: Database): UploadsDriver {
  const scopes = new LRUCache<string, UploadsScope>({ max: 1_000 });

  return {
    async scope(source) {
      const key = `${source.id}:${source.version}`;
      const cached = scopes.get(key);
      if (cached) return cached;
      const schema = uploadsSchemaName(source.organisationId);
      const result = (await db.execute(sql`
        select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'v', 'm', 'p', 'f')`)) as {
        rows: { name: string }[];
      };
      const scope = { schema, tables: new Set(result.rows.map((row) => row.name)) };
      scopes.set(key, scope);
      return scope;
    },

    async open(source, run) {
      const schema = uploadsSchemaName(source.organisationId);
      const embedded = embeddedClient(db);
      if (run.maxRows === undefined && embedded) return openHeldCursor(embedded, source, schema, run);
      // A number from the settings and a schema name made of an id's hex digits: no user input.
      const setup =
        `SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${Math.floor(run.timeoutSeconds * 1000)}; ` +
        `SET LOCAL search_path TO "${schema}"`;
      const session = await openOwnSession(db, setup, run.signal).catch((error: unknown) => {
        throw pgFailure(source, error, run);
      });
      // PGlite does not enforce statement_timeout (its WebAssembly build has no timer signal, and a
      // statement holds PGlite's worker thread until it is done: nothing can cancel it there): a run
      // there is refused as timed out once a batch comes back past the limit — no further batch is read.
      const deadline =
        embedded && run.maxRows !== undefined ? performance.now() + run.timeoutSeconds * 1000 : null;
      const checkDeadline = () => {
        if (deadline !== null && performance.now() > deadline)
          throw new QueryTimedOut(source.name, run.timeoutSeconds);
      };
      let first: { fields: { name: string; dataTypeID: number }[]; rows: unknown[][] };
      try {
        if (run.maxRows !== undefined && session.bounded) {
          const result = await session.bounded(run.text, run.values, run.maxRows);
          // The rows are here: the ROLLBACK and the connection's return need not delay the answer.
          void session.end();
          return inMemoryCursor(
            result.fields.map((field) => pgColumn(field.name, field.dataTypeID)),
            pgResultRows(result.fields, result.rows),
          );
        }
        if (session.cursor) {
          const cursor = session.cursor(run.text, run.values);
          const firstRows = await cursor.read(Math.max(1, Math.floor(run.firstRows)));
          return batchedCursor(cursor.fields(), firstRows, run.firstRows, {
            async fetch(rows) {
              try {
                return await cursor.read(rows);
              } catch (error) {
                throw pgFailure(source, error, run);
              }
            },
            async close() {
              await cursor.close();
              await session.end();
            },
          });
        }
        await session.query(`${declarePrefix}${run.text}`, run.values);
        first = await session.query(
          `FETCH FORWARD ${Math.max(1, Math.floor(run.firstRows))} FROM ${cursorName}`,
        );
        checkDeadline();
      } catch (error) {
        await session.end();
        if (error instanceof QueryTimedOut) throw error;
        const declared = !(run.maxRows !== undefined && session.bounded) && !session.cursor;
        throw pgFailure(source, error, run, declared ? declarePrefix.length : 0);
      }
      // PGlite (the only session without `bounded` and `cursor`): the other batches, up to `maxRows`, are
      // read now and the transaction ends before the rows are turned into cells batch by batch here. An
      // open transaction holds PGlite's one session for everybody (decision 039); so it lasts as long as
      // the database works, not as long as this thread's work on the rows.
      let rest: unknown[][][];
      try {
        rest = await readRest(session, first.rows.length, run, checkDeadline);
      } catch (error) {
        if (error instanceof QueryTimedOut) throw error;
        throw pgFailure(source, error, run);
      } finally {
        await session.end();
      }
      return batchedCursor(first.fields, first.rows, run.firstRows, {
        fetch: async (rows) => takeRows(rest, rows),
        close: async () => {},
      });
    },

    async describe(source) {
      const schema = uploadsSchemaName(source.organisationId);
      const result = (await db.execute(sql`
        select table_name as "table", column_name as "column", data_type as "type"
        from information_schema.columns where table_schema = ${schema}
        order by table_name, ordinal_position`)) as {
        rows: { table: string; column: string; type: string }[];
      };
      const tables = new Map<string, SourceTable>();
      for (const row of result.rows) {
        const table = tables.get(row.table) ?? { schema, name: row.table, columns: [] };
        table.columns.push({ name: row.column, type: row.type });
        tables.set(row.table, table);
      }
      return [...tables.values()];
    },

    async serverVersion() {
      const result = (await db.execute(sql`show server_version`)) as { rows: { server_version: string }[] };
      return result.rows[0]?.server_version ?? '';
    },
  };
}

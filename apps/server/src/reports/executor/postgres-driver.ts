import type { DataSourceConnection } from '@cockpit/contracts';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { AccountRefused, type ServerIdentity, postgresAccountCheck } from './account-privileges';
import { pgTypeParsers, runBounded } from './bounded-query';
import { QueryTimedOut, SourceQueryFailed, SourceUnavailable } from './executor-errors';
import { type DataSourceHostPolicy, DataSourceHostRefused } from './host-policy';
import type { DriverSource, SourceCursor, StatementRun } from './driver-types';
import { type ResultRow, pgColumn, pgResultRows } from './result-values';
import { createSourcePools } from './source-pools';

// A PostgreSQL data source (and anything that speaks its protocol): one pool per source version, every
// run in `BEGIN READ ONLY` with `SET LOCAL statement_timeout`, rows read through a cursor in batches
// (decision 027). The pool connects to the address the host policy checked, with TLS as configured.
// Each new connection first proves its account and server acceptable (account-privileges.ts, decision
// 041), and a connection goes back to the pool without the session's advisory locks.

export interface DatabaseSource extends DriverSource {
  connection: DataSourceConnection;
  password: string | null;
}

/** A plain query on a session of the source (describe, test): rows as arrays. */
export type SessionQuery = (text: string, values?: unknown[]) => Promise<unknown[][]>;

export interface DatabaseDriver {
  open(source: DatabaseSource, run: StatementRun): Promise<SourceCursor>;
  /** `work` on one connection inside a read-only transaction, rolled back afterwards. */
  withSession<T>(
    source: DatabaseSource,
    work: (query: SessionQuery, serverVersion: string) => Promise<T>,
  ): Promise<T>;
  /** Connections running a query now, by source id. */
  connectionsInUse(): Map<string, number>;
  forget(sourceId: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout`. */
const queryCanceled = '57014';
/** Classes of SQLSTATE that mean the connection or server, not the statement. */
const connectionClasses = ['08', '28', '3D', '53', '57P'];

const typeParsers = pgTypeParsers;

function sslOptions(connection: DataSourceConnection) {
  if (connection.tls === 'off') return false;
  if (connection.tls === 'require') return { rejectUnauthorized: false, servername: connection.host };
  return { rejectUnauthorized: true, ca: connection.caCertificate, servername: connection.host };
}

/**
 * Cancels what `client` runs now (the run's deadline, docs/decisions/038-one-run-path.md): PostgreSQL's
 * cancel request on a connection of its own, as psql sends it; the statement then fails with 57014. The
 * connection is dropped too when the cancel does not end it within a second.
 */
export function cancelOnAbort(
  signal: AbortSignal | undefined,
  pool: pg.Pool,
  client: pg.PoolClient,
): () => void {
  if (!signal) return () => {};
  let dropTimer: NodeJS.Timeout | null = null;
  const cancel = () => {
    // What pg's Client#cancel does, without its check of the (deprecated) active query: the deadline aborts
    // only while a statement or a batch runs.
    const canceller = new pg.Client(pool.options) as unknown as {
      host: string;
      port: number;
      connection: {
        on(event: string, listener: (...args: unknown[]) => void): void;
        connect(port: number, host: string): void;
        cancel(processId: number, secretKey: number): void;
      };
    };
    const { processID, secretKey } = client as unknown as { processID: number; secretKey: number };
    canceller.connection.on('error', () => {});
    canceller.connection.on('connect', () => canceller.connection.cancel(processID, secretKey));
    canceller.connection.connect(canceller.port, canceller.host);
    dropTimer = setTimeout(
      () =>
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy(),
      1_000,
    );
    dropTimer.unref();
  };
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  return () => {
    signal.removeEventListener('abort', cancel);
    if (dropTimer) clearTimeout(dropTimer);
  };
}

/** The SQLSTATE of a database error (five characters); '' for an error that has none, e.g. a lost connection. */
export function sqlStateOf(error: unknown): string {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : '';
}

/** A driver error as the executor's typed error; the password is never part of a pg message. */
export function pgFailure(
  source: { name: string },
  error: unknown,
  run?: StatementRun,
  positionShift = 0,
): Error {
  // Already the executor's (an account refused when it connected).
  if (error instanceof SourceUnavailable) return error;
  if (error instanceof DataSourceHostRefused) return new SourceUnavailable(source.name, error.message);
  const code = sqlStateOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === queryCanceled) return new QueryTimedOut(source.name, run?.timeoutSeconds ?? 0);
  if (!/^[0-9A-Z]{5}$/.test(code) || connectionClasses.some((prefix) => code.startsWith(prefix))) {
    return new SourceUnavailable(source.name, message);
  }
  const position = Number((error as { position?: unknown }).position);
  const offset =
    Number.isFinite(position) && position > 0 && run
      ? run.templatePosition(position - 1 - positionShift)
      : null;
  return new SourceQueryFailed(source.name, message, offset);
}

/** A result already read: handed out batch by batch like a cursor's. */
export function inMemoryCursor(columns: SourceCursor['columns'], rows: ResultRow[]): SourceCursor {
  let offset = 0;
  return {
    columns,
    all: () => rows,
    async next(max) {
      const batch = rows.slice(offset, offset + max);
      offset += batch.length;
      return batch;
    },
    async close() {},
  };
}

interface PoolEntry {
  pool: pg.Pool;
  /** The address the host policy checked (the identity rule names it). */
  address: string;
}

/**
 * Ends the read-only transaction and drops the session's advisory locks (`pg_advisory_lock` outlives
 * the transaction), so the next run on this pooled connection holds nothing of this one's. One round trip.
 */
export const endRun = 'ROLLBACK; SELECT pg_catalog.pg_advisory_unlock_all()';

export function createPostgresDriver(
  hostPolicy: DataSourceHostPolicy,
  /** The cockpit's own database when it is PostgreSQL (account-privileges.ts `ownServerIdentityOf`). */
  ownServer: () => Promise<ServerIdentity | null> = async () => null,
): DatabaseDriver {
  const pools = createSourcePools<PoolEntry>((entry) => entry.pool.end());
  /** Connections whose account and server were checked (a pool hands out the same client object again). */
  const checked = new WeakSet<pg.PoolClient>();

  const poolOf = (source: DatabaseSource): Promise<PoolEntry> => {
    const { connection } = source;
    return pools.poolOf(source, () =>
      hostPolicy
        .resolve({
          kind: 'postgres',
          host: connection.host,
          port: connection.port,
          database: connection.database,
        })
        .then((address) => {
          const pool = new pg.Pool({
            host: address,
            port: connection.port,
            database: connection.database,
            user: connection.user,
            password: source.password ?? '',
            ssl: sslOptions(connection),
            max: connection.poolSize,
            connectionTimeoutMillis: 10_000,
            idleTimeoutMillis: 30_000,
            application_name: 'report-cockpit',
            // A backstop: every run also sets its own limit inside the transaction.
            statement_timeout: connection.statementTimeoutSeconds * 1000,
            idle_in_transaction_session_timeout: (connection.statementTimeoutSeconds + 60) * 1000,
            keepAlive: true,
          });
          pool.on('error', () => {});
          return { pool, address };
        }),
    );
  };

  const connect = async (source: DatabaseSource) => {
    const entry = await poolOf(source).catch((error: unknown) => {
      throw pgFailure(source, error);
    });
    let client: pg.PoolClient;
    try {
      client = await entry.pool.connect();
    } catch (error) {
      throw pgFailure(source, error);
    }
    const release = pools.taken(source.id, (broken) => client.release(broken));
    if (!checked.has(client)) {
      try {
        await checkConnection(source, entry, client);
      } catch (error) {
        release(true);
        throw pgFailure(source, error);
      }
      checked.add(client);
    }
    return { client, release, pool: entry.pool };
  };

  /** A new connection: the account's privileges (refused ones end it) and, by identity, where it landed. */
  const checkConnection = async (source: DatabaseSource, entry: PoolEntry, client: pg.PoolClient) => {
    const query = async (text: string) =>
      (await client.query({ text, rowMode: 'array', types: typeParsers })).rows as unknown[][];
    const { refused, identity } = await postgresAccountCheck(query);
    if (refused.length > 0) throw new AccountRefused(source.name, refused);
    const own = identity ? await ownServer() : null;
    const problem =
      identity && own
        ? hostPolicy.identityProblem(source.connection.host, entry.address, identity, own)
        : null;
    if (problem) throw new DataSourceHostRefused(problem);
  };

  // One round trip: a simple query may hold several statements. The number comes from the source's
  // settings (1–600), not user input; SET takes no bind parameters.
  const begin = (client: pg.PoolClient, timeoutSeconds: number) =>
    client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.floor(timeoutSeconds * 1000)}`);

  return {
    async open(source, run) {
      const { client, release: giveBack, pool } = await connect(source);
      const stopCancelling = cancelOnAbort(run.signal, pool, client);
      const release = (broken: boolean) => {
        stopCancelling();
        giveBack(broken || (run.signal?.aborted ?? false));
      };
      if (run.maxRows !== undefined) {
        try {
          await begin(client, run.timeoutSeconds);
          const result = await runBounded(client, run.text, run.values, run.maxRows);
          if (result.full) release(true);
          // The rows are here: the ROLLBACK and the connection's return need not delay the answer.
          else
            void client.query(endRun).then(
              () => release(false),
              () => release(true),
            );
          return inMemoryCursor(
            result.fields.map((field) => pgColumn(field.name, field.dataTypeID)),
            pgResultRows(result.fields, result.rows),
          );
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          release(true);
          throw pgFailure(source, error, run);
        }
      }
      let cursor: Cursor | null = null;
      let first: unknown[][];
      try {
        await begin(client, run.timeoutSeconds);
        cursor = client.query(
          new Cursor(run.text, [...run.values], { rowMode: 'array', types: typeParsers }),
        );
        // The first batch at once: it surfaces the statement's error and its columns, and is often all.
        first = await cursor.read(Math.max(1, run.firstRows));
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        release(true);
        throw pgFailure(source, error, run);
      }
      const { fields } = cursor._result;
      const columns = fields.map((field) => pgColumn(field.name, field.dataTypeID));
      let pending: ResultRow[] = pgResultRows(fields, first);
      let done = first.length < Math.max(1, run.firstRows);
      let failed = false;
      return {
        columns,
        async next(max) {
          if (pending.length >= max || done) {
            const out = pending.slice(0, max);
            pending = pending.slice(max);
            return out;
          }
          try {
            const rows = await cursor.read(max - pending.length);
            if (rows.length < max - pending.length) done = true;
            const converted = pgResultRows(fields, rows);
            const out = pending.length === 0 ? converted : [...pending, ...converted];
            pending = [];
            return out;
          } catch (error) {
            failed = true;
            throw pgFailure(source, error, run);
          }
        },
        async close() {
          try {
            // A cursor that failed has no portal left to close.
            if (!failed) await cursor.close();
            await client.query(endRun);
            release(false);
          } catch {
            release(true);
          }
        },
      };
    },

    async withSession(source, work) {
      const { client, release } = await connect(source);
      let broken = false;
      try {
        await begin(client, source.connection.statementTimeoutSeconds);
        const version = await client.query<{ server_version: string }>('show server_version');
        const query: SessionQuery = async (text, values) =>
          (await client.query({ text, values, rowMode: 'array', types: typeParsers })).rows as unknown[][];
        return await work(query, version.rows[0]?.server_version ?? '');
      } finally {
        await client.query(endRun).catch(() => {
          broken = true;
        });
        release(broken);
      }
    },

    connectionsInUse: pools.connectionsInUse,
    forget: pools.forget,
    close: pools.close,
  };
}

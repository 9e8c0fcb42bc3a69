import net from 'node:net';
import mysql from 'mysql2';
import type { DataSourceConnection } from '@cockpit/contracts';
import { AccountRefused, mysqlRefusedPrivileges } from './account-privileges';
import { QueryTimedOut, SourceQueryFailed, SourceUnavailable } from './executor-errors';
import { type DataSourceHostPolicy, DataSourceHostRefused } from './host-policy';
import type { SourceCursor } from './driver-types';
import type { DatabaseDriver, DatabaseSource, SessionQuery } from './postgres-driver';
import { type ResultRow, mysqlColumn, resultValue } from './result-values';
import { createSourcePools } from './source-pools';
import { wrapForMysql } from '../sql/sql-template';

// A MySQL or MariaDB data source (decision 027): one pool per source version; every run sets the
// statement limit of the server it finds (MariaDB `max_statement_time` in seconds, MySQL
// `max_execution_time` in milliseconds), opens `START TRANSACTION READ ONLY` and runs the statement as
// a server-side prepared statement (`?` bound by the server), its rows streamed with back-pressure.
// The statement runs as a derived table (`wrapForMysql`, reports/sql): the server's own parser then refuses
// INTO OUTFILE/DUMPFILE and a second statement, whatever the guard's parser made of them. Each new
// connection first proves its account acceptable (account-privileges.ts, decision 041), and a
// connection goes back to the pool without the session's named locks (GET_LOCK).

/** A derived table refuses two columns of one name (`select 1, 1`): said so, not only as the database's error. */
const duplicateColumn = 1060;

/** MariaDB: max_statement_time exceeded; MySQL: max_execution_time exceeded. */
const timeoutErrors = new Set([1969, 3024]);
/** Errors of the connection, the account or the server rather than of the statement. */
const connectionErrors = new Set([
  1040, 1044, 1045, 1049, 1129, 1130, 1203, 1226, 2002, 2003, 2005, 2006, 2013,
]);

function sslOptions(connection: DataSourceConnection) {
  if (connection.tls === 'off') return undefined;
  if (connection.tls === 'require') return { rejectUnauthorized: false };
  // The certificate must name the host as configured (the socket goes to its checked address).
  return { rejectUnauthorized: true, verifyIdentity: true, ca: connection.caCertificate };
}

export function mysqlFailure(source: { name: string }, error: unknown, timeoutSeconds = 0): Error {
  // Already the executor's (an account refused when it connected).
  if (error instanceof SourceUnavailable) return error;
  if (error instanceof DataSourceHostRefused) return new SourceUnavailable(source.name, error.message);
  const errno = Number((error as { errno?: unknown }).errno);
  const message = error instanceof Error ? error.message : String(error);
  if (timeoutErrors.has(errno)) return new QueryTimedOut(source.name, timeoutSeconds);
  const sqlState = (error as { sqlState?: unknown }).sqlState;
  if (
    !Number.isFinite(errno) ||
    connectionErrors.has(errno) ||
    sqlState === undefined ||
    (error as { fatal?: boolean }).fatal
  ) {
    return new SourceUnavailable(source.name, message);
  }
  return new SourceQueryFailed(source.name, message, null);
}

type Connection = mysql.PoolConnection;

const promised = <T>(start: (callback: (error: Error | null, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) =>
    start((error, result) => (error ? reject(error) : resolve(result as T))),
  );

const run = (connection: Connection, text: string, values: unknown[] = []) =>
  promised<unknown>((callback) =>
    connection.query({ sql: text, values, rowsAsArray: true }, (error, rows) => callback(error, rows)),
  );

/**
 * Ends the read-only transaction and drops the session's named locks (GET_LOCK outlives a transaction),
 * so the next run on this pooled connection holds nothing of this one's.
 */
async function endRun(connection: Connection) {
  await run(connection, 'ROLLBACK');
  await run(connection, 'DO RELEASE_ALL_LOCKS()');
}

interface PoolEntry {
  pool: mysql.Pool;
  /** How the pool connects: a connection of its own sends KILL QUERY past a run's deadline. */
  options: mysql.PoolOptions;
  /** `MariaDB` in the version string: seconds and another variable name for the limit. */
  version: string | null;
}

export function createMysqlDriver(hostPolicy: DataSourceHostPolicy): DatabaseDriver {
  const pools = createSourcePools<PoolEntry>((entry) =>
    promised<void>((callback) => entry.pool.end(callback)),
  );
  /** Connections whose account was checked (the pool hands out the same connection object again). */
  const checked = new WeakSet<Connection>();

  const poolOf = (source: DatabaseSource): Promise<PoolEntry> => {
    const { connection } = source;
    return pools.poolOf(source, () =>
      hostPolicy
        .resolve({
          kind: 'mysql',
          host: connection.host,
          port: connection.port,
          database: connection.database,
        })
        .then((address) => {
          const options: mysql.PoolOptions = {
            // The host name as configured (TLS checks the certificate against it); the socket itself goes
            // to the address the host policy checked, so a later DNS answer is not followed.
            host: connection.host,
            port: connection.port,
            stream: () => net.connect({ host: address, port: connection.port, noDelay: true }),
            database: connection.database,
            user: connection.user,
            password: source.password ?? '',
            ssl: sslOptions(connection),
            connectionLimit: connection.poolSize,
            maxIdle: connection.poolSize,
            idleTimeout: 30_000,
            connectTimeout: 10_000,
            waitForConnections: true,
            multipleStatements: false,
            // Prepared statements stay open per connection; the server's total is limited (max_prepared_stmt_count).
            maxPreparedStatements: 64,
            // Never send a file of this server to the database (LOAD DATA LOCAL).
            flags: ['-LOCAL_FILES'],
            dateStrings: true,
            decimalNumbers: true,
            supportBigNumbers: true,
            bigNumberStrings: false,
            timezone: 'Z',
          };
          const pool = mysql.createPool(options);
          pool.on('connection', (connectionCreated) => connectionCreated.on('error', () => {}));
          return { pool, options, version: null };
        }),
    );
  };

  const connect = async (source: DatabaseSource) => {
    let entry: PoolEntry;
    let connection: Connection;
    try {
      entry = await poolOf(source);
      connection = await promised<Connection>((callback) => entry.pool.getConnection(callback));
      entry.version ??= ((await run(connection, 'SELECT VERSION()')) as [string][])[0]?.[0] ?? '';
    } catch (error) {
      throw mysqlFailure(source, error);
    }
    const release = pools.taken(source.id, (broken) =>
      broken ? connection.destroy() : connection.release(),
    );
    if (!checked.has(connection)) {
      try {
        const grants = ((await run(connection, 'SHOW GRANTS')) as unknown[][]).map((row) => String(row[0]));
        const refused = mysqlRefusedPrivileges(grants);
        if (refused.length > 0) throw new AccountRefused(source.name, refused);
      } catch (error) {
        release(true);
        throw mysqlFailure(source, error);
      }
      checked.add(connection);
    }
    return { connection, release, version: entry.version ?? '', options: entry.options };
  };

  /**
   * The run's deadline (docs/decisions/038-one-run-path.md): `KILL QUERY` for the connection's thread from
   * a connection of its own (the pool may have none free), then the connection is dropped.
   */
  const killQuery = (options: mysql.PoolOptions, threadId: number | null) =>
    new Promise<void>((resolve) => {
      if (threadId === null) return resolve();
      const killer = mysql.createConnection({
        ...options,
        connectionLimit: undefined,
        maxIdle: undefined,
        idleTimeout: undefined,
      } as mysql.ConnectionOptions);
      killer.on('error', () => {});
      killer.query(`KILL QUERY ${Math.floor(threadId)}`, () => killer.end(() => resolve()));
    });

  /** The statement limit, then the read-only transaction. */
  const begin = async (connection: Connection, version: string, timeoutSeconds: number) => {
    const seconds = Math.floor(timeoutSeconds);
    // Numbers from the source's settings (1–600), not user input.
    // MariaDB merges a plain derived table into the outer query and drops its ORDER BY; materialised,
    // the wrapped statement keeps its order (decision 041). MySQL keeps it when the derived table is the
    // outer query's only table, as here.
    await run(
      connection,
      /mariadb/i.test(version)
        ? `SET SESSION max_statement_time = ${seconds}, optimizer_switch = 'derived_merge=off'`
        : `SET SESSION max_execution_time = ${seconds * 1000}`,
    );
    await run(connection, 'START TRANSACTION READ ONLY');
  };

  return {
    async open(source, statement): Promise<SourceCursor> {
      const { connection, release, version, options } = await connect(source);
      try {
        await begin(connection, version, statement.timeoutSeconds);
      } catch (error) {
        release(true);
        throw mysqlFailure(source, error, statement.timeoutSeconds);
      }

      // Rows arrive as events; the connection pauses while more than `highWater` wait to be read.
      const highWater = 10_000;
      const buffered: ResultRow[] = [];
      let columns: ReturnType<typeof mysqlColumn>[] | null = null;
      let ended = false;
      let failure: Error | null = null;
      let paused = false;
      let wanted = 1;
      let wake: (() => void) | null = null;
      const notify = () => {
        wake?.();
        wake = null;
      };
      const waitForRows = () => new Promise<void>((resolve) => (wake = resolve));
      // A backstop for a server that ignores its limit (MySQL limits only SELECTs, MariaDB may lag).
      const backstop = setTimeout(
        () => {
          failure ??= new QueryTimedOut(source.name, statement.timeoutSeconds);
          connection.destroy();
          notify();
        },
        (statement.timeoutSeconds + 5) * 1000,
      );

      const onAbort = () => {
        failure ??= new QueryTimedOut(source.name, statement.timeoutSeconds);
        void killQuery(options, connection.threadId).finally(() => connection.destroy());
        notify();
      };
      statement.signal?.addEventListener('abort', onAbort, { once: true });
      const stopCancelling = () => statement.signal?.removeEventListener('abort', onAbort);

      const command = connection.execute({ sql: wrapForMysql(statement.text), rowsAsArray: true }, [
        ...statement.values,
      ] as never[]);
      command.on('fields', (fields: { name: string; columnType: number }[]) => {
        columns = fields.map((field) => mysqlColumn(field.name, field.columnType));
        notify();
      });
      command.on('result', (row: unknown) => {
        buffered.push((row as unknown[]).map(resultValue));
        if (buffered.length >= highWater && !paused) {
          paused = true;
          connection.pause();
        }
        if (buffered.length >= wanted) notify();
      });
      command.on('error', (error: Error) => {
        failure ??=
          Number((error as { errno?: unknown }).errno) === duplicateColumn
            ? new SourceQueryFailed(
                source.name,
                `${error.message}: every column of the result needs a name of its own (AS …)`,
                null,
              )
            : mysqlFailure(source, error, statement.timeoutSeconds);
        notify();
      });
      command.on('end', () => {
        ended = true;
        notify();
      });

      const settle = async () => {
        while (columns === null && !ended && failure === null) await waitForRows();
        if (failure) throw failure;
      };
      try {
        await settle();
      } catch (error) {
        clearTimeout(backstop);
        stopCancelling();
        release(true);
        throw error;
      }

      return {
        columns: columns ?? [],
        async next(max) {
          wanted = max;
          while (buffered.length < max && !ended && failure === null) {
            if (paused) {
              paused = false;
              connection.resume();
            }
            await waitForRows();
          }
          if (failure && buffered.length === 0) throw failure;
          return buffered.splice(0, max);
        },
        async close() {
          clearTimeout(backstop);
          stopCancelling();
          if (!ended || failure) {
            // Rows left unread (cut at the row limit, or the reader stopped): the only way to stop a
            // streaming result is to drop the connection.
            release(true);
            return;
          }
          try {
            await endRun(connection);
            release(false);
          } catch {
            release(true);
          }
        },
      };
    },

    async withSession(source, work) {
      const { connection, release, version } = await connect(source);
      let broken = false;
      try {
        await begin(connection, version, source.connection.statementTimeoutSeconds);
        const query: SessionQuery = async (text, values) =>
          (await run(connection, text, values)) as unknown[][];
        return await work(query, version);
      } finally {
        await endRun(connection).catch(() => {
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

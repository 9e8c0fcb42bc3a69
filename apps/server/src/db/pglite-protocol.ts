// The messages between the server's thread and the embedded database's worker thread (pglite-worker.ts,
// docs/decisions/039-embedded-database-in-a-worker.md). Each call carries an id its answer repeats; a
// call inside a transaction names the transaction, which the worker holds open until told to end it.

/** How the worker opens PGlite (its `workerData`). */
export interface WorkerStart {
  /** A directory on disk, or `null` for a database in memory. */
  dataDir: string | null;
  /** A dump (`dumpDataDir`) to start an in-memory database from, transferred, not copied. */
  loadDataDir: ArrayBuffer | null;
}

/**
 * What a statement's options become on the way to the worker: functions cannot cross, so the types the
 * caller has parsers for come back as the database's text, and the caller's parsers run on this side.
 */
export interface CallOptions {
  rowMode?: 'array' | 'object';
  textTypes: number[];
  paramTypes?: number[];
}

export type Request =
  | { id: number; op: 'query'; tx: number | null; text: string; params: unknown[]; options: CallOptions }
  | { id: number; op: 'exec'; tx: number | null; text: string; options: CallOptions }
  /** Answers with the transaction's number once BEGIN ran; calls without it wait behind it in the worker. */
  | { id: number; op: 'begin' }
  /** ROLLBACK now (the caller's `tx.rollback()`); the transaction stays until `end`. */
  | { id: number; op: 'rollback'; tx: number }
  /** The caller's function is done: COMMIT when `commit` (and not rolled back), else ROLLBACK. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

/** A request before its id is given: each member of `Request` without `id`. */
export type Call = Request extends infer Member
  ? Member extends Request
    ? Omit<Member, 'id'>
    : never
  : never;

export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  /** A database error's fields (code, position, detail, …): what callers read from it. */
  fields: Record<string, unknown>;
}

export type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: SerializedError }
  | { type: 'notification'; listener: number; payload: string };

/** Fields that cannot or need not cross (the statement's options hold functions). */
const skippedFields = new Set(['message', 'name', 'stack', 'queryOptions']);

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (skippedFields.has(key) || typeof value === 'function') continue;
    try {
      structuredClone(value);
      fields[key] = value;
    } catch {
      // A value that cannot be cloned (a parameter holding a function) is left out.
    }
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** An error the embedded database raised in its worker, with the fields PGlite's `DatabaseError` has. */
export class EmbeddedDatabaseError extends Error {
  constructor(serialized: SerializedError) {
    super(serialized.message);
    this.name = serialized.name;
    Object.assign(this, serialized.fields);
    if (serialized.stack) this.stack = `${serialized.stack}\n    (in the embedded database's worker thread)`;
  }
}

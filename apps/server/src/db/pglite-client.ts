import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  type Call,
  type CallOptions,
  type Reply,
  type WorkerStart,
  EmbeddedDatabaseError,
} from './pglite-protocol';

// The embedded database (PGlite) in a worker thread, seen from the server's thread as the PGlite-like
// client Drizzle's pglite driver, pg-boss' `fromPglite` and the uploads driver use: query, exec,
// transaction, listen (docs/decisions/039-embedded-database-in-a-worker.md). No data is kept here: each
// call goes to the worker and its answer comes back.

type Parser = (text: string, typeId: number) => unknown;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Parsers by type id, run on this thread on the text the worker sends back for those types. */
  parsers?: Record<number, Parser>;
  paramTypes?: number[];
  serializers?: unknown;
  blob?: unknown;
  onNotice?: unknown;
}

export interface Field {
  name: string;
  dataTypeID: number;
}

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: Field[];
  affectedRows?: number;
}

/** The calls of an open transaction (PGlite's `Transaction`, as far as the server uses it). */
export interface ThreadTransaction {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Starts with this when the worker is gone: database-unavailable.ts answers 503 on "PGlite is closed". */
const stoppedMessage = 'PGlite is closed: the embedded database stopped';

/**
 * The worker's entry: beside this module when it runs from source (tsx, Vitest), the bundle's second
 * entry point beside the bundle when it runs from dist/ (scripts/build-server.mjs, decision 013).
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // Node does not load TypeScript, and a worker's `--import tsx` applies too late for its entry
    // module: the worker loads tsx's API first and imports the TypeScript entry through it.
    const tsxApi = pathToFileURL(
      createRequire(here)
        .resolve('tsx/package.json')
        .replace(/package\.json$/, 'dist/esm/api/index.mjs'),
    ).href;
    const entry = new URL('./pglite-worker.ts', here).href;
    return {
      script: `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`,
      eval: true,
    };
  }
  const bundle = here.slice(here.lastIndexOf('/') + 1).replace(/\.m?js$/, '');
  return { script: new URL(`./${bundle}-pglite-worker.mjs`, here), eval: false };
}

export interface StartOptions {
  dataDir: string | null;
  loadDataDir?: Blob;
}

/** PGlite in its worker thread; `start` resolves once the database is open. */
export class PgliteThreadClient {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly notify = new Map<number, (payload: string) => void>();
  private readonly stoppedListeners: ((error: Error) => void)[] = [];
  private nextId = 1;
  private stopError: Error | null = null;
  private closing = false;
  private readonly exited: Promise<void>;
  /** Settles `start` once the worker has opened the database (or failed to). */
  private ready: { resolve: () => void; reject: (error: Error) => void } | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    // The worker keeps the process alive only while a call waits for it (pglite-client's `call`).
    worker.unref();
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (error) => this.stop(`${stoppedMessage}: ${error.message}`, error));
    worker.on('exit', (code) => {
      if (this.closing) this.stop('PGlite is closed');
      else this.stop(`${stoppedMessage}: its worker thread exited with code ${code}`);
    });
  }

  static async start(options: StartOptions): Promise<PgliteThreadClient> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : null;
    const data: WorkerStart = { dataDir: options.dataDir, loadDataDir };
    const entry = workerEntry();
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      workerData: data,
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    const client = new PgliteThreadClient(worker);
    worker.ref();
    try {
      await new Promise<void>((resolve, reject) => {
        client.ready = { resolve, reject };
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.unref();
    }
    return client;
  }

  private receive(reply: Reply): void {
    switch (reply.type) {
      case 'ready':
        this.ready?.resolve();
        this.ready = null;
        return;
      case 'failed':
        this.ready?.reject(new EmbeddedDatabaseError(reply.error));
        this.ready = null;
        return;
      case 'notification':
        this.notify.get(reply.listener)?.(reply.payload);
        return;
      case 'result': {
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        if (this.pending.size === 0) this.worker.unref();
        if (reply.ok) waiting.resolve(reply.value);
        else waiting.reject(new EmbeddedDatabaseError(reply.error));
      }
    }
  }

  /** The worker is gone: every waiting and later call fails with `message`. */
  private stop(message: string, cause?: Error): void {
    if (this.stopError) return;
    this.stopError = new Error(message, cause ? { cause } : undefined);
    this.ready?.reject(this.stopError);
    this.ready = null;
    for (const waiting of this.pending.values()) waiting.reject(this.stopError);
    this.pending.clear();
    if (!this.closing) for (const listener of this.stoppedListeners) listener(this.stopError);
  }

  /** Called once if the worker stops without `close` (a crash): the server then stops (main.ts). */
  onStopped(listener: (error: Error) => void): void {
    this.stoppedListeners.push(listener);
  }

  get closed(): boolean {
    return this.stopError !== null || this.closing;
  }

  /** The worker thread itself: tests end it to check what a crash does. */
  get thread(): Worker {
    return this.worker;
  }

  private call(request: Call): Promise<unknown> {
    if (this.stopError) return Promise.reject(this.stopError);
    if (this.closing && request.op !== 'close') return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.queryIn<T>(null, text, params, options);
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.execIn(null, text, options);
  }

  private async queryIn<T>(
    tx: number | null,
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const result = (await this.call({
      op: 'query',
      tx,
      text,
      params,
      options: callOptions(options),
    })) as Results<T>;
    return parseResult(result, options);
  }

  private async execIn(tx: number | null, text: string, options?: QueryOptions): Promise<Results[]> {
    const results = (await this.call({ op: 'exec', tx, text, options: callOptions(options) })) as Results[];
    return results.map((result) => parseResult(result, options));
  }

  /**
   * `fn` with a transaction held open in the worker: BEGIN, `fn`'s calls, then COMMIT — or ROLLBACK when
   * `fn` throws (its error is the one thrown). Calls outside the transaction wait in the worker meanwhile.
   */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const number = (await this.call({ op: 'begin' })) as number;
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.queryIn<R>(number, text, params, options);
      },
      exec: async (text: string, options?: QueryOptions) => {
        check();
        return this.execIn(number, text, options);
      },
      rollback: async () => {
        check();
        await this.call({ op: 'rollback', tx: number });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      closed = true;
      await this.call({ op: 'end', tx: number, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.call({ op: 'end', tx: number, commit: true });
    return result;
  }

  /** LISTEN: `callback` gets each payload on `channel`; resolves with the function that stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = (await this.call({ op: 'listen', channel })) as number;
    this.notify.set(listener, callback);
    return async () => {
      if (!this.notify.delete(listener) || this.closed) return;
      await this.call({ op: 'unlisten', listener });
    };
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dump', compression })) as ArrayBuffer]);
  }

  /** Closes PGlite in the worker (what was committed is on disk) and waits for the thread to end. */
  async close(): Promise<void> {
    if (this.closing || this.stopError) {
      await this.exited;
      return;
    }
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      // PGlite is closed (or failed to close): a thread that does not end by itself is ended.
      this.worker.ref();
      const stuck = setTimeout(() => void this.worker.terminate(), 2_000);
      await this.exited;
      clearTimeout(stuck);
    }
  }
}

function callOptions(options: QueryOptions | undefined): CallOptions {
  if (options?.serializers || options?.blob || options?.onNotice) {
    throw new Error('serializers, blob and onNotice do not cross to the embedded database thread');
  }
  return {
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.paramTypes ? { paramTypes: options.paramTypes } : {}),
    textTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : [],
  };
}

/** Runs the caller's parsers on the text the worker left for them, in place (a large result is not copied). */
function parseResult<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || result.rows.length === 0) return result;
  const columns: { index: number; key: string; type: number; parse: Parser }[] = [];
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (parse) columns.push({ index, key: field.name, type: field.dataTypeID, parse });
  });
  if (columns.length === 0) return result;
  const arrays = options.rowMode === 'array';
  for (const row of result.rows as unknown as (unknown[] & Record<string, unknown>)[]) {
    for (const column of columns) {
      const at = arrays ? column.index : column.key;
      const text = row[at as keyof typeof row];
      if (typeof text === 'string')
        (row as Record<string | number, unknown>)[at] = column.parse(text, column.type);
    }
  }
  return result;
}

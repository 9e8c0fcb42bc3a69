import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  type CallOptions,
  type Reply,
  type Request,
  type WorkerStart,
  serializeError,
} from './pglite-protocol';

// The embedded database's own thread (docs/decisions/039-embedded-database-in-a-worker.md): PGlite runs
// its WebAssembly here, so a long statement holds this thread and not the server's event loop. Calls
// arrive from pglite-client.ts; PGlite's own locks order them — a call outside a transaction waits while
// one is open, as it does in process.

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (pglite-client.ts starts it)');
const port = parentPort;
const start = workerData as WorkerStart;

const send = (reply: Reply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

/** Parsers that keep the text of the types the caller parses itself (pglite-protocol.ts). */
function pgliteOptions(options: CallOptions) {
  const parsers: Record<number, (text: string) => string> = {};
  for (const type of options.textTypes) parsers[type] = (text) => text;
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.paramTypes ? { paramTypes: options.paramTypes } : {}),
    parsers,
  };
}

interface OpenTransaction {
  tx: Transaction;
  /** Resolved by `end` with whether to commit. */
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<unknown>;
}

async function main(): Promise<void> {
  const pg = start.dataDir
    ? new PGlite(start.dataDir)
    : new PGlite(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {});
  try {
    await pg.waitReady;
  } catch (error) {
    send({ type: 'failed', error: serializeError(error) });
    return;
  }

  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<number, () => Promise<void>>();
  let nextTransaction = 1;
  let nextListener = 1;

  const session = (tx: number | null) => {
    if (tx === null) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('The transaction has ended');
    return open.tx;
  };

  const begin = () =>
    new Promise<number>((resolve, reject) => {
      const number = nextTransaction++;
      let begun = false;
      let finish: (commit: boolean) => void = () => {};
      const ended = new Promise<boolean>((resolveEnd) => (finish = resolveEnd));
      const done = pg.transaction(async (tx) => {
        begun = true;
        transactions.set(number, { tx, finish, done });
        resolve(number);
        const commit = await ended;
        if (!commit && !tx.closed) await tx.rollback();
      });
      done.then(
        () => transactions.delete(number),
        (error: unknown) => {
          transactions.delete(number);
          if (!begun) reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

  const handle = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const result = await session(request.tx).query(
          request.text,
          request.params,
          pgliteOptions(request.options),
        );
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec': {
        const results = await session(request.tx).exec(request.text, pgliteOptions(request.options));
        return results.map((result) => ({
          rows: result.rows,
          fields: result.fields,
          affectedRows: result.affectedRows,
        }));
      }
      case 'begin':
        return begin();
      case 'rollback': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('The transaction has ended');
        await open.tx.rollback();
        return null;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) return null;
        open.finish(request.commit);
        await open.done;
        return null;
      }
      case 'listen': {
        const listener = nextListener++;
        const unlisten = await pg.listen(request.channel, (payload) =>
          send({ type: 'notification', listener, payload }),
        );
        listeners.set(listener, unlisten);
        return listener;
      }
      case 'unlisten': {
        const unlisten = listeners.get(request.listener);
        listeners.delete(request.listener);
        if (unlisten && !pg.closed) await unlisten();
        return null;
      }
      case 'dump': {
        const dump = await pg.dumpDataDir(request.compression);
        return await dump.arrayBuffer();
      }
      case 'close':
        // PGlite's close ends the backend cleanly: what was committed is on disk.
        if (!pg.closed) await pg.close();
        return null;
    }
  };

  port.on('message', (request: Request) => {
    handle(request).then(
      (value) => {
        const transfer = value instanceof ArrayBuffer ? [value] : [];
        send({ type: 'result', id: request.id, ok: true, value }, transfer);
        if (request.op === 'close') port.close();
      },
      (error: unknown) => send({ type: 'result', id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  send({ type: 'ready' });
}

void main();

import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * Buffered log text is written once it reaches this many bytes (about 60 request lines)… Each write
 * wakes a thread of libuv's pool; on the shared 2-core machine 4 KB pieces still cost ≈ 18 µs per
 * request under load (decision 028).
 */
const bufferBytes = 16 * 1024;
/** …in writes of at most this many bytes (sonic-boom needs it above `bufferBytes`)… */
const maxWriteBytes = 64 * 1024;
/** …or after this long, so a quiet server's lines still reach the log promptly. */
const flushIntervalMs = 1000;

/**
 * One line per request (decision 028) instead of Fastify's "incoming request" and "request completed":
 * method, route pattern (raw URLs may carry query values), status, time in ms, request id (the child
 * logger's `reqId`) and user id (null when not signed in). Unmatched URLs also log their path, without
 * the query. Fastify calls this after the onResponse hooks; its other log lines (errors, 404s, streams)
 * are unchanged.
 */
export class OneLinePerRequest extends LogController {
  /**
   * The request line's logger: the app's, without its redaction. The line holds only the fields built
   * below, none of which can carry a credential, and redaction (a copy of every logged object, searched
   * for password and token fields) was the largest part of logging a request. Made on first use, from
   * the logger Fastify built with this controller.
   */
  #lines: FastifyBaseLogger | null = null;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const route = request.routeOptions.url ?? null;
    const user = request.user as { id?: string } | null | undefined;
    const userId = user?.id ?? null;
    if (error) {
      // With the error: through the request's own logger (redaction, the error serializer of app.ts).
      const line = {
        method: request.method,
        route,
        status: reply.statusCode,
        responseTime: reply.elapsedTime,
        userId,
      };
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    this.#lines ??= request.server.log.child({}, { redact: { paths: [] } });
    this.#lines.info(
      route === null
        ? {
            reqId: request.id,
            method: request.method,
            route,
            path: request.url.split('?', 1)[0],
            status: reply.statusCode,
            responseTime: reply.elapsedTime,
            userId,
          }
        : {
            reqId: request.id,
            method: request.method,
            route,
            status: reply.statusCode,
            responseTime: reply.elapsedTime,
            userId,
          },
      'request completed',
    );
  }
}

interface BufferedStdout {
  write(line: string): void;
  /** Resolves once everything written so far has been handed to the file descriptor. */
  flush(): Promise<void>;
  flushSync(): void;
}

let stdout: (BufferedStdout & { stop(): void }) | null = null;

/**
 * stdout as a deployment's log (decision 028): pino's buffered destination, written asynchronously in
 * pieces of `bufferBytes` instead of one synchronous write per line. One per process (it owns fd 1):
 * - pino writes what is left synchronously when the process exits (`process.exit`, the end of the
 *   event loop) and on `logger.fatal`;
 * - an uncaught exception or unhandled rejection does not emit `exit`: what is buffered is written
 *   before Node prints the error and exits as it always did;
 * - graceful shutdown waits for `flushRequestLog()` (app.close runs it), so no line is left to a write
 *   still in flight when main.ts exits.
 */
export function bufferedStdout(): BufferedStdout {
  if (stdout) return stdout;
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: bufferBytes,
    maxWrite: maxWriteBytes,
  });
  let pending = false;
  const timer = setInterval(() => {
    if (!pending) return;
    pending = false;
    destination.flush();
  }, flushIntervalMs);
  timer.unref();
  process.on('uncaughtExceptionMonitor', () => {
    try {
      destination.flushSync();
    } catch {
      // Closed already: nothing more can be written.
    }
  });
  stdout = {
    write(line) {
      pending = true;
      destination.write(line);
    },
    flush: () =>
      new Promise<void>((resolve) => {
        pending = false;
        // Called back once the buffer is drained, also after a failed write: the log cannot report it.
        destination.flush(() => resolve());
      }),
    flushSync: () => destination.flushSync(),
    // After the last flush only the exit's synchronous write remains (nothing left in flight at exit).
    stop: () => clearInterval(timer),
  };
  return stdout;
}

/** Writes out the buffered log, if this process logs through `bufferedStdout` (the app's onClose). */
export async function flushRequestLog(): Promise<void> {
  if (!stdout) return;
  stdout.stop();
  await stdout.flush();
}

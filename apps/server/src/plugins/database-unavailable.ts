import { type Database, pingDatabase } from '../db/database';

/** Retry-After of a 503 while the database is unreachable: the pool reconnects by itself (decision 009). */
export const unavailableRetryAfterSeconds = 5;

/** Node socket errors that mean "the database cannot be reached". */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATEs of an unavailable database: class 08 (connection exception), 57P01–57P03
 * (terminated by an administrator, crash, starting up), 53300 (too many connections), 57014 (statement
 * timeout: overloaded).
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const unavailableMessages = [
  'connection terminated',
  'timeout exceeded when trying to connect',
  'connection is not queryable',
  'client has encountered a connection error',
  'query read timeout',
  'not currently accepting connections',
  'pglite is closed',
  'cannot use a pool after calling end',
];

/**
 * Whether an error (or its cause: drizzle wraps driver errors) says the database is unreachable rather
 * than that the request was wrong (security hardening: such requests answer 503 SERVICE_UNAVAILABLE, not 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (networkCodes.has(code) || unavailableStates.has(code) || code.startsWith('08'))
    ) {
      return true;
    }
    const message = current.message.toLowerCase();
    if (unavailableMessages.some((text) => message.includes(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** For answers produced elsewhere (better-auth's own 500): is the database down right now? */
export async function databaseIsDown(db: Database, timeoutMs = 1_500): Promise<boolean> {
  try {
    await pingDatabase(db, timeoutMs);
    return false;
  } catch {
    return true;
  }
}

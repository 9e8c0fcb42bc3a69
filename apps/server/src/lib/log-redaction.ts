/**
 * Errors as they may be logged (decision 009). A failed database query carries its bound parameters —
 * drizzle's `DrizzleQueryError` has them in `params` *and* spelled out in its message ("params: …"), and a
 * PostgreSQL error's `detail` quotes values ("Key (email)=(…) already exists"). During an outage every
 * sign-in, token exchange and bearer check fails that way, so without this the log would fill with
 * e-mails, session tokens and password hashes. What stays is what an operator needs: the error type, the
 * SQL text (only placeholders), SQLSTATE codes and the stack.
 */

const redacted = '[redacted]';
/** Fields of database errors that hold values rather than the statement (pg's DatabaseError). */
const valueFields = new Set(['params', 'parameters', 'values', 'detail']);
/** How deep a chain of causes is followed. */
const maxDepth = 8;

/** The shape pino's own `err` serializer returns. */
export type SerializedError = Record<string, unknown> & { type: string; message: string; stack: string };

/** Shorter parameter values are not searched for in texts (they would match ordinary words). */
const minimumValueLength = 6;

/**
 * What the error chain may spell its bound parameters as: drizzle's `params: ${params}` line, and each
 * longer value on its own (a driver message may quote one).
 */
function parameterTexts(error: Error): string[] {
  const lines: string[] = [];
  const values: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < maxDepth; depth += 1) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params) && params.length > 0) {
      lines.push(`params: ${String(params)}`);
      for (const param of params) {
        const text = typeof param === 'string' ? param : param instanceof Date ? '' : JSON.stringify(param);
        if (typeof text === 'string' && text.length >= minimumValueLength) values.push(text);
      }
    }
    current = current.cause;
  }
  // The whole line first, then what is left of single values; longer values before their substrings.
  return [...lines, ...values.sort((a, b) => b.length - a.length)];
}

function scrub(text: string, parameters: readonly string[]): string {
  let result = text;
  for (const parameter of parameters) {
    const replacement = parameter.startsWith('params: ') ? `params: ${redacted}` : redacted;
    result = result.split(parameter).join(replacement);
  }
  return result;
}

function serializeOne(error: Error, parameters: readonly string[], depth: number): SerializedError {
  const serialized: SerializedError = {
    type: error.constructor?.name || error.name,
    message: scrub(error.message, parameters),
    stack: scrub(error.stack ?? '', parameters),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key in serialized) continue;
    if (valueFields.has(key)) {
      serialized[key] = redacted;
    } else if (value instanceof Error) {
      if (depth < maxDepth) serialized[key] = serializeOne(value, parameters, depth + 1);
    } else if (typeof value === 'string') {
      serialized[key] = scrub(value, parameters);
    } else if (typeof value !== 'function') {
      serialized[key] = value;
    }
  }
  // `cause` is usually not enumerable on built-in errors; the driver's error is where the SQLSTATE is.
  if (!('cause' in serialized) && error.cause instanceof Error && depth < maxDepth) {
    serialized.cause = serializeOne(error.cause, parameters, depth + 1);
  }
  return serialized;
}

/** pino's `err` serializer, without bound parameters or quoted values. Non-errors pass through. */
export function serializeErrorForLog(value: Error): SerializedError {
  if (!(value instanceof Error)) return value;
  return serializeOne(value, parameterTexts(value), 0);
}

/** For log calls that pass errors inside other data (the auth library's `logger.log(level, msg, ...args)`). */
export function redactErrorsIn(values: readonly unknown[]): unknown[] {
  return values.map((value) => (value instanceof Error ? serializeErrorForLog(value) : value));
}

import { errorCodes, rowRuleAttributeMissingMessage } from '@cockpit/contracts';
import { HttpError } from '../../lib/http-error';
import { SqlRefused } from '../sql/sql-refused';

// What a report run can fail with (docs/decisions/027-reports-over-own-data.md, "Errors"). Each is an
// HttpError carrying what everybody may see, so a route that does nothing special answers safely;
// `detail` is the database's own message for administrators (`forAdministrator`), never a password.

/** What members see when a source fails: never the database's message. */
export const dataNotAvailableMessage = 'The data for this report is not available right now.';

/** A `{{user.attributes.<key>}}` the user does not have: refused, never run unfiltered. */
export class MissingUserAttribute extends HttpError {
  override name = 'MissingUserAttribute';
  constructor(readonly attribute: string) {
    super(403, errorCodes.userAttributeMissing, 'This report is not available for your account.');
  }
}

/**
 * A table with a row rule whose attribute the reader lacks (docs/decisions/044-row-rules.md): nothing from
 * it, and a message naming the attribute — never unfiltered rows.
 */
export class RowRuleAttributeMissing extends HttpError {
  override name = 'RowRuleAttributeMissing';
  constructor(
    readonly attribute: string,
    readonly table: string,
  ) {
    super(403, errorCodes.rowRuleAttributeMissing, rowRuleAttributeMissingMessage(attribute));
  }
}

/** The source cannot be reached: connection refused, host not allowed, wrong password, no such database. */
export class SourceUnavailable extends HttpError {
  override name = 'SourceUnavailable';
  constructor(
    readonly source: string,
    readonly detail: string,
  ) {
    super(503, errorCodes.dataSourceUnavailable, dataNotAvailableMessage, { 'retry-after': '30' });
  }
}

/** What members see when the database refused a definition's statement (decision 046). */
export const reportBrokenMessage = 'This report has a problem; its owner has been told.';

/**
 * The source ran the statement and answered with an error (a syntax error, a missing column, a write
 * refused): the definition is broken, not the source down — asking again gives the same answer, so it is
 * a 500 `REPORT_BROKEN` without Retry-After, and its owner is told (decision 046).
 */
export class SourceQueryFailed extends HttpError {
  override name = 'SourceQueryFailed';
  constructor(
    readonly source: string,
    readonly detail: string,
    /** 0-based character offset in the definition's SQL as written, when the database named one. */
    readonly position: number | null,
  ) {
    super(500, errorCodes.reportBroken, reportBrokenMessage);
  }
}

/** The source's statement timeout ended the query. */
export class QueryTimedOut extends HttpError {
  override name = 'QueryTimedOut';
  constructor(
    readonly source: string,
    readonly seconds: number,
  ) {
    super(
      503,
      errorCodes.queryTimedOut,
      'This report took too long to compute. Please choose a shorter range or try again later.',
      { 'retry-after': '10' },
    );
  }
}

/**
 * THE mapping of a run's error to the answer (one place). Every typed error is an HttpError that is
 * safe for everyone as it stands (a refused statement: 400 with its reason; a failing source: 503 "not
 * available right now"; a statement the database refused: 500 "this report has a problem", decision 046);
 * administrators get the database's own message and position instead, with the same status. Anything
 * else is returned unchanged (the error handler answers it as usual).
 */
export function executorHttpError(error: unknown, audience: 'administrator' | 'member'): unknown {
  if (
    audience === 'administrator' &&
    (error instanceof SourceQueryFailed || error instanceof SourceUnavailable)
  ) {
    const at =
      error instanceof SourceQueryFailed && error.position !== null
        ? ` (at character ${error.position + 1})`
        : '';
    return new HttpError(
      error.statusCode,
      error.code,
      `The data source '${error.source}' answered: ${error.detail}${at}`,
      error.headers,
    );
  }
  return error;
}

/** The text the query log keeps for a failed run (administrators read it there). */
export function logTextOf(error: unknown): string {
  if (error instanceof SqlRefused) return `refused: ${error.reason}`;
  if (error instanceof SourceQueryFailed || error instanceof SourceUnavailable) return error.detail;
  if (error instanceof MissingUserAttribute) return `missing user attribute '${error.attribute}'`;
  if (error instanceof RowRuleAttributeMissing)
    return `row rule on '${error.table}': missing user attribute '${error.attribute}'`;
  if (error instanceof QueryTimedOut) return `timed out after ${error.seconds} s`;
  if (error instanceof HttpError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

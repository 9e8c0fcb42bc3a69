import { errorCodes } from '@cockpit/contracts';
import { HttpError } from '../../lib/http-error';

/**
 * A definition's SQL that the executor will not run (docs/decisions/027-reports-over-own-data.md): not one
 * SELECT, a reference that is not declared, a name outside the uploaded tables … Thrown before anything
 * reaches a database; the reason is safe to show to whoever wrote the SQL, so it is a 400 as it stands.
 * `position` is the 0-based character offset in the definition's SQL as written (with its `{{…}}`),
 * when one is known.
 */
export class SqlRefused extends HttpError {
  override name = 'SqlRefused';
  constructor(
    readonly reason: string,
    readonly position: number | null = null,
  ) {
    super(
      400,
      errorCodes.sqlRefused,
      `The report's SQL was refused: ${reason}${position === null ? '' : ` (at character ${position + 1})`}`,
    );
  }
}

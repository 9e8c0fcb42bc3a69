/**
 * A definition's SQL that the executor will not run (docs/decisions/027-reports-over-own-data.md): not one
 * SELECT, a reference that is not declared, a name outside the uploaded tables … Thrown before anything
 * reaches a database; the reason is safe to show to whoever wrote the SQL. `position` is the 0-based
 * character offset in the definition's SQL as written (with its `{{…}}`), when one is known.
 */
export class SqlRefused extends Error {
  override name = 'SqlRefused';
  constructor(
    readonly reason: string,
    readonly position: number | null = null,
  ) {
    super(reason);
  }
}

import { eq, sql } from 'drizzle-orm';
import { organisations } from '../../src/db/core-tables';
import { quoted, uploadsSchemaName } from '../../src/data-sources';
import type { TestApp } from './build-test-app';

// Own data for the report tests (docs/decisions/027-reports-over-own-data.md): an organisation's uploaded
// table written directly, as an upload would leave it (data-sources/uploads), so a test's
// definitions have rows to read without going through the upload screens.

/** The id of a seeded organisation (Demo GmbH unless named). */
export async function organisationIdOf(t: TestApp, name = 'Demo GmbH'): Promise<string> {
  const [organisation] = await t.database.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, name));
  if (!organisation) throw new Error(`no organisation ${name}`);
  return organisation.id;
}

/**
 * Creates the organisation's table `name` with `columns` (SQL column definitions) in its uploads schema
 * and inserts `rows`, every value bound.
 */
export async function createUploadedTable(
  t: TestApp,
  organisationId: string,
  name: string,
  columns: string,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const schema = quoted(uploadsSchemaName(organisationId));
  const table = sql.raw(`${schema}.${quoted(name)}`);
  await t.database.db.execute(sql.raw(`create schema if not exists ${schema}`));
  await t.database.db.execute(sql`create table ${table} (${sql.raw(columns)})`);
  for (const row of rows) {
    await t.database.db.execute(
      sql`insert into ${table} values (${sql.join(
        row.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  }
}

import { type SQL, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an `onConflictDoUpdate` that takes the named columns from the row that conflicted
 * (`excluded.<column>`): the seed is re-run on every start and must bring demo rows up to date without
 * duplicating them. Column names come from the table definition, never from input.
 */
export function fromExcluded<Table extends PgTable, Key extends keyof Table['$inferInsert'] & string>(
  table: Table,
  keys: readonly Key[],
): Record<Key, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`${key} is not a column of this table`);
      return [key, sql.raw(`excluded."${column.name}"`)];
    }),
  ) as Record<Key, SQL>;
}

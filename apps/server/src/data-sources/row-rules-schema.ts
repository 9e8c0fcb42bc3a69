import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, uuidPrimaryKey } from '../db/columns';
import { dataSources, organisationIdColumn } from '../db/core-tables';

/**
 * Row rules (docs/decisions/044-row-rules.md): per data source and table, "column = user attribute". The
 * executor filters every reference of the table by it on every run path; `schema_name` '' matches the
 * table in any schema (uploaded tables have one schema of their own).
 */
export const dataSourceRowRules = pgTable(
  'data_source_row_rules',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    dataSourceId: text('data_source_id')
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    schemaName: text('schema_name').notNull().default(''),
    tableName: text('table_name').notNull(),
    columnName: text('column_name').notNull(),
    attribute: text('attribute').notNull(),
    /** Administrators bypass this rule (they see all rows); everyone else is filtered. */
    administratorsSeeAll: boolean('administrators_see_all').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('data_source_row_rules_uq').on(t.dataSourceId, t.schemaName, t.tableName, t.columnName),
  ],
);

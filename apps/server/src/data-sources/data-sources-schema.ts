import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, uuidPrimaryKey } from '../db/columns';
import { dataSources, organisationIdColumn } from '../db/core-tables';

/**
 * The organisation's uploaded tables (decision 027): the rows live in the organisation's own schema of the
 * cockpit's database (`uploads_<organisation>`); this row is what management lists and what the executor
 * allows a definition to name.
 */
export const uploadedTables = pgTable(
  'uploaded_tables',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    dataSourceId: text('data_source_id')
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `[{ name, header, type }]` in table order. */
    columns: jsonb('columns').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('uploaded_tables_source_name_uq').on(t.dataSourceId, t.name)],
);

/** Every run of report SQL (management → Data → Query log), kept 30 days. */
export const queryLog = pgTable(
  'query_log',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    userId: text('user_id'),
    dataSourceName: text('data_source_name'),
    definitionName: text('definition_name'),
    target: text('target'),
    purpose: text('purpose').notNull(),
    parameters: jsonb('parameters')
      .notNull()
      .default(sql`'{}'::jsonb`),
    rows: integer('rows'),
    milliseconds: integer('milliseconds').notNull(),
    cacheHit: boolean('cache_hit').notNull().default(false),
    error: text('error'),
  },
  (t) => [index('query_log_organisation_at_idx').on(t.organisationId, t.at.desc())],
);

import { type UploadColumn, type UploadedTablesResponse, uploadColumnSchema } from '@cockpit/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Actor, recordActivity } from '../../activity';
import type { Database } from '../../db/database';
import { dataSources } from '../../db/core-tables';
import { notFound } from '../../lib/http-error';
import { uploadsSchemaName } from '../uploads-schema';
import { uploadedTables } from '../data-sources-schema';

// Where an organisation's uploaded tables live and what management knows of them (decision 027): the rows
// in the schema `uploads_<organisation id without dashes>` of the cockpit's own database, one
// `uploaded_tables` row per table. Every name in SQL is quoted and was checked by uploadTableNameSchema.

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** The organisation's own schema for uploaded tables: the executor's, so both name the same schema. */
export { uploadsSchemaName };

/** A checked SQL name (uploadTableNameSchema, or the schema name above), quoted. */
export function quoted(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a safe SQL name: ${name}`);
  return `"${name}"`;
}

const storedColumns = z.array(uploadColumnSchema);

export interface UploadsSource {
  id: string;
  name: string;
}

/**
 * The organisation's `uploads` data source of that name; 404 for any other organisation's, for a database
 * source and for none (never reveal what is not the caller's: another organisation's object is "not found").
 */
export async function findUploadsSource(
  db: Executor,
  organisationId: string,
  name: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<UploadsSource> {
  const query = db
    .select({ id: dataSources.id, name: dataSources.name })
    .from(dataSources)
    .where(
      and(
        eq(dataSources.organisationId, organisationId),
        eq(dataSources.name, name),
        eq(dataSources.kind, 'uploads'),
      ),
    );
  const [source] = lock ? await query.for('update') : await query;
  if (!source) throw notFound(`No uploaded tables named "${name}"`);
  return source;
}

export interface StoredTable {
  id: string;
  name: string;
  columns: UploadColumn[];
  rows: number;
}

export async function findUploadedTable(
  db: Executor,
  sourceId: string,
  table: string,
): Promise<StoredTable | null> {
  const [row] = await db
    .select()
    .from(uploadedTables)
    .where(and(eq(uploadedTables.dataSourceId, sourceId), eq(uploadedTables.name, table)));
  return row
    ? { id: row.id, name: row.name, columns: storedColumns.parse(row.columns), rows: row.rowCount }
    : null;
}

export async function listUploadedTables(
  db: Database,
  organisationId: string,
  sourceName: string,
): Promise<UploadedTablesResponse> {
  const source = await findUploadsSource(db, organisationId, sourceName);
  const rows = await db
    .select()
    .from(uploadedTables)
    .where(and(eq(uploadedTables.organisationId, organisationId), eq(uploadedTables.dataSourceId, source.id)))
    .orderBy(asc(uploadedTables.name));
  return {
    items: rows.map((row) => ({
      name: row.name,
      columns: storedColumns.parse(row.columns),
      rows: row.rowCount,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** Cached results over the source's tables are missed from now on, on every instance (decision 027). */
export async function bumpSourceVersion(tx: Executor, sourceId: string): Promise<void> {
  await tx
    .update(dataSources)
    .set({ version: sql`${dataSources.version} + 1`, updatedAt: new Date() })
    .where(eq(dataSources.id, sourceId));
}

/** Drops the table and its rows; its entry, the source's version and the activity change with it. */
export async function removeUploadedTable(
  db: Database,
  actor: Actor,
  sourceName: string,
  table: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const source = await findUploadsSource(tx, actor.organisationId, sourceName, { lock: true });
    const stored = await findUploadedTable(tx, source.id, table);
    if (!stored) throw notFound(`No uploaded table named "${table}"`);
    const schema = uploadsSchemaName(actor.organisationId);
    await tx.execute(sql.raw(`drop table if exists ${quoted(schema)}.${quoted(table)}`));
    await tx.delete(uploadedTables).where(eq(uploadedTables.id, stored.id));
    await bumpSourceVersion(tx, source.id);
    await recordActivity(tx, actor, [{ action: 'data.table-removed', target: `${sourceName}.${table}` }]);
  });
}

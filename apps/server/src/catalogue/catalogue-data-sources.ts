import { type CatalogueDataSource, type DataSourceConnection, dataSourceIdentityFields } from '@cockpit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dataSources } from '../db/schema';

// The data sources a catalogue document carries (decision 027), written by name. A document never holds
// a password: a new database source is created "needs password"; an existing one keeps its password only
// while host, port, database and user stay the same. A source the document does not list stays (it may
// hold a password and uploaded tables).

type Writer = Pick<Database, 'select' | 'insert' | 'update'>;

/** Whether `next` points at another server, database or account than `stored` (the password must not follow). */
export function identityChanged(stored: unknown, next: DataSourceConnection | undefined): boolean {
  if (!next || !stored || typeof stored !== 'object') return true;
  const before = stored as Record<string, unknown>;
  return dataSourceIdentityFields.some((field) => before[field] !== next[field]);
}

const titleColumnsOf = (source: CatalogueDataSource) => ({
  titleEn: source.title.en,
  titleDe: source.title.de ?? null,
  titleDeAt: source.title.deAt ?? null,
});

/** Writes the sources and answers the id of every data source of the organisation by name. */
export async function writeDocumentDataSources(
  tx: Writer,
  organisationId: string,
  sources: readonly CatalogueDataSource[],
): Promise<Map<string, string>> {
  const stored = await tx
    .select({
      id: dataSources.id,
      name: dataSources.name,
      kind: dataSources.kind,
      connection: dataSources.connection,
      titleEn: dataSources.titleEn,
      titleDe: dataSources.titleDe,
      titleDeAt: dataSources.titleDeAt,
    })
    .from(dataSources)
    .where(eq(dataSources.organisationId, organisationId));
  const ids = new Map(stored.map((row) => [row.name, row.id]));
  for (const source of sources) {
    const existing = stored.find((row) => row.name === source.name);
    const connection = source.connection ?? null;
    if (!existing) {
      const [row] = await tx
        .insert(dataSources)
        .values({ organisationId, name: source.name, kind: source.kind, connection, ...titleColumnsOf(source) })
        .returning({ id: dataSources.id });
      if (row) ids.set(source.name, row.id);
      continue;
    }
    const unchanged =
      existing.kind === source.kind &&
      JSON.stringify(existing.connection) === JSON.stringify(connection) &&
      existing.titleEn === source.title.en &&
      existing.titleDe === (source.title.de ?? null) &&
      existing.titleDeAt === (source.title.deAt ?? null);
    if (unchanged) continue;
    const dropPassword = existing.kind !== source.kind || identityChanged(existing.connection, source.connection);
    await tx
      .update(dataSources)
      .set({
        kind: source.kind,
        connection,
        ...titleColumnsOf(source),
        ...(dropPassword ? { passwordSealed: null } : {}),
        version: sql`${dataSources.version} + 1`,
      })
      .where(eq(dataSources.id, existing.id));
  }
  return ids;
}

import type { CatalogueDataSource } from '@cockpit/contracts';
import type { CatalogueDataSources } from './catalogue-data-sources';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dataSources } from '../db/core-tables';
import {
  identityChanged,
  kindProblem,
  sameConnection,
  storedConnection,
  storedKind,
  titleColumnsOf,
  titleOf,
} from './data-source-rules';
import { ensureUploadsSource, type Writer } from './data-sources-repository';
import { exportRowRules, replaceRowRules } from './row-rules-repository';

// The data sources of a catalogue document (docs/decisions/015-the-catalogue.md, 027-reports-over-own-data.md),
// for the catalogue to call inside its own transaction: a document never carries a password.

/** A problem of the document's `dataSources`, with the JSON path of the field (like the catalogue's own check). */
export class DataSourceDocumentError extends Error {
  override name = 'DataSourceDocumentError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The first problem the schema cannot see: `uploads` is the uploaded tables and nothing else. `null` when
 * there is none; `at` is the path of the array (`$.dataSources`).
 */
export function dataSourcesDocumentProblem(
  sources: readonly CatalogueDataSource[],
  at = '$.dataSources',
): DataSourceDocumentError | null {
  for (const [index, source] of sources.entries()) {
    const problem = kindProblem(source);
    if (problem) return new DataSourceDocumentError(`${at}[${index}].${problem.field}`, problem.message);
    // One rule per table and column (decision 044); uploaded tables are named without a schema.
    const seen = new Set<string>();
    for (const [ruleIndex, rule] of (source.rowRules ?? []).entries()) {
      const path = `${at}[${index}].rowRules[${ruleIndex}]`;
      if (source.kind === 'uploads' && rule.schema !== undefined) {
        return new DataSourceDocumentError(`${path}.schema`, 'uploaded tables are named without a schema');
      }
      const key = JSON.stringify([rule.schema ?? '', rule.table, rule.column]);
      if (seen.has(key))
        return new DataSourceDocumentError(
          `${path}.column`,
          `'${rule.table}.${rule.column}' has a row rule already`,
        );
      seen.add(key);
    }
  }
  return null;
}

/**
 * Writes the document's data sources by name and answers the id of EVERY data source of the organisation
 * by name (definitions may name one the document does not carry). A new database source is created
 * "needs password"; an existing one takes the document's title, kind and connection and keeps its
 * password only while kind, host, port, database and user stay the same. Every change bumps the version
 * (cached results go). A source the document does not list stays: it may hold a password and uploaded
 * tables. Throws DataSourceDocumentError for a document that names `uploads` wrongly.
 */
export async function upsertDataSourcesFromDocument(
  tx: Writer,
  organisationId: string,
  sources: readonly CatalogueDataSource[],
): Promise<Map<string, string>> {
  const problem = dataSourcesDocumentProblem(sources);
  if (problem) throw problem;
  await ensureUploadsSource(tx, organisationId);
  const stored = await tx.select().from(dataSources).where(eq(dataSources.organisationId, organisationId));
  const ids = new Map(stored.map((row) => [row.name, row.id]));
  for (const source of sources) {
    const connection = source.connection ?? null;
    const existing = stored.find((row) => row.name === source.name);
    if (!existing) {
      const [row] = await tx
        .insert(dataSources)
        .values({
          organisationId,
          name: source.name,
          kind: source.kind,
          connection,
          ...titleColumnsOf(source.title),
        })
        .returning({ id: dataSources.id });
      if (row) {
        ids.set(source.name, row.id);
        await replaceRowRules(tx, organisationId, row.id, source.rowRules ?? []);
      }
      continue;
    }
    // The document's rules are the source's rules (decision 044): none listed, none kept.
    await replaceRowRules(tx, organisationId, existing.id, source.rowRules ?? []);
    const before = { kind: storedKind(existing.kind), connection: storedConnection(existing.connection) };
    const after = { kind: source.kind, connection };
    const unchanged =
      before.kind === after.kind &&
      sameConnection(before.connection, after.connection) &&
      JSON.stringify(titleOf(existing)) === JSON.stringify(titleOf(titleColumnsOf(source.title)));
    if (unchanged) continue;
    await tx
      .update(dataSources)
      .set({
        kind: source.kind,
        connection,
        ...titleColumnsOf(source.title),
        ...(identityChanged(before, after) ? { passwordSealed: null } : {}),
        version: sql`${dataSources.version} + 1`,
      })
      .where(eq(dataSources.id, existing.id));
  }
  return ids;
}

/** The organisation's data sources as the document carries them: never a password, the uploaded tables too. */
export async function exportDataSources(
  db: Pick<Database, 'select' | 'insert'>,
  organisationId: string,
): Promise<CatalogueDataSource[]> {
  await ensureUploadsSource(db, organisationId);
  const rules = await exportRowRules(db, organisationId);
  const rows = await db
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
    .where(eq(dataSources.organisationId, organisationId))
    .orderBy(asc(dataSources.name));
  return rows.map((row) => {
    const kind = storedKind(row.kind);
    const connection = kind === 'uploads' ? null : storedConnection(row.connection);
    const rowRules = rules.get(row.id) ?? [];
    return {
      name: row.name,
      title: titleOf(row),
      kind,
      ...(connection ? { connection } : {}),
      ...(rowRules.length > 0 ? { rowRules } : {}),
    };
  });
}

/** The catalogue's view of this feature (catalogue/catalogue-data-sources.ts), passed in where it is built. */
export const catalogueDataSources: CatalogueDataSources = {
  problem: (sources) => dataSourcesDocumentProblem(sources),
  upsert: upsertDataSourcesFromDocument,
};

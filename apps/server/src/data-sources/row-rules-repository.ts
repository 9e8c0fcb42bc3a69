import type { CatalogueRowRule, RowRule } from '@cockpit/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Actor, recordActivity } from '../activity';
import type { Database } from '../db/database';
import { bumpDataSourceVersion, isViolation, type Writer } from './data-sources-repository';
import { dataSourceRowRules } from './row-rules-schema';

// Row rules of a source's tables (docs/decisions/044-row-rules.md): what management lists and changes,
// what the executor applies, what the catalogue document carries. Every change bumps the source's
// version in the same transaction — cached results and the executor's remembered rules key on it — and
// writes its activity entry.

type RowRuleRow = typeof dataSourceRowRules.$inferSelect;

/** A rule as the executor applies it (schema null: the table in any schema). */
export interface StoredRowRule {
  id: string;
  schema: string | null;
  table: string;
  column: string;
  attribute: string;
  administratorsSeeAll: boolean;
}

export interface RowRuleValues {
  schema: string | null;
  table: string;
  column: string;
  attribute: string;
  administratorsSeeAll: boolean;
}

const storedOf = (row: RowRuleRow): StoredRowRule => ({
  id: row.id,
  schema: row.schemaName === '' ? null : row.schemaName,
  table: row.tableName,
  column: row.columnName,
  attribute: row.attribute,
  administratorsSeeAll: row.administratorsSeeAll,
});

const ordered = [
  asc(dataSourceRowRules.schemaName),
  asc(dataSourceRowRules.tableName),
  asc(dataSourceRowRules.columnName),
];

/** The rules of one source, as the executor applies them. */
export async function readRowRules(db: Pick<Database, 'select'>, sourceId: string): Promise<StoredRowRule[]> {
  const rows = await db
    .select()
    .from(dataSourceRowRules)
    .where(eq(dataSourceRowRules.dataSourceId, sourceId))
    .orderBy(...ordered);
  return rows.map(storedOf);
}

/** "region = attribute region on public.sales": the activity entry's target. */
export const rowRuleTarget = (source: string, rule: RowRuleValues) =>
  `${source}: ${rule.schema ? `${rule.schema}.` : ''}${rule.table}.${rule.column} = ${rule.attribute}`;

const columnsOf = (organisationId: string, dataSourceId: string, values: RowRuleValues) => ({
  organisationId,
  dataSourceId,
  schemaName: values.schema ?? '',
  tableName: values.table,
  columnName: values.column,
  attribute: values.attribute,
  administratorsSeeAll: values.administratorsSeeAll,
});

export function createRowRulesRepository(db: Database) {
  const ofSource = (organisationId: string, sourceId: string, id: string) =>
    and(
      eq(dataSourceRowRules.id, id),
      eq(dataSourceRowRules.organisationId, organisationId),
      eq(dataSourceRowRules.dataSourceId, sourceId),
    );

  return {
    list: (sourceId: string): Promise<RowRule[]> => readRowRules(db, sourceId),

    /** `'taken'` when the table and column have a rule already. */
    async create(
      actor: Actor,
      source: { id: string; name: string },
      values: RowRuleValues,
    ): Promise<RowRule | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(dataSourceRowRules)
            .values(columnsOf(actor.organisationId, source.id, values))
            .returning();
          await bumpDataSourceVersion(tx, source.id);
          await recordActivity(tx, actor, [
            { action: 'data.row-rule-added', target: rowRuleTarget(source.name, values) },
          ]);
          return storedOf(row!);
        });
      } catch (error) {
        if (isViolation(error, '23505')) return 'taken';
        throw error;
      }
    },

    /** `null` when there is no such rule; `'taken'` when another rule has the table and column. */
    async update(
      actor: Actor,
      source: { id: string; name: string },
      id: string,
      values: RowRuleValues,
    ): Promise<RowRule | 'taken' | null> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(dataSourceRowRules)
            .set(columnsOf(actor.organisationId, source.id, values))
            .where(ofSource(actor.organisationId, source.id, id))
            .returning();
          if (!row) return null;
          await bumpDataSourceVersion(tx, source.id);
          await recordActivity(tx, actor, [
            { action: 'data.row-rule-changed', target: rowRuleTarget(source.name, values) },
          ]);
          return storedOf(row);
        });
      } catch (error) {
        if (isViolation(error, '23505')) return 'taken';
        throw error;
      }
    },

    async remove(actor: Actor, source: { id: string; name: string }, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(dataSourceRowRules)
          .where(ofSource(actor.organisationId, source.id, id))
          .returning();
        if (!row) return false;
        await bumpDataSourceVersion(tx, source.id);
        await recordActivity(tx, actor, [
          { action: 'data.row-rule-removed', target: rowRuleTarget(source.name, storedOf(row)) },
        ]);
        return true;
      });
    },
  };
}

/** The rules of the organisation's sources as the catalogue document carries them, by source id. */
export async function exportRowRules(
  db: Pick<Database, 'select'>,
  organisationId: string,
): Promise<Map<string, CatalogueRowRule[]>> {
  const rows = await db
    .select()
    .from(dataSourceRowRules)
    .where(eq(dataSourceRowRules.organisationId, organisationId))
    .orderBy(...ordered);
  const bySource = new Map<string, CatalogueRowRule[]>();
  for (const row of rows) {
    const rule = storedOf(row);
    bySource.set(row.dataSourceId, [
      ...(bySource.get(row.dataSourceId) ?? []),
      {
        ...(rule.schema ? { schema: rule.schema } : {}),
        table: rule.table,
        column: rule.column,
        attribute: rule.attribute,
        ...(rule.administratorsSeeAll ? { administratorsSeeAll: true } : {}),
      },
    ]);
  }
  return bySource;
}

const sameRules = (a: readonly CatalogueRowRule[], b: readonly CatalogueRowRule[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * A catalogue document's rules of one source replace its stored ones (inside the catalogue's transaction);
 * unchanged rules write nothing. Answers whether they changed (the version was bumped then).
 */
export async function replaceRowRules(
  tx: Writer,
  organisationId: string,
  sourceId: string,
  rules: readonly CatalogueRowRule[],
): Promise<boolean> {
  const stored = (await exportRowRules(tx, organisationId)).get(sourceId) ?? [];
  const wanted = rules.map((rule) => ({
    ...(rule.schema ? { schema: rule.schema } : {}),
    table: rule.table,
    column: rule.column,
    attribute: rule.attribute,
    ...(rule.administratorsSeeAll ? { administratorsSeeAll: true } : {}),
  }));
  const key = (rule: CatalogueRowRule) => JSON.stringify([rule.schema ?? '', rule.table, rule.column]);
  const sorted = [...wanted].sort((a, b) => key(a).localeCompare(key(b)));
  if (
    sameRules(
      stored.toSorted((a, b) => key(a).localeCompare(key(b))),
      sorted,
    )
  )
    return false;
  await tx.delete(dataSourceRowRules).where(inArray(dataSourceRowRules.dataSourceId, [sourceId]));
  if (sorted.length > 0) {
    await tx.insert(dataSourceRowRules).values(
      sorted.map((rule) =>
        columnsOf(organisationId, sourceId, {
          schema: rule.schema ?? null,
          table: rule.table,
          column: rule.column,
          attribute: rule.attribute,
          administratorsSeeAll: rule.administratorsSeeAll ?? false,
        }),
      ),
    );
  }
  await bumpDataSourceVersion(tx, sourceId);
  return true;
}

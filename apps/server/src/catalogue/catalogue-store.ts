import {
  type Audience,
  type CatalogueDocument,
  type CatalogueReport,
  type LocalisedText,
  reportPagePath,
} from '@cockpit/contracts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { fromExcluded } from '../db/upsert';
import type { CatalogueDataSources } from '../data-sources';
import { dashboardGroups, dashboards, menuGroups, menuItems, reportDefinitions } from '../db/core-tables';
import { dashboardTiles } from '../db/dashboard-tiles-schema';
import { reports } from '../db/sales-schema';

// Writes a checked catalogue document (catalogue-document.ts `checkCatalogue`) as THE catalogue of an
// organisation (decision 015). Rows are matched by their natural keys (group and item names, layout ids),
// so ids — and the pins, which refer to names — stay stable; what the document no longer has is deleted.

/** A transaction (or the database) to write with. */
type Writer = Pick<Database, 'select' | 'insert' | 'delete' | 'execute' | 'update'>;

const titleColumns = (text: LocalisedText) => ({
  titleEn: text.en,
  titleDe: text.de ?? null,
  titleDeAt: text.deAt ?? null,
});
const subTitleColumns = (text: LocalisedText | undefined) => ({
  subTitleEn: text?.en ?? null,
  subTitleDe: text?.de ?? null,
  subTitleDeAt: text?.deAt ?? null,
});
const audienceColumns = (audience: Audience | undefined) => ({
  audienceRoles: [...(audience?.roles ?? [])],
  audienceSubscriptions: [...(audience?.subscriptions ?? [])],
});
const reportColumns = (report: CatalogueReport) => ({
  kind: report.kind,
  definitionName: report.kind === 'query' ? report.definition : null,
  params: report.kind === 'query' ? (report.values ?? {}) : {},
  frameUrl: report.kind === 'embedded' ? report.frameUrl : null,
  externalUrl: report.kind === 'external' ? report.url : null,
});
/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const rowsPerInsert = 1_000;
function chunks<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += rowsPerInsert)
    result.push(rows.slice(start, start + rowsPerInsert));
  return result;
}

/**
 * The conflict clause of a write by natural key (`target`: the organisation and a name or layout id): the
 * existing row takes every other column the document's row writes, so a column added to the rows can not
 * be forgotten in the update. `rows` share their keys (they are built by one mapping).
 */
function overwriteOnConflict<Table extends PgTable>(
  table: Table,
  target: PgColumn[],
  rows: readonly Table['$inferInsert'][],
) {
  const targetKeys = Object.entries(getTableColumns(table))
    .filter(([, column]) => target.includes(column))
    .map(([key]) => key);
  const written = Object.keys(rows[0] ?? {}).filter((key) => !targetKeys.includes(key));
  return { target, set: fromExcluded(table, written as (keyof Table['$inferInsert'] & string)[]) };
}

/**
 * Deletes the organisation's rows whose natural key the document no longer has (all of them when it has
 * none). The table is the one `organisationColumn` and `keyColumn` belong to.
 */
async function deleteMissing<Key extends string | number>(
  tx: Writer,
  organisationColumn: PgColumn,
  organisationId: string,
  keyColumn: PgColumn,
  keys: Key[],
): Promise<void> {
  await tx
    .delete(organisationColumn.table)
    .where(
      and(eq(organisationColumn, organisationId), keys.length > 0 ? notInArray(keyColumn, keys) : undefined),
    );
}

/** Gaps of ten leave room for hand edits in SQL; the document's array order is the truth. */
const sortOf = (index: number) => (index + 1) * 10;

/**
 * Serialises catalogue writes of one organisation (concurrent imports and edits): the second waits for
 * the first to commit and then reads and writes on top of it. Released when the transaction ends.
 */
export async function lockCatalogue(tx: Writer, organisationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue:${organisationId}`}))`);
}

export async function writeCatalogue(
  tx: Writer,
  organisationId: string,
  document: CatalogueDocument,
  dataSources: CatalogueDataSources,
): Promise<void> {
  // ---- data sources and report definitions (decision 027)
  const sourceIds = await dataSources.upsert(tx, organisationId, document.dataSources ?? []);
  await writeDefinitions(tx, organisationId, document, sourceIds);

  // ---- menu groups, items and their report definitions
  const groupNames = document.menu.map((group) => group.name);
  const groupIds = new Map<string, string>();
  if (document.menu.length > 0) {
    const groupRows = document.menu.map((group, index) => ({
      organisationId,
      name: group.name,
      ...titleColumns(group.title),
      icon: group.icon ?? null,
      externalUrl: null,
      sort: sortOf(index),
      ...audienceColumns(group.audience),
    }));
    const rows = await tx
      .insert(menuGroups)
      .values(groupRows)
      .onConflictDoUpdate(
        overwriteOnConflict(menuGroups, [menuGroups.organisationId, menuGroups.name], groupRows),
      )
      .returning({ id: menuGroups.id, name: menuGroups.name });
    for (const row of rows) groupIds.set(row.name, row.id);
  }

  const items = document.menu.flatMap((group) =>
    group.items.map((item, index) => ({ item, groupId: groupIds.get(group.name) ?? '', index })),
  );
  const itemNames = items.map(({ item }) => item.name);
  // Items first: an item that moves to another group must not be deleted with its old group.
  await deleteMissing(tx, menuItems.organisationId, organisationId, menuItems.name, itemNames);
  for (const chunk of chunks(items)) {
    const itemRows = chunk.map(({ item, groupId, index }) => ({
      organisationId,
      groupId,
      name: item.name,
      ...titleColumns(item.title),
      ...subTitleColumns(item.subTitle),
      icon: item.icon ?? null,
      // The address is derived when read (contracts app-routes); kept for older readers.
      path: item.report?.kind === 'external' ? null : reportPagePath(item.name),
      externalUrl: item.report?.kind === 'external' ? item.report.url : null,
      leaveTitleUntranslated: item.leaveTitleUntranslated ?? false,
      featured: item.featured ?? false,
      sort: sortOf(index),
      ...audienceColumns(item.audience),
    }));
    await tx
      .insert(menuItems)
      .values(itemRows)
      .onConflictDoUpdate(
        overwriteOnConflict(menuItems, [menuItems.organisationId, menuItems.name], itemRows),
      );
  }
  await deleteMissing(tx, menuGroups.organisationId, organisationId, menuGroups.name, groupNames);

  const definitions = items.flatMap(({ item }) =>
    item.report ? [{ name: item.name, report: item.report }] : [],
  );
  await deleteMissing(
    tx,
    reports.organisationId,
    organisationId,
    reports.name,
    definitions.map((definition) => definition.name),
  );
  for (const chunk of chunks(definitions)) {
    const reportRows = chunk.map(({ name, report }) => ({ organisationId, name, ...reportColumns(report) }));
    await tx
      .insert(reports)
      .values(reportRows)
      .onConflictDoUpdate(overwriteOnConflict(reports, [reports.organisationId, reports.name], reportRows));
  }

  // ---- dashboard groups, dashboards and tiles
  const dashboardGroupNames = document.dashboards.map((group) => group.name);
  const dashboardGroupIds = new Map<string, string>();
  if (document.dashboards.length > 0) {
    const groupRows = document.dashboards.map((group, index) => ({
      organisationId,
      name: group.name,
      ...titleColumns(group.title),
      icon: group.icon ?? null,
      sort: sortOf(index),
      ...audienceColumns(group.audience),
    }));
    const rows = await tx
      .insert(dashboardGroups)
      .values(groupRows)
      .onConflictDoUpdate(
        overwriteOnConflict(
          dashboardGroups,
          [dashboardGroups.organisationId, dashboardGroups.name],
          groupRows,
        ),
      )
      .returning({ id: dashboardGroups.id, name: dashboardGroups.name });
    for (const row of rows) dashboardGroupIds.set(row.name, row.id);
  }
  const boards = document.dashboards.flatMap((group) =>
    group.dashboards.map((dashboard, index) => ({
      dashboard,
      groupId: dashboardGroupIds.get(group.name) ?? '',
      index,
    })),
  );
  const layoutIds = boards.map(({ dashboard }) => dashboard.layoutId);
  await deleteMissing(tx, dashboards.organisationId, organisationId, dashboards.layoutId, layoutIds);
  const dashboardIds = new Map<number, string>();
  for (const chunk of chunks(boards)) {
    const boardRows = chunk.map(({ dashboard, groupId, index }) => ({
      organisationId,
      groupId,
      layoutId: dashboard.layoutId,
      ...titleColumns(dashboard.title),
      ...subTitleColumns(dashboard.subTitle),
      featured: dashboard.featured ?? false,
      sort: sortOf(index),
      ...audienceColumns(dashboard.audience),
      parameters: dashboard.parameters && dashboard.parameters.length > 0 ? dashboard.parameters : null,
    }));
    const rows = await tx
      .insert(dashboards)
      .values(boardRows)
      .onConflictDoUpdate(
        overwriteOnConflict(dashboards, [dashboards.organisationId, dashboards.layoutId], boardRows),
      )
      .returning({ id: dashboards.id, layoutId: dashboards.layoutId });
    for (const row of rows) dashboardIds.set(row.layoutId, row.id);
  }
  await deleteMissing(
    tx,
    dashboardGroups.organisationId,
    organisationId,
    dashboardGroups.name,
    dashboardGroupNames,
  );

  // Tiles are replaced per dashboard; a tile keeps its id when the document names one this organisation's
  // dashboards already use (ids of another organisation are never taken over).
  const ids = [...dashboardIds.values()];
  if (ids.length === 0) return;
  const known = new Set(
    (
      await tx
        .select({ id: dashboardTiles.id })
        .from(dashboardTiles)
        .where(inArray(dashboardTiles.dashboardId, ids))
    ).map((row) => row.id),
  );
  await tx.delete(dashboardTiles).where(inArray(dashboardTiles.dashboardId, ids));
  const tiles = boards.flatMap(({ dashboard }) =>
    dashboard.tiles.map((tile, index) => ({
      ...(tile.id && known.has(tile.id) ? { id: tile.id } : {}),
      dashboardId: dashboardIds.get(dashboard.layoutId) ?? '',
      position: index + 1,
      tileType: tile.type,
      definitionName: tile.definition,
      visual: tile.visual ?? null,
      values: tile.values ?? null,
      ...titleColumns(tile.title),
      width: tile.width,
    })),
  );
  for (const chunk of chunks(tiles)) await tx.insert(dashboardTiles).values(chunk);
}

/**
 * The report definitions of the document by name (decision 027): a definition whose body or source changed
 * gets a new version (the result cache keys on it); what the document no longer has is deleted.
 */
async function writeDefinitions(
  tx: Writer,
  organisationId: string,
  document: CatalogueDocument,
  sourceIds: Map<string, string>,
): Promise<void> {
  const definitions = document.definitions ?? [];
  await deleteMissing(
    tx,
    reportDefinitions.organisationId,
    organisationId,
    reportDefinitions.name,
    definitions.map((definition) => definition.name),
  );
  for (const chunk of chunks(definitions.map((definition, index) => ({ definition, index })))) {
    const rows = chunk.map(({ definition: { name, source, ...body }, index }) => {
      const dataSourceId = sourceIds.get(source);
      if (!dataSourceId) throw new Error(`the data source '${source}' of '${name}' was not written`);
      return { organisationId, name, dataSourceId, body, sort: sortOf(index) };
    });
    await tx
      .insert(reportDefinitions)
      .values(rows)
      .onConflictDoUpdate({
        target: [reportDefinitions.organisationId, reportDefinitions.name],
        set: {
          ...fromExcluded(reportDefinitions, ['dataSourceId', 'body', 'sort']),
          version: sql`case when ${reportDefinitions.body} = excluded.body and ${reportDefinitions.dataSourceId} = excluded.data_source_id then ${reportDefinitions.version} else ${reportDefinitions.version} + 1 end`,
        },
      });
  }
}

import {
  type Audience,
  type CatalogueDocument,
  type CatalogueReport,
  type LocalisedText,
  reportPagePath,
} from '@cockpit/contracts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { fromExcluded } from '../db/upsert';
import { dashboardGroups, dashboardTiles, dashboards, menuGroups, menuItems, reports } from '../db/schema';

// Writes a checked catalogue document (catalogue-document.ts `checkCatalogue`) as THE catalogue of an
// organisation (decision 015). Rows are matched by their natural keys (group and item names, layout ids),
// so ids — and the pins, which refer to names — stay stable; what the document no longer has is deleted.

/** A transaction (or the database) to write with. */
type Writer = Pick<Database, 'select' | 'insert' | 'delete' | 'execute' | 'update'>;

const texts = (text: LocalisedText) => ({ en: text.en, de: text.de ?? null, deAt: text.deAt ?? null });
const audienceColumns = (audience: Audience | undefined) => ({
  audienceRoles: [...(audience?.roles ?? [])],
  audienceSubscriptions: [...(audience?.subscriptions ?? [])],
});
const reportColumns = (report: CatalogueReport) => ({
  kind: report.kind,
  queryKey: report.kind === 'builtin' ? report.query : null,
  params: report.kind === 'builtin' ? (report.params ?? {}) : {},
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
    .delete(organisationColumn.table as PgTable)
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
): Promise<void> {
  // ---- menu groups, items and their report definitions
  const groupNames = document.menu.map((group) => group.name);
  const groupIds = new Map<string, string>();
  if (document.menu.length > 0) {
    const rows = await tx
      .insert(menuGroups)
      .values(
        document.menu.map((group, index) => {
          const title = texts(group.title);
          return {
            organisationId,
            name: group.name,
            titleEn: title.en,
            titleDe: title.de,
            titleDeAt: title.deAt,
            icon: group.icon ?? null,
            externalUrl: null,
            sort: sortOf(index),
            ...audienceColumns(group.audience),
          };
        }),
      )
      .onConflictDoUpdate({
        target: [menuGroups.organisationId, menuGroups.name],
        set: fromExcluded(menuGroups, [
          'titleEn',
          'titleDe',
          'titleDeAt',
          'icon',
          'externalUrl',
          'sort',
          'audienceRoles',
          'audienceSubscriptions',
        ]),
      })
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
    await tx
      .insert(menuItems)
      .values(
        chunk.map(({ item, groupId, index }) => {
          const title = texts(item.title);
          const subTitle = item.subTitle ? texts(item.subTitle) : { en: null, de: null, deAt: null };
          return {
            organisationId,
            groupId,
            name: item.name,
            titleEn: title.en,
            titleDe: title.de,
            titleDeAt: title.deAt,
            subTitleEn: subTitle.en,
            subTitleDe: subTitle.de,
            subTitleDeAt: subTitle.deAt,
            icon: item.icon ?? null,
            // The address is derived when read (contracts app-routes); kept for older readers.
            path: item.report?.kind === 'external' ? null : reportPagePath(item.name),
            externalUrl: item.report?.kind === 'external' ? item.report.url : null,
            leaveTitleUntranslated: item.leaveTitleUntranslated ?? false,
            featured: item.featured ?? false,
            sort: sortOf(index),
            ...audienceColumns(item.audience),
          };
        }),
      )
      .onConflictDoUpdate({
        target: [menuItems.organisationId, menuItems.name],
        set: fromExcluded(menuItems, [
          'groupId',
          'titleEn',
          'titleDe',
          'titleDeAt',
          'subTitleEn',
          'subTitleDe',
          'subTitleDeAt',
          'icon',
          'path',
          'externalUrl',
          'leaveTitleUntranslated',
          'featured',
          'sort',
          'audienceRoles',
          'audienceSubscriptions',
        ]),
      });
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
    await tx
      .insert(reports)
      .values(chunk.map(({ name, report }) => ({ organisationId, name, ...reportColumns(report) })))
      .onConflictDoUpdate({
        target: [reports.organisationId, reports.name],
        set: fromExcluded(reports, ['kind', 'queryKey', 'params', 'frameUrl', 'externalUrl']),
      });
  }

  // ---- dashboard groups, dashboards and tiles
  const dashboardGroupNames = document.dashboards.map((group) => group.name);
  const dashboardGroupIds = new Map<string, string>();
  if (document.dashboards.length > 0) {
    const rows = await tx
      .insert(dashboardGroups)
      .values(
        document.dashboards.map((group, index) => {
          const title = texts(group.title);
          return {
            organisationId,
            name: group.name,
            titleEn: title.en,
            titleDe: title.de,
            titleDeAt: title.deAt,
            icon: group.icon ?? null,
            sort: sortOf(index),
            ...audienceColumns(group.audience),
          };
        }),
      )
      .onConflictDoUpdate({
        target: [dashboardGroups.organisationId, dashboardGroups.name],
        set: fromExcluded(dashboardGroups, [
          'titleEn',
          'titleDe',
          'titleDeAt',
          'icon',
          'sort',
          'audienceRoles',
          'audienceSubscriptions',
        ]),
      })
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
    const rows = await tx
      .insert(dashboards)
      .values(
        chunk.map(({ dashboard, groupId, index }) => {
          const title = texts(dashboard.title);
          const subTitle = dashboard.subTitle
            ? texts(dashboard.subTitle)
            : { en: null, de: null, deAt: null };
          return {
            organisationId,
            groupId,
            layoutId: dashboard.layoutId,
            titleEn: title.en,
            titleDe: title.de,
            titleDeAt: title.deAt,
            subTitleEn: subTitle.en,
            subTitleDe: subTitle.de,
            subTitleDeAt: subTitle.deAt,
            featured: dashboard.featured ?? false,
            sort: sortOf(index),
            ...audienceColumns(dashboard.audience),
          };
        }),
      )
      .onConflictDoUpdate({
        target: [dashboards.organisationId, dashboards.layoutId],
        set: fromExcluded(dashboards, [
          'groupId',
          'titleEn',
          'titleDe',
          'titleDeAt',
          'subTitleEn',
          'subTitleDe',
          'subTitleDeAt',
          'featured',
          'sort',
          'audienceRoles',
          'audienceSubscriptions',
        ]),
      })
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
    dashboard.tiles.map((tile, index) => {
      const title = texts(tile.title);
      return {
        ...(tile.id && known.has(tile.id) ? { id: tile.id } : {}),
        dashboardId: dashboardIds.get(dashboard.layoutId) ?? '',
        position: index + 1,
        tileType: tile.type,
        queryKey: tile.query,
        params: tile.params ?? {},
        titleEn: title.en,
        titleDe: title.de,
        titleDeAt: title.deAt,
        width: tile.width,
      };
    }),
  );
  for (const chunk of chunks(tiles)) await tx.insert(dashboardTiles).values(chunk);
}

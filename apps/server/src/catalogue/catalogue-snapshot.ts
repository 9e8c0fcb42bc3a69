import { catalogueTextIn, type RoleKey, type Subscription, type UiLanguageName } from '@cockpit/contracts';
import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  dashboardGroups,
  dashboards,
  dataSources,
  menuGroups,
  menuItems,
  reportDefinitions,
} from '../db/core-tables';
import { dashboardTiles } from '../db/dashboard-tiles-schema';
import { dataSourceRowRules } from '../data-sources';
import { reports } from '../db/sales-schema';
import { createGuardedCache } from '../lib/guarded-cache';

// The catalogue of one organisation as read from the database, in menu order (decision 015). Every read
// a user makes — menu, favourites, featured, search, dashboards menu, a report, a dashboard, a tile —
// goes through `visible…` functions over this snapshot, so an audience is enforced in one place.

export type MenuGroupRow = typeof menuGroups.$inferSelect;
export type ItemRow = typeof menuItems.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type DashboardGroupRow = typeof dashboardGroups.$inferSelect;
export type DashboardRow = typeof dashboards.$inferSelect;
export type TileRow = typeof dashboardTiles.$inferSelect;
/** A data source without its sealed password (decision 027): what the catalogue and the reports need. */
export type DataSourceRow = Omit<typeof dataSources.$inferSelect, 'passwordSealed'>;
export type DefinitionRow = typeof reportDefinitions.$inferSelect;
/** A data source's row rule (decision 044): the document carries them with their source. */
export type RowRuleRow = typeof dataSourceRowRules.$inferSelect;

export interface CatalogueSnapshot {
  menuGroups: MenuGroupRow[];
  /** In group order, then item order. */
  items: ItemRow[];
  /** Report definitions by item name. */
  reports: Map<string, ReportRow>;
  dashboardGroups: DashboardGroupRow[];
  /** In group order, then dashboard order. */
  dashboards: DashboardRow[];
  /** Tiles by dashboard id, in grid order. */
  tiles: Map<string, TileRow[]>;
  /** Data sources in name order (decision 027). */
  dataSources: DataSourceRow[];
  /** Row rules by data source id, in schema, table and column order (decision 044). */
  rowRules: Map<string, RowRuleRow[]>;
  /** Report definitions by name, in catalogue order. */
  definitions: Map<string, DefinitionRow>;
}

/** Who looks: a signed-in user, or the audience an administrator previews. */
export interface Viewer {
  roleKey: RoleKey;
  subscription: Subscription;
}

interface AudienceColumns {
  audienceRoles: string[];
  audienceSubscriptions: string[];
}

/** Empty lists mean everyone; a viewer must match every list that is set (decision 015). */
export function inAudience(row: AudienceColumns, viewer: Viewer): boolean {
  return (
    (row.audienceRoles.length === 0 || row.audienceRoles.includes(viewer.roleKey)) &&
    (row.audienceSubscriptions.length === 0 || row.audienceSubscriptions.includes(viewer.subscription))
  );
}

/** A stored text's columns in a UI language; the fallbacks are the contracts' rule (`catalogueTextIn`). */
export function textIn(
  language: UiLanguageName,
  en: string | null,
  de: string | null,
  deAt: string | null,
): string | null {
  return catalogueTextIn({ en, de, deAt }, language);
}

export async function loadCatalogueSnapshot(
  db: Database,
  organisationId: string,
): Promise<CatalogueSnapshot> {
  // One query after the other: an update reads the snapshot inside its transaction, whose one
  // connection runs one query at a time (node-postgres deprecates queueing them; its next major refuses).
  const groupRows = await db
    .select()
    .from(menuGroups)
    .where(eq(menuGroups.organisationId, organisationId))
    .orderBy(asc(menuGroups.sort), asc(menuGroups.name));
  const itemRows = await db
    .select()
    .from(menuItems)
    .where(eq(menuItems.organisationId, organisationId))
    .orderBy(asc(menuItems.sort), asc(menuItems.name));
  const reportRows = await db.select().from(reports).where(eq(reports.organisationId, organisationId));
  const dashboardGroupRows = await db
    .select()
    .from(dashboardGroups)
    .where(eq(dashboardGroups.organisationId, organisationId))
    .orderBy(asc(dashboardGroups.sort), asc(dashboardGroups.name));
  const dashboardRows = await db
    .select()
    .from(dashboards)
    .where(eq(dashboards.organisationId, organisationId))
    .orderBy(asc(dashboards.sort), asc(dashboards.layoutId));
  const tileRows =
    dashboardRows.length === 0
      ? []
      : await db
          .select()
          .from(dashboardTiles)
          .where(
            inArray(
              dashboardTiles.dashboardId,
              dashboardRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(dashboardTiles.position));

  const { passwordSealed: _sealed, ...sourceColumns } = getTableColumns(dataSources);
  const sourceRows = await db
    .select(sourceColumns)
    .from(dataSources)
    .where(eq(dataSources.organisationId, organisationId))
    .orderBy(asc(dataSources.name));
  const ruleRows = await db
    .select()
    .from(dataSourceRowRules)
    .where(eq(dataSourceRowRules.organisationId, organisationId))
    .orderBy(
      asc(dataSourceRowRules.schemaName),
      asc(dataSourceRowRules.tableName),
      asc(dataSourceRowRules.columnName),
    );
  const rowRules = new Map<string, RowRuleRow[]>();
  for (const rule of ruleRows)
    rowRules.set(rule.dataSourceId, [...(rowRules.get(rule.dataSourceId) ?? []), rule]);
  const definitionRows = await db
    .select()
    .from(reportDefinitions)
    .where(eq(reportDefinitions.organisationId, organisationId))
    .orderBy(asc(reportDefinitions.sort), asc(reportDefinitions.name));

  const groupOrder = new Map(groupRows.map((group, index) => [group.id, index]));
  const dashboardGroupOrder = new Map(dashboardGroupRows.map((group, index) => [group.id, index]));
  const tiles = new Map<string, TileRow[]>();
  for (const tile of tileRows) {
    const list = tiles.get(tile.dashboardId) ?? [];
    list.push(tile);
    tiles.set(tile.dashboardId, list);
  }
  return {
    menuGroups: groupRows,
    // Stable sorts: the order within a group (sort, name) is kept.
    items: itemRows.toSorted((a, b) => (groupOrder.get(a.groupId) ?? 0) - (groupOrder.get(b.groupId) ?? 0)),
    reports: new Map(reportRows.map((row) => [row.name, row])),
    dashboardGroups: dashboardGroupRows,
    dashboards: dashboardRows.toSorted(
      (a, b) => (dashboardGroupOrder.get(a.groupId) ?? 0) - (dashboardGroupOrder.get(b.groupId) ?? 0),
    ),
    tiles,
    dataSources: sourceRows,
    rowRules,
    definitions: new Map(definitionRows.map((row) => [row.name, row])),
  };
}

/** Snapshots are remembered this long at most; a catalogue change drops them at once on every process. */
const snapshotTtlMs = 30_000;

/**
 * Remembered snapshots per organisation: the menu, favourites and dashboards reads of many users share
 * one load. `forget` runs on every catalogue change (cluster event `catalogue-changed`).
 */
export function createCatalogueSnapshots(db: Database) {
  const cache = createGuardedCache<CatalogueSnapshot>({
    name: 'catalogue',
    max: 1_000,
    ttlMs: snapshotTtlMs,
  });
  return {
    async get(organisationId: string): Promise<CatalogueSnapshot> {
      const cached = cache.get(organisationId);
      if (cached) return cached;
      const readStartedAt = cache.generation();
      const snapshot = await loadCatalogueSnapshot(db, organisationId);
      cache.remember(organisationId, snapshot, readStartedAt);
      return snapshot;
    },
    forget(organisationId: string): void {
      cache.forget([organisationId]);
    },
    forgetAll(): void {
      cache.forgetWhere(() => true);
    },
  };
}
export type CatalogueSnapshots = ReturnType<typeof createCatalogueSnapshots>;

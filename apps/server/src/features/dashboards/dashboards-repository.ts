import type { MenuGroup } from '@cockpit/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dashboardGroups, dashboardTiles, dashboards, pins } from '../../db/schema';
import { dashboardMenuItem } from '../navigation/menu-entries';

export interface StoredTile {
  id: string;
  position: number;
  tileType: string;
  queryKey: string;
  params: unknown;
  titleEn: string;
  titleDe: string;
  width: number;
}

export interface StoredDashboard {
  id: string;
  layoutId: number;
  titleEn: string;
  titleDe: string;
  subTitleEn: string | null;
  subTitleDe: string | null;
  groupTitleEn: string;
  groupTitleDe: string;
}

export function createDashboardsRepository(db: Database) {
  return {
    async countForOrganisation(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(dashboards)
        .where(eq(dashboards.organisationId, organisationId));
      return row?.value ?? 0;
    },

    /**
     * spec §2 Side panel: dashboards — groups of dashboard items; `name` holds the numeric layout id
     * (spec §3), `isPinned` per user (pins of kind `dashboard`).
     */
    async menu({
      organisationId,
      userId,
      german,
    }: {
      organisationId: string;
      userId: string;
      german: boolean;
    }): Promise<MenuGroup[]> {
      const [groups, items, pinned] = await Promise.all([
        db
          .select()
          .from(dashboardGroups)
          .where(eq(dashboardGroups.organisationId, organisationId))
          .orderBy(asc(dashboardGroups.sort), asc(dashboardGroups.name)),
        db
          .select()
          .from(dashboards)
          .where(eq(dashboards.organisationId, organisationId))
          .orderBy(asc(dashboards.sort), asc(dashboards.layoutId)),
        db
          .select({ name: pins.name })
          .from(pins)
          .where(and(eq(pins.userId, userId), eq(pins.kind, 'dashboard'))),
      ]);
      const pinnedNames = new Set(pinned.map((pin) => pin.name));
      return groups.map((group) => ({
        name: group.name,
        title: german ? group.titleDe : group.titleEn,
        icon: null,
        externalUrl: null,
        isActive: false,
        isExpanded: false,
        items: items
          .filter((item) => item.groupId === group.id)
          .map((item) => dashboardMenuItem(item, german, pinnedNames.has(String(item.layoutId)))),
      }));
    },

    /** The organisation's dashboard with that layout id; another organisation's is never found. */
    async findDashboard(organisationId: string, layoutId: number): Promise<StoredDashboard | null> {
      const [row] = await db
        .select({
          id: dashboards.id,
          layoutId: dashboards.layoutId,
          titleEn: dashboards.titleEn,
          titleDe: dashboards.titleDe,
          subTitleEn: dashboards.subTitleEn,
          subTitleDe: dashboards.subTitleDe,
          groupTitleEn: dashboardGroups.titleEn,
          groupTitleDe: dashboardGroups.titleDe,
        })
        .from(dashboards)
        .innerJoin(dashboardGroups, eq(dashboardGroups.id, dashboards.groupId))
        .where(and(eq(dashboards.organisationId, organisationId), eq(dashboards.layoutId, layoutId)));
      return row ?? null;
    },

    async tiles(dashboardId: string): Promise<StoredTile[]> {
      return db
        .select({
          id: dashboardTiles.id,
          position: dashboardTiles.position,
          tileType: dashboardTiles.tileType,
          queryKey: dashboardTiles.queryKey,
          params: dashboardTiles.params,
          titleEn: dashboardTiles.titleEn,
          titleDe: dashboardTiles.titleDe,
          width: dashboardTiles.width,
        })
        .from(dashboardTiles)
        .where(eq(dashboardTiles.dashboardId, dashboardId))
        .orderBy(asc(dashboardTiles.position));
    },

    async isPinned(userId: string, layoutId: number): Promise<boolean> {
      const [row] = await db
        .select({ name: pins.name })
        .from(pins)
        .where(and(eq(pins.userId, userId), eq(pins.kind, 'dashboard'), eq(pins.name, String(layoutId))));
      return row !== undefined;
    },
  };
}

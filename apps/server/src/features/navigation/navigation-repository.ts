import type { MenuGroup, MenuItem, PinKind } from '@cockpit/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dashboardGroups, dashboards, menuGroups, menuItems, pins } from '../../db/schema';
import { dashboardMenuItem, reportMenuItem } from './menu-entries';

export function createNavigationRepository(db: Database) {
  return {
    /**
     * The organisation's menu, groups and items sorted, titles in German or English (spec §3 Menu
     * group/item). `isActive` is false: the client marks the active route. `isPinned` per user.
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
          .from(menuGroups)
          .where(eq(menuGroups.organisationId, organisationId))
          .orderBy(asc(menuGroups.sort), asc(menuGroups.name)),
        db
          .select()
          .from(menuItems)
          .where(eq(menuItems.organisationId, organisationId))
          .orderBy(asc(menuItems.sort), asc(menuItems.name)),
        db
          .select({ name: pins.name })
          .from(pins)
          .where(and(eq(pins.userId, userId), eq(pins.kind, 'report'))),
      ]);
      const pinnedNames = new Set(pinned.map((pin) => pin.name));

      return groups.map((group) => ({
        name: group.name,
        title: german ? group.titleDe : group.titleEn,
        icon: group.icon,
        externalUrl: group.externalUrl,
        isActive: false,
        isExpanded: false,
        items: items
          .filter((item) => item.groupId === group.id)
          .map((item) => reportMenuItem(item, german, pinnedNames.has(item.name))),
      }));
    },

    /**
     * spec §2 Favorites: the user's pinned reports (in menu order) and pinned dashboards (in dashboard
     * menu order) with titles in German or English. A pin whose report or dashboard is gone, or belongs
     * to another organisation, is simply not listed.
     */
    async favorites({
      organisationId,
      userId,
      german,
    }: {
      organisationId: string;
      userId: string;
      german: boolean;
    }): Promise<{ reports: MenuItem[]; dashboards: MenuItem[] }> {
      const [reportRows, dashboardRows] = await Promise.all([
        db
          .select({ item: menuItems })
          .from(pins)
          .innerJoin(
            menuItems,
            and(eq(menuItems.organisationId, organisationId), eq(menuItems.name, pins.name)),
          )
          .innerJoin(menuGroups, eq(menuGroups.id, menuItems.groupId))
          .where(and(eq(pins.userId, userId), eq(pins.kind, 'report')))
          .orderBy(asc(menuGroups.sort), asc(menuGroups.name), asc(menuItems.sort), asc(menuItems.name)),
        db
          .select({ dashboard: dashboards })
          .from(pins)
          .innerJoin(
            dashboards,
            and(
              eq(dashboards.organisationId, organisationId),
              eq(sql`${dashboards.layoutId}::text`, pins.name),
            ),
          )
          .innerJoin(dashboardGroups, eq(dashboardGroups.id, dashboards.groupId))
          .where(and(eq(pins.userId, userId), eq(pins.kind, 'dashboard')))
          .orderBy(
            asc(dashboardGroups.sort),
            asc(dashboardGroups.name),
            asc(dashboards.sort),
            asc(dashboards.layoutId),
          ),
      ]);
      return {
        reports: reportRows.map(({ item }) => reportMenuItem(item, german, true)),
        dashboards: dashboardRows.map(({ dashboard }) => dashboardMenuItem(dashboard, german, true)),
      };
    },

    /** Whether `name` is something of this organisation that can be pinned (a report or a dashboard). */
    async pinTargetExists(organisationId: string, kind: PinKind, name: string): Promise<boolean> {
      if (kind === 'report') {
        const [row] = await db
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(and(eq(menuItems.organisationId, organisationId), eq(menuItems.name, name)));
        return row !== undefined;
      }
      // spec §3: a dashboard is pinned by its numeric layout id.
      if (!/^\d{1,9}$/.test(name)) return false;
      const [row] = await db
        .select({ id: dashboards.id })
        .from(dashboards)
        .where(and(eq(dashboards.organisationId, organisationId), eq(dashboards.layoutId, Number(name))));
      return row !== undefined;
    },

    /** Idempotent: pinning twice or unpinning something not pinned changes nothing. */
    async setPinned(userId: string, kind: PinKind, name: string, isPinned: boolean): Promise<void> {
      if (isPinned) {
        await db.insert(pins).values({ userId, kind, name }).onConflictDoNothing();
      } else {
        await db.delete(pins).where(and(eq(pins.userId, userId), eq(pins.kind, kind), eq(pins.name, name)));
      }
    },
  };
}

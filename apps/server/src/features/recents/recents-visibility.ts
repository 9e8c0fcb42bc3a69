import type { MenuItem, RecentKind, RoleKey, Subscription, UiLanguageName } from '@cockpit/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dashboards, menuItems } from '../../db/schema';
import { dashboardMenuItem, reportMenuItem } from '../../catalogue/catalogue-views';

/** Who asks: the signed-in user (`request.user` has these). */
export interface RecentsViewer {
  organisationId: string;
  roleKey: RoleKey;
  subscription: Subscription;
}

/** A recent item's target: a report by its menu item name, a dashboard by its layout id (as text). */
export interface RecentTarget {
  kind: RecentKind;
  name: string;
}

export const recentTargetKey = ({ kind, name }: RecentTarget) => `${kind}:${name}`;

const layoutIdPattern = /^\d{1,9}$/;

/**
 * THE ONE PLACE that decides which recent items a user may (still) see — and so which openings may be
 * recorded (POST answers 404 for anything else) — and how they are shown (menu items with titles in
 * `language`). Returns the visible ones by `recentTargetKey`; anything missing is left out of the list.
 *
 * For now: the report item or dashboard exists in the user's organisation, and dashboards need the pro
 * subscription (DESIGN.md §3 "Dashboards available"). The catalogue's audience check (roles,
 * subscriptions on groups, items and dashboards; DESIGN.md §2 "enforced on every read") replaces the
 * body of this function; nothing else in this feature decides visibility.
 */
export async function visibleRecentTargets(
  db: Database,
  viewer: RecentsViewer,
  language: UiLanguageName,
  targets: readonly RecentTarget[],
): Promise<Map<string, MenuItem>> {
  const reportNames = [...new Set(targets.filter((target) => target.kind === 'report').map(({ name }) => name))];
  const layoutIds = [
    ...new Set(
      targets
        .filter((target) => target.kind === 'dashboard' && layoutIdPattern.test(target.name))
        .map(({ name }) => Number(name)),
    ),
  ];
  const dashboardsAllowed = viewer.subscription === 'pro';
  const [itemRows, dashboardRows] = await Promise.all([
    reportNames.length === 0
      ? []
      : db
          .select()
          .from(menuItems)
          .where(and(eq(menuItems.organisationId, viewer.organisationId), inArray(menuItems.name, reportNames))),
    layoutIds.length === 0 || !dashboardsAllowed
      ? []
      : db
          .select()
          .from(dashboards)
          .where(and(eq(dashboards.organisationId, viewer.organisationId), inArray(dashboards.layoutId, layoutIds))),
  ]);
  const visible = new Map<string, MenuItem>();
  for (const row of itemRows) {
    visible.set(recentTargetKey({ kind: 'report', name: row.name }), reportMenuItem(row, language, false));
  }
  for (const row of dashboardRows) {
    visible.set(
      recentTargetKey({ kind: 'dashboard', name: String(row.layoutId) }),
      dashboardMenuItem(row, language, false),
    );
  }
  return visible;
}

import type { MenuItem, RecentKind, RoleKey, Subscription, UiLanguageName } from '@cockpit/contracts';
import {
  type CatalogueService,
  dashboardMenuItem,
  reportMenuItem,
  visibleDashboards,
  visibleItems,
} from '../../catalogue';

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

/**
 * THE ONE PLACE that decides which recent items a user may (still) see — and so which openings may be
 * recorded (POST answers 404 for anything else) — and how they are shown (menu items with titles in
 * `language`). Returns the visible ones by `recentTargetKey`; anything missing is left out of the list.
 * Visibility is the catalogue's (audiences of groups, items and dashboards; dashboards need pro):
 * decision 015.
 */
export async function visibleRecentTargets(
  catalogue: CatalogueService,
  viewer: RecentsViewer,
  language: UiLanguageName,
  targets: readonly RecentTarget[],
): Promise<Map<string, MenuItem>> {
  const snapshot = await catalogue.snapshot(viewer.organisationId);
  const wanted = new Set(targets.map(recentTargetKey));
  const visible = new Map<string, MenuItem>();
  for (const item of visibleItems(snapshot, viewer)) {
    const key = recentTargetKey({ kind: 'report', name: item.name });
    if (wanted.has(key)) visible.set(key, reportMenuItem(item, language, false));
  }
  for (const dashboard of visibleDashboards(snapshot, viewer)) {
    const key = recentTargetKey({ kind: 'dashboard', name: String(dashboard.layoutId) });
    if (wanted.has(key)) visible.set(key, dashboardMenuItem(dashboard, language, false));
  }
  return visible;
}

import {
  type MenuGroup,
  type MenuItem,
  type PinKind,
  type UiLanguageName,
  dashboardPagePath,
  reportPagePath,
} from '@cockpit/contracts';
import {
  type CatalogueSnapshot,
  type DashboardGroupRow,
  type DashboardRow,
  type ItemRow,
  type MenuGroupRow,
  type ReportRow,
  type Viewer,
  inAudience,
  textIn,
} from './catalogue-snapshot';

// What a viewer sees of a catalogue snapshot (decision 015). Audiences are applied here and nowhere
// else: an item is visible when its group and the item admit the viewer; a dashboard when the viewer has
// the pro subscription (docs/product.md §D.3 "Dashboards available") and its group and it admit the viewer.

/** The viewer's pins: item names and dashboard layout ids (as text, docs/product.md §4). */
export interface Pins {
  report: ReadonlySet<string>;
  dashboard: ReadonlySet<string>;
}

const titleOf = (
  language: UiLanguageName,
  row: { titleEn: string; titleDe: string | null; titleDeAt: string | null },
) => textIn(language, row.titleEn, row.titleDe, row.titleDeAt) ?? row.titleEn;

/** A report item as a menu item (docs/product.md §3 Menu item); the client marks the active route. */
export function reportMenuItem(item: ItemRow, language: UiLanguageName, isPinned: boolean): MenuItem {
  return {
    name: item.name,
    // leave_title_untranslated: a name such as "EBITDA Bridge" reads the same in every language.
    title: item.leaveTitleUntranslated ? item.titleEn : titleOf(language, item),
    subTitle: textIn(language, item.subTitleEn, item.subTitleDe, item.subTitleDeAt),
    icon: item.icon,
    path: item.externalUrl ? null : reportPagePath(item.name),
    externalUrl: item.externalUrl,
    isActive: false,
    isPinned,
    isExpanded: false,
    leaveTitleUntranslated: item.leaveTitleUntranslated,
  };
}

/** A dashboard as a menu item: docs/product.md §3, for dashboards `name` holds the numeric layout id. */
export function dashboardMenuItem(
  dashboard: DashboardRow,
  language: UiLanguageName,
  isPinned: boolean,
): MenuItem {
  return {
    name: String(dashboard.layoutId),
    title: titleOf(language, dashboard),
    subTitle: textIn(language, dashboard.subTitleEn, dashboard.subTitleDe, dashboard.subTitleDeAt),
    icon: 'layout-dashboard',
    path: dashboardPagePath(dashboard.layoutId),
    externalUrl: null,
    isActive: false,
    isPinned,
    isExpanded: false,
    leaveTitleUntranslated: false,
  };
}

function menuGroupOf(
  group: MenuGroupRow | DashboardGroupRow,
  language: UiLanguageName,
  items: MenuItem[],
): MenuGroup {
  return {
    name: group.name,
    title: titleOf(language, group),
    icon: group.icon,
    externalUrl: 'externalUrl' in group ? group.externalUrl : null,
    isActive: false,
    isExpanded: false,
    items,
  };
}

/** Entries that admit the viewer and whose group admits the viewer too. */
function admitted<Entry extends { groupId: string } & Parameters<typeof inAudience>[0]>(
  groups: readonly (MenuGroupRow | DashboardGroupRow)[],
  entries: readonly Entry[],
  viewer: Viewer,
): Entry[] {
  const open = new Set(groups.filter((group) => inAudience(group, viewer)).map((group) => group.id));
  return entries.filter((entry) => open.has(entry.groupId) && inAudience(entry, viewer));
}

/** The report items the viewer may see, in menu order. */
export function visibleItems(snapshot: CatalogueSnapshot, viewer: Viewer): ItemRow[] {
  return admitted(snapshot.menuGroups, snapshot.items, viewer);
}

/**
 * Whether the viewer's subscription includes dashboards (decision 015: dashboards need the pro one). The
 * one rule for the catalogue, the dashboards routes and a dashboard subscription's deliveries (decision 029).
 */
export function mayOpenDashboards(viewer: Pick<Viewer, 'subscription'>): boolean {
  return viewer.subscription === 'pro';
}

/** The dashboards the viewer may see, in dashboard menu order (none without the pro subscription). */
export function visibleDashboards(snapshot: CatalogueSnapshot, viewer: Viewer): DashboardRow[] {
  return mayOpenDashboards(viewer) ? admitted(snapshot.dashboardGroups, snapshot.dashboards, viewer) : [];
}

const isPinnedReport = (item: ItemRow, pins: Pins) => pins.report.has(item.name);
const isPinnedDashboard = (dashboard: DashboardRow, pins: Pins) =>
  pins.dashboard.has(String(dashboard.layoutId));

/** Groups with the menu items of their entries; a group left with nothing to open is not shown. */
function groupsWith<Entry extends { groupId: string }>(
  groups: readonly (MenuGroupRow | DashboardGroupRow)[],
  entries: readonly Entry[],
  language: UiLanguageName,
  toMenuItem: (entry: Entry) => MenuItem,
): MenuGroup[] {
  return groups.flatMap((group) => {
    const items = entries.filter((entry) => entry.groupId === group.id).map(toMenuItem);
    return items.length > 0 ? [menuGroupOf(group, language, items)] : [];
  });
}

/** What one viewer sees of a snapshot, in their language, with their pins marked. */
export type CatalogueView<Result> = (
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  language: UiLanguageName,
  pins: Pins,
) => Result;

/** docs/product.md §3 menu: groups with the items the viewer may see; a group left with nothing to open is not shown. */
export const menuFor: CatalogueView<MenuGroup[]> = (snapshot, viewer, language, pins) =>
  groupsWith(snapshot.menuGroups, visibleItems(snapshot, viewer), language, (item) => {
    const menuItem = reportMenuItem(item, language, isPinnedReport(item, pins));
    // Marked so the menu can show it differently from a live report (its page says "not available").
    const available = item.externalUrl !== null || snapshot.reports.has(item.name);
    return available ? menuItem : { ...menuItem, available: false };
  });

/** docs/product.md §2 Side panel: dashboards — the groups of dashboards the viewer may see. */
export const dashboardsMenuFor: CatalogueView<MenuGroup[]> = (snapshot, viewer, language, pins) =>
  groupsWith(snapshot.dashboardGroups, visibleDashboards(snapshot, viewer), language, (dashboard) =>
    dashboardMenuItem(dashboard, language, isPinnedDashboard(dashboard, pins)),
  );

/** Favourites and featured: report items and dashboards as menu items. */
export interface ReportsAndDashboards {
  reports: MenuItem[];
  dashboards: MenuItem[];
}

/** Which of the report items and dashboards the viewer may see a list keeps. */
interface Keep {
  report(item: ItemRow, pins: Pins): boolean;
  dashboard(dashboard: DashboardRow, pins: Pins): boolean;
}

/** The report items and dashboards the viewer may see that `keep` keeps, as menu items, in menu order. */
function menuItemsWhere(keep: Keep): CatalogueView<ReportsAndDashboards> {
  return (snapshot, viewer, language, pins) => ({
    reports: visibleItems(snapshot, viewer)
      .filter((item) => keep.report(item, pins))
      .map((item) => reportMenuItem(item, language, isPinnedReport(item, pins))),
    dashboards: visibleDashboards(snapshot, viewer)
      .filter((dashboard) => keep.dashboard(dashboard, pins))
      .map((dashboard) => dashboardMenuItem(dashboard, language, isPinnedDashboard(dashboard, pins))),
  });
}

/**
 * docs/product.md §2 Favorites: the pinned reports and dashboards the viewer may still see, in menu order. A pin of
 * a deleted or hidden item stays stored and shows again when the item does (or the audience widens).
 */
export const favoritesFor = menuItemsWhere({ report: isPinnedReport, dashboard: isPinnedDashboard });

/** What the administrators marked featured and the viewer may see (the home page shows it). */
export const featuredFor = menuItemsWhere({
  report: (item) => item.featured,
  dashboard: (dashboard) => dashboard.featured,
});

/** A report item the viewer may open, with its definition (none: "not available yet"); else null. */
export function visibleReport(
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  name: string,
): { item: ItemRow; report: ReportRow | null } | null {
  const item = visibleItems(snapshot, viewer).find((candidate) => candidate.name === name);
  return item ? { item, report: snapshot.reports.get(name) ?? null } : null;
}

/** A dashboard the viewer may open, with its group; else null. */
export function visibleDashboard(
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  layoutId: number,
): { dashboard: DashboardRow; group: DashboardGroupRow } | null {
  const dashboard = visibleDashboards(snapshot, viewer).find((candidate) => candidate.layoutId === layoutId);
  const group = dashboard && snapshot.dashboardGroups.find((candidate) => candidate.id === dashboard.groupId);
  return dashboard && group ? { dashboard, group } : null;
}

/** Whether the viewer may pin `name` (docs/product.md §4: reports by item name, dashboards by layout id). */
export function canPin(snapshot: CatalogueSnapshot, viewer: Viewer, kind: PinKind, name: string): boolean {
  if (kind === 'report') return visibleReport(snapshot, viewer, name) !== null;
  return /^\d{1,9}$/.test(name) && visibleDashboard(snapshot, viewer, Number(name)) !== null;
}

export { titleOf as catalogueTitleIn };

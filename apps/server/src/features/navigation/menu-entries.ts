import type { MenuItem } from '@cockpit/contracts';
import type { dashboards, menuItems } from '../../db/schema';

type StoredMenuItem = typeof menuItems.$inferSelect;
type StoredDashboardRow = typeof dashboards.$inferSelect;

/** The German text when asked for German and one exists, else the English one (and the reverse). */
const localised = (german: boolean, en: string | null, de: string | null) =>
  german ? (de ?? en) : (en ?? de);

/**
 * A report as a menu item (spec §3 Menu item), in German or English. The main menu and the favourites
 * show the same item; `isActive` is false because the client marks the active route.
 */
export function reportMenuItem(item: StoredMenuItem, german: boolean, isPinned: boolean): MenuItem {
  return {
    name: item.name,
    // leave_title_untranslated: a name such as "EBITDA Bridge" reads the same in every language.
    title: german && !item.leaveTitleUntranslated ? item.titleDe : item.titleEn,
    subTitle: localised(german, item.subTitleEn, item.subTitleDe),
    icon: item.icon,
    path: item.path,
    externalUrl: item.externalUrl,
    isActive: false,
    isPinned,
    isExpanded: false,
    leaveTitleUntranslated: item.leaveTitleUntranslated,
  };
}

/** A dashboard as a menu item: spec §3, for dashboards `name` holds the numeric layout id. */
export function dashboardMenuItem(
  dashboard: StoredDashboardRow,
  german: boolean,
  isPinned: boolean,
): MenuItem {
  return {
    name: String(dashboard.layoutId),
    title: german ? dashboard.titleDe : dashboard.titleEn,
    subTitle: localised(german, dashboard.subTitleEn, dashboard.subTitleDe),
    icon: 'layout-dashboard',
    path: `/dashboards/${dashboard.layoutId}`,
    externalUrl: null,
    isActive: false,
    isPinned,
    isExpanded: false,
    leaveTitleUntranslated: false,
  };
}

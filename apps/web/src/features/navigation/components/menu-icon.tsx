import { createElement } from 'react';
import {
  IconCalendar,
  IconChartArea,
  IconChartBar,
  IconChartLine,
  IconChartPie,
  IconCoin,
  IconExternalLink,
  IconFileText,
  IconBuildingStore,
  IconLayoutDashboard,
  IconMap,
  IconPackage,
  IconReceipt,
  IconReport,
  IconReportAnalytics,
  IconTable,
  IconTarget,
  IconTrendingUp,
  IconTruck,
  IconUsers,
  IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';
import type { MenuIconName } from '@cockpit/contracts';

/** Every icon name the menu may use (contracts `menuIconNames`); the record type keeps it complete. */
const menuIcons: Record<MenuIconName, TablerIcon> = {
  'chart-bar': IconChartBar,
  'chart-line': IconChartLine,
  'chart-pie': IconChartPie,
  'chart-area': IconChartArea,
  report: IconReport,
  table: IconTable,
  users: IconUsers,
  'building-store': IconBuildingStore,
  map: IconMap,
  coin: IconCoin,
  package: IconPackage,
  truck: IconTruck,
  calendar: IconCalendar,
  'file-text': IconFileText,
  'external-link': IconExternalLink,
  'layout-dashboard': IconLayoutDashboard,
  target: IconTarget,
  'trending-up': IconTrendingUp,
  receipt: IconReceipt,
  world: IconWorld,
};

/** An unknown or missing icon name shows a neutral default instead of failing. */
export const defaultMenuIcon: TablerIcon = IconReportAnalytics;

export function resolveMenuIcon(name: string | null | undefined): TablerIcon {
  if (name && Object.hasOwn(menuIcons, name)) return menuIcons[name as MenuIconName];
  return defaultMenuIcon;
}

type MenuIconProps = { name: string | null | undefined; size?: number };

export function MenuIcon({ name, size = 20 }: MenuIconProps) {
  // createElement: the icon is looked up from a fixed table, not created during render.
  // `data-icon` names the icon for tests; the icon props type does not list data attributes.
  const dataAttributes = { 'data-icon': name ?? 'default' } as Record<string, string>;
  return createElement(resolveMenuIcon(name), { size, stroke: 1.6, 'aria-hidden': true, ...dataAttributes });
}

import type { ReactNode } from 'react';
import { ActionIcon, Stack } from '@mantine/core';
import {
  IconBell,
  IconBellRingingFilled,
  IconBuildingCog,
  IconChevronsLeft,
  IconChevronsRight,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogout,
  IconMenu2,
  IconSettings,
  IconStar,
} from '@tabler/icons-react';
import { Link, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useNavigationStore, type NavigationCategory } from '../store/navigation-store';
import classes from './side-menu.module.css';

export const sidePanelId = 'side-panel';

/** spec §2: "the dashboards tooltip is the fixed word Dashboards" — the same in every language. */
export const dashboardsTooltip = 'Dashboards';

type SideMenuProps = {
  /** spec §2: the dashboards button exists only when dashboards are available. */
  dashboardsAvailable: boolean;
  /** spec §2: "a different selected icon when unread notifications exist". */
  hasUnreadNotifications: boolean;
  /**
   * Organisation administrators get a Management button (DESIGN.md §3 management permission); for
   * anyone else it is not rendered — and only a link, so no management code is downloaded with it.
   */
  showManagement?: boolean;
  onLogout: () => void;
};

/**
 * The tooltip of a side-menu button (spec §2 "Each has a tooltip"): shown to the right on hover and on
 * keyboard focus, in CSS only — a positioning library for five fixed buttons would cost the shell
 * ~15 KB gzip (bench/web-bundle.bench.ts). The button's accessible name is its aria-label; the tooltip
 * repeats it visually and is hidden from assistive technology.
 */
function SideMenuTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.tipHost}>
      {children}
      <span className={classes.tip} aria-hidden="true" data-tooltip>
        {label}
      </span>
    </span>
  );
}

type CategoryButtonProps = {
  category: NavigationCategory;
  label: string;
  icon: ReactNode;
};

function CategoryButton({ category, label, icon }: CategoryButtonProps) {
  const selected = useNavigationStore((state) => state.openedCategory === category);
  const open = useNavigationStore((state) => state.sideMenuOpen);
  const openCategory = useNavigationStore((state) => state.openCategory);
  return (
    <SideMenuTip label={label}>
      <ActionIcon
        size={44}
        radius="md"
        variant={selected && open ? 'filled' : 'subtle'}
        data-testid={`side-menu-${category}`}
        color={selected && open ? 'blue' : 'gray'}
        className={classes.button}
        aria-label={label}
        aria-pressed={selected && open}
        aria-controls={sidePanelId}
        data-category={category}
        onClick={() => openCategory(category)}
      >
        {icon}
      </ActionIcon>
    </SideMenuTip>
  );
}

/**
 * spec §2 Fixed side menu (76 px): favorites, menu, dashboards (only when available; its tooltip is the
 * fixed word Dashboards), notifications, support; at the bottom the arrow that collapses or expands the
 * side panel, the Management link for organisation administrators, a settings link and the log-out
 * button. Each has a tooltip and an accessible name.
 */
export function SideMenu({ dashboardsAvailable, hasUnreadNotifications, showManagement = false, onLogout }: SideMenuProps) {
  const { t } = useTranslation();
  const open = useNavigationStore((state) => state.sideMenuOpen);
  const toggleSideMenu = useNavigationStore((state) => state.toggleSideMenu);
  const onSettings = useMatch(paths.settings.path) !== null;
  // The active marker covers the whole area: /management and every section below it.
  const onManagement = useMatch({ path: paths.management.path, end: false }) !== null;
  const toggleLabel = open ? t('sideMenu.collapse') : t('sideMenu.expand');
  const iconSize = 24;

  return (
    <nav aria-label={t('sideMenu.label')} className={classes.sideMenu}>
      <Stack gap="xs" align="center" component="div">
        <CategoryButton category="favorites" label={t('sideMenu.favorites')} icon={<IconStar size={iconSize} />} />
        <CategoryButton category="menu" label={t('sideMenu.menu')} icon={<IconMenu2 size={iconSize} />} />
        {dashboardsAvailable && (
          <CategoryButton
            category="dashboards"
            label={dashboardsTooltip}
            icon={<IconLayoutDashboard size={iconSize} />}
          />
        )}
        <CategoryButton
          category="notifications"
          label={t(hasUnreadNotifications ? 'sideMenu.notificationsUnread' : 'sideMenu.notifications')}
          icon={
            hasUnreadNotifications ? (
              <IconBellRingingFilled size={iconSize} className={classes.ringingBell} data-unread="true" />
            ) : (
              <IconBell size={iconSize} data-unread="false" />
            )
          }
        />
        <CategoryButton category="support" label={t('sideMenu.support')} icon={<IconHelpCircle size={iconSize} />} />
      </Stack>

      <Stack gap="xs" align="center" component="div">
        <SideMenuTip label={toggleLabel}>
          <ActionIcon
            size={44}
            radius="md"
            variant="subtle"
            color="gray"
            className={classes.button}
            aria-label={toggleLabel}
            aria-expanded={open}
            aria-controls={sidePanelId}
            onClick={toggleSideMenu}
            data-testid="side-panel-toggle"
          >
            {open ? <IconChevronsLeft size={iconSize} /> : <IconChevronsRight size={iconSize} />}
          </ActionIcon>
        </SideMenuTip>
        {showManagement && (
          <SideMenuTip label={t('sideMenu.management')}>
            <ActionIcon
              component={Link}
              to={paths.management.getHref()}
              size={44}
              radius="md"
              variant={onManagement ? 'filled' : 'subtle'}
              color={onManagement ? 'blue' : 'gray'}
              className={classes.button}
              aria-label={t('sideMenu.management')}
              aria-current={onManagement ? 'page' : undefined}
              data-testid="side-menu-management"
            >
              <IconBuildingCog size={iconSize} />
            </ActionIcon>
          </SideMenuTip>
        )}
        <SideMenuTip label={t('sideMenu.settings')}>
          <ActionIcon
            component={Link}
            to={paths.settings.getHref()}
            size={44}
            radius="md"
            variant={onSettings ? 'filled' : 'subtle'}
            color={onSettings ? 'blue' : 'gray'}
            className={classes.button}
            aria-label={t('sideMenu.settings')}
            aria-current={onSettings ? 'page' : undefined}
          >
            <IconSettings size={iconSize} />
          </ActionIcon>
        </SideMenuTip>
        <SideMenuTip label={t('sideMenu.logout')}>
          <ActionIcon
            size={44}
            radius="md"
            variant="subtle"
            color="gray"
            className={classes.button}
            aria-label={t('sideMenu.logout')}
            onClick={onLogout}
          >
            <IconLogout size={iconSize} />
          </ActionIcon>
        </SideMenuTip>
      </Stack>
    </nav>
  );
}

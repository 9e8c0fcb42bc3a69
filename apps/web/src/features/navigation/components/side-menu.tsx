import type { ReactNode } from 'react';
import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import {
  IconBell,
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

type SideMenuProps = {
  /** spec §2: the dashboards button exists only when dashboards are available. */
  dashboardsAvailable: boolean;
  onLogout: () => void;
};

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
    <Tooltip label={label} position="right" withArrow openDelay={300}>
      <ActionIcon
        size={44}
        radius="md"
        variant={selected && open ? 'filled' : 'subtle'}
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
    </Tooltip>
  );
}

/**
 * spec §2 Fixed side menu (76 px): favorites, menu, dashboards (only when available; its tooltip is the
 * fixed word Dashboards), notifications, support; at the bottom the arrow that collapses or expands the
 * side panel, a settings link and the log-out button. Each has a tooltip and an accessible name.
 */
export function SideMenu({ dashboardsAvailable, onLogout }: SideMenuProps) {
  const { t } = useTranslation();
  const open = useNavigationStore((state) => state.sideMenuOpen);
  const toggleSideMenu = useNavigationStore((state) => state.toggleSideMenu);
  const onSettings = useMatch(paths.settings.path) !== null;
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
            label={t('sideMenu.dashboards')}
            icon={<IconLayoutDashboard size={iconSize} />}
          />
        )}
        <CategoryButton
          category="notifications"
          label={t('sideMenu.notifications')}
          icon={<IconBell size={iconSize} />}
        />
        <CategoryButton category="support" label={t('sideMenu.support')} icon={<IconHelpCircle size={iconSize} />} />
      </Stack>

      <Stack gap="xs" align="center" component="div">
        <Tooltip label={toggleLabel} position="right" withArrow openDelay={300}>
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
        </Tooltip>
        <Tooltip label={t('sideMenu.settings')} position="right" withArrow openDelay={300}>
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
        </Tooltip>
        <Tooltip label={t('sideMenu.logout')} position="right" withArrow openDelay={300}>
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
        </Tooltip>
      </Stack>
    </nav>
  );
}

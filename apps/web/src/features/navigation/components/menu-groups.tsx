import { useEffect } from 'react';
import { Accordion, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuGroup, MenuItem } from '@cockpit/contracts';
import { useNavigationStore } from '../store/navigation-store';
import { MenuIcon } from './menu-icon';
import { MenuItemLink, menuItemHref } from './menu-item-link';

type MenuGroupsProps = {
  groups: MenuGroup[];
  onTogglePin: (item: MenuItem, isPinned: boolean) => void;
};

/** A group's accordion control, found by name (a chosen search result moves the focus there). */
export function findMenuGroupControl(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-menu-group="${name.replace(/["\\]/g, "\\$&")}"]`);
}

/** Groups open at first: those the server marks expanded or active, and the one holding the current route. */
export function initiallyOpenGroups(groups: readonly MenuGroup[], pathname: string): string[] {
  return groups
    .filter(
      (group) =>
        group.isExpanded ||
        group.isActive ||
        group.items.some((item) => item.isActive || (!item.externalUrl && menuItemHref(item) === pathname)),
    )
    .map((group) => group.name);
}

/**
 * spec §2 Main menu: accordion groups that expand and collapse, several open at once. Which groups are
 * open lives in the navigation store, so a search result can open its group (spec §2 Menu search).
 * Collapsed items stay in the page (hidden) so the open state survives re-renders.
 */
export function MenuGroups({ groups, onTogglePin }: MenuGroupsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const opened = useNavigationStore((state) => state.openedMenuGroups);
  const setOpened = useNavigationStore((state) => state.setOpenedMenuGroups);

  useEffect(() => {
    if (opened === null && groups.length > 0) setOpened(initiallyOpenGroups(groups, pathname));
  }, [opened, groups, pathname, setOpened]);

  if (groups.length === 0) {
    return (
      <Text c="dimmed" size="sm" p="md">
        {t('menu.empty')}
      </Text>
    );
  }

  return (
    <Accordion
      multiple
      value={opened ?? initiallyOpenGroups(groups, pathname)}
      onChange={setOpened}
      keepMounted
      keepMountedMode="display-none"
      variant="default"
    >
      {groups.map((group) => (
        <Accordion.Item key={group.name} value={group.name}>
          <Accordion.Control data-menu-group={group.name} icon={<MenuIcon name={group.icon} />}>
            {group.title}
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {group.items.map((item) => (
                <li key={item.name}>
                  <MenuItemLink item={item} onTogglePin={onTogglePin} />
                </li>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

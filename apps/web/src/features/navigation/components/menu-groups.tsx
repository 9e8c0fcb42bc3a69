import { Accordion, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuGroup } from '@cockpit/contracts';
import { MenuIcon } from './menu-icon';
import { MenuItemLink, menuItemHref } from './menu-item-link';

type MenuGroupsProps = { groups: MenuGroup[] };

/**
 * spec §2 Main menu: accordion groups that expand and collapse, several open at once. Groups the
 * server marks expanded, and the group holding the current route's item, start open. Collapsed items stay in the page
 * (hidden), so links can be found and the open state of a group survives re-renders.
 */
export function MenuGroups({ groups }: MenuGroupsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (groups.length === 0) {
    return (
      <Text c="dimmed" size="sm" p="md">
        {t('menu.empty')}
      </Text>
    );
  }
  const initiallyOpen = groups
    .filter(
      (group) =>
        group.isExpanded ||
        group.isActive ||
        group.items.some((item) => item.isActive || (!item.externalUrl && menuItemHref(item) === pathname)),
    )
    .map((group) => group.name);

  return (
    <Accordion multiple defaultValue={initiallyOpen} keepMounted keepMountedMode="display-none" variant="default">
      {groups.map((group) => (
        <Accordion.Item key={group.name} value={group.name}>
          <Accordion.Control icon={<MenuIcon name={group.icon} />}>{group.title}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {group.items.map((item) => (
                <li key={item.name}>
                  <MenuItemLink item={item} />
                </li>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

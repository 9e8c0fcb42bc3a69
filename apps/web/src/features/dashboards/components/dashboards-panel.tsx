import { useState } from 'react';
import {
  Accordion,
  ActionIcon,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLayoutDashboard, IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@cockpit/contracts';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { paths } from '../../../config/paths';
import { useDashboardsMenu } from '../api/get-dashboards-menu';
import { usePinToggle } from '../../../lib/pins';
import { filterDashboardGroups } from '../utils/filter-dashboards';

export type DashboardsPanelProps = {
  /** docs/product.md §3 "dashboard search term", kept in the navigation state by the app layer. */
  searchTerm: string;
  onSearchTermChange: (term: string) => void;
  /** The navigation feature's pin toggle (favourites follow it). */
};

/**
 * docs/product.md §2 Side panel: dashboards — a search box and accordion groups (several open at once) of
 * dashboard items; each item opens its dashboard and can be pinned by its layout id (docs/product.md §3, §4).
 */
export function DashboardsPanel({ searchTerm, onSearchTermChange }: DashboardsPanelProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useDashboardsMenu();
  const togglePin = usePinToggle();
  const [collapsed, setCollapsed] = useState<string[]>([]);

  const groups = filterDashboardGroups(menu.data?.groups ?? [], searchTerm);
  const searching = searchTerm.trim() !== '';
  // Every group starts open; while searching, every group with a match is open.
  const opened = groups.map((group) => group.name).filter((name) => searching || !collapsed.includes(name));

  function handleOpenedChange(names: string[]) {
    if (searching) return;
    setCollapsed(groups.map((group) => group.name).filter((name) => !names.includes(name)));
  }

  let body;
  if (menu.isPending) {
    body = (
      <Stack gap="sm" p="md" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Stack>
    );
  } else if (menu.isError) {
    body = (
      <PlaceholderTile compact headingOrder={3}>
        <Button size="xs" variant="light" onClick={() => void menu.refetch()}>
          {t('common.retry')}
        </Button>
      </PlaceholderTile>
    );
  } else if (menu.data.groups.length === 0) {
    body = (
      <Text c="dimmed" size="sm" p="md">
        {t('dashboards.overview.empty')}
      </Text>
    );
  } else if (groups.length === 0) {
    body = (
      <Text c="dimmed" size="sm" p="md" role="status">
        {t('dashboards.panel.noResults', { term: searchTerm.trim() })}
      </Text>
    );
  } else {
    body = (
      <Accordion
        multiple
        value={opened}
        onChange={handleOpenedChange}
        variant="default"
        chevronPosition="right"
      >
        {groups.map((group) => (
          <Accordion.Item key={group.name} value={group.name}>
            <Accordion.Control>
              <Text fw={600} size="sm">
                {group.title}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {group.items.map((item) => (
                  <DashboardItem
                    key={item.name}
                    item={item}
                    active={item.path !== null && pathname === item.path}
                    onTogglePin={() => togglePin({ kind: 'dashboard', item, isPinned: !item.isPinned })}
                  />
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  return (
    <Stack gap={0} h="100%" data-testid="dashboards-panel">
      <TextInput
        m="sm"
        size="sm"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        placeholder={t('dashboards.panel.search')}
        aria-label={t('dashboards.panel.search')}
        value={searchTerm}
        onChange={(event) => onSearchTermChange(event.currentTarget.value)}
        type="search"
      />
      <ScrollArea style={{ flex: 1 }}>{body}</ScrollArea>
    </Stack>
  );
}

function DashboardItem({
  item,
  active,
  onTogglePin,
}: {
  item: MenuItem;
  active: boolean;
  onTogglePin: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group component="li" gap={4} wrap="nowrap" data-testid="dashboard-item" data-name={item.name}>
      <NavLink
        component={Link}
        to={item.path ?? paths.dashboard.getHref(item.name)}
        label={item.title}
        description={item.subTitle ?? undefined}
        leftSection={<IconLayoutDashboard size={18} aria-hidden="true" />}
        active={active}
        aria-current={active ? 'page' : undefined}
        style={{ flex: 1, borderRadius: 'var(--mantine-radius-sm)' }}
      />
      <ActionIcon
        variant="subtle"
        color={item.isPinned ? 'orange' : 'gray'}
        aria-label={t(item.isPinned ? 'pins.unpin' : 'pins.pin', { title: item.title })}
        aria-pressed={item.isPinned}
        data-pinned={item.isPinned}
        onClick={onTogglePin}
      >
        {item.isPinned ? (
          <IconStarFilled size={16} aria-hidden="true" />
        ) : (
          <IconStar size={16} aria-hidden="true" />
        )}
      </ActionIcon>
    </Group>
  );
}

import type { ReactNode } from 'react';
import { Accordion, Skeleton, Stack, Title } from '@mantine/core';
import { IconLayoutDashboard, IconReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@cockpit/contracts';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { useFavorites } from '../api/get-favorites';
import { usePinToggle } from '../../../lib/pins';
import { favoritesGroups, useNavigationStore, type FavoritesGroup } from '../store/navigation-store';
import { MenuItemLink } from './menu-item-link';
import classes from './side-panel-content.module.css';

const groupLabelKeys: Record<FavoritesGroup, string> = {
  reports: 'favorites.reports',
  dashboards: 'favorites.dashboards',
};
const groupIcons: Record<FavoritesGroup, ReactNode> = {
  reports: <IconReport size={20} stroke={1.6} aria-hidden="true" />,
  dashboards: <IconLayoutDashboard size={20} stroke={1.6} aria-hidden="true" />,
};

type FavoritesPanelProps = {
  /** Pinned dashboards are shown only while dashboards are available to the user (docs/product.md §2, §6). */
  dashboardsAvailable: boolean;
};

/**
 * docs/product.md §2 Favorites: two accordion groups, reports and dashboards, each shown only with pinned items;
 * each item can be unpinned; with neither, the empty-state placeholder. Whether each group is expanded
 * is kept in the navigation state.
 */
export function FavoritesPanel({ dashboardsAvailable }: FavoritesPanelProps) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const togglePin = usePinToggle();
  const opened = useNavigationStore((state) => state.openedFavoritesGroups);
  const setGroupOpen = useNavigationStore((state) => state.setFavoritesGroupOpen);

  let body: ReactNode;
  if (favorites.isPending) {
    body = (
      <Stack gap="sm" p="md" aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    );
  } else if (favorites.isError) {
    body = <PlaceholderTile compact headingOrder={3} onRetry={() => void favorites.refetch()} />;
  } else {
    const items: Record<FavoritesGroup, MenuItem[]> = {
      reports: favorites.data.reports,
      dashboards: dashboardsAvailable ? favorites.data.dashboards : [],
    };
    const shown = favoritesGroups.filter((group) => items[group].length > 0);
    body =
      shown.length === 0 ? (
        <PlaceholderTile
          icon="favorites"
          compact
          headingOrder={3}
          headline={t('favorites.emptyHeadline')}
          text={t('favorites.emptyText')}
        />
      ) : (
        <Accordion
          multiple
          value={shown.filter((group) => opened[group])}
          onChange={(values) => {
            for (const group of shown) setGroupOpen(group, values.includes(group));
          }}
          keepMounted
          keepMountedMode="display-none"
        >
          {shown.map((group) => (
            <Accordion.Item key={group} value={group} data-testid={`favorites-group-${group}`}>
              <Accordion.Control icon={groupIcons[group]}>{t(groupLabelKeys[group])}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {items[group].map((item) => (
                    <li key={item.name}>
                      <MenuItemLink
                        item={item}
                        onTogglePin={(target, isPinned) =>
                          togglePin({
                            kind: group === 'reports' ? 'report' : 'dashboard',
                            item: target,
                            isPinned,
                          })
                        }
                      />
                    </li>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      );
  }

  return (
    <Stack gap={0} h="100%" data-testid="favorites-panel">
      <Title order={2} size="h4" px="md" pt="md" pb="xs">
        {t('favorites.title')}
      </Title>
      <div className={classes.scroll} aria-busy={favorites.isPending}>
        {body}
      </div>
    </Stack>
  );
}

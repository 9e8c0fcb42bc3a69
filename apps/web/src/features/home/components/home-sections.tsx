import type { ReactNode } from 'react';
import { IconButton } from '../../../components/ui/plain/icon-button';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FavoritesResponse, MenuItem, PinKind, RecentItem } from '@cockpit/contracts';
import { formatDateTime, formatRelativeTime, useCulture } from '../../../lib/date-time';
import { useNow } from '../../../lib/use-now';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useFeatured } from '../api/get-featured';
import { HomeSection, type HomeSectionStatus } from './home-section';
import { ItemTiles, type ItemTile } from './item-tiles';

/** What a section needs of a query (TanStack Query's result fits). */
export type SectionSource<T> = { status: HomeSectionStatus; data: T | undefined; refetch: () => unknown };

/** Draws an item's icon as the menu does (the app layer passes the navigation feature's icons). */
export type RenderItemIcon = (item: MenuItem) => ReactNode;

/** Reports first, then dashboards (only while dashboards are available to the user, docs/product.md §2). */
function reportsAndDashboards(
  lists: { reports: MenuItem[]; dashboards: MenuItem[] } | undefined,
  dashboardsAvailable: boolean,
): { kind: PinKind; item: MenuItem }[] {
  if (!lists) return [];
  return [
    ...lists.reports.map((item) => ({ kind: 'report' as const, item })),
    ...(dashboardsAvailable ? lists.dashboards.map((item) => ({ kind: 'dashboard' as const, item })) : []),
  ];
}

type RecentsSectionProps = {
  recents: SectionSource<{ items: RecentItem[] }>;
  renderIcon?: RenderItemIcon;
};

/** "Continue where you left off": recently opened reports and dashboards, newest first, with "2 hours ago". */
export function RecentsSection({ recents, renderIcon }: RecentsSectionProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const now = useNow();
  const culture = useCulture();
  const items = recents.data?.items ?? [];
  const tiles: ItemTile[] = items.map(({ kind, item, openedAt }) => ({
    key: `${kind}:${item.name}`,
    item,
    icon: renderIcon?.(item),
    meta: (
      <time dateTime={openedAt} title={formatDateTime(openedAt, culture)}>
        {formatRelativeTime(openedAt, language, now)}
      </time>
    ),
  }));
  const title = t('home.recents.title');
  return (
    <HomeSection
      id="recents"
      title={title}
      status={recents.status}
      isEmpty={tiles.length === 0}
      empty={{ icon: 'search', headline: t('home.recents.emptyHeadline'), text: t('home.recents.emptyText') }}
      onRetry={() => void recents.refetch()}
    >
      <ItemTiles tiles={tiles} label={title} />
    </HomeSection>
  );
}

type FavoritesSectionProps = {
  favorites: SectionSource<FavoritesResponse>;
  dashboardsAvailable: boolean;
  /** Unpins an item (docs/product.md §4 Pin: "setting pinned to the opposite value"). */
  onUnpin: (kind: PinKind, item: MenuItem) => void;
  renderIcon?: RenderItemIcon;
};

/** "Favorites": the pinned reports and dashboards as tiles, each with unpin (docs/product.md §2 Favorites). */
export function FavoritesSection({
  favorites,
  dashboardsAvailable,
  onUnpin,
  renderIcon,
}: FavoritesSectionProps) {
  const { t } = useTranslation();
  const tiles: ItemTile[] = reportsAndDashboards(favorites.data, dashboardsAvailable).map(
    ({ kind, item }) => ({
      key: `${kind}:${item.name}`,
      item,
      icon: renderIcon?.(item),
      action: (
        <IconButton
          variant="subtle"
          color="orange"
          size={44}
          radius="md"
          aria-label={t('pins.unpin', { title: item.title })}
          onClick={() => onUnpin(kind, item)}
        >
          <IconStarFilled size={20} aria-hidden="true" />
        </IconButton>
      ),
    }),
  );
  const title = t('home.favorites.title');
  return (
    <HomeSection
      id="favorites"
      title={title}
      status={favorites.status}
      isEmpty={tiles.length === 0}
      empty={{ icon: 'favorites', headline: t('favorites.emptyHeadline'), text: t('favorites.emptyText') }}
      onRetry={() => void favorites.refetch()}
    >
      <ItemTiles tiles={tiles} label={title} />
    </HomeSection>
  );
}

type FeaturedSectionProps = {
  dashboardsAvailable: boolean;
  renderIcon?: RenderItemIcon;
};

/**
 * "Featured by your organisation": what the administrators marked featured (`GET /api/navigation/featured`),
 * for the user's audience.
 */
export function FeaturedSection({ dashboardsAvailable, renderIcon }: FeaturedSectionProps) {
  const source = useFeatured();
  const { t } = useTranslation();
  const tiles: ItemTile[] = reportsAndDashboards(source.data, dashboardsAvailable).map(({ kind, item }) => ({
    key: `${kind}:${item.name}`,
    item,
    icon: renderIcon?.(item),
  }));
  const title = t('home.featured.title');
  return (
    <HomeSection
      id="featured"
      title={title}
      status={source.status}
      isEmpty={tiles.length === 0}
      empty={{
        icon: 'favorites',
        headline: t('home.featured.emptyHeadline'),
        text: t('home.featured.emptyText'),
      }}
      onRetry={() => void source.refetch()}
    >
      <ItemTiles tiles={tiles} label={title} />
    </HomeSection>
  );
}

import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@cockpit/contracts';
import { Page } from '../../../components/ui/page';
import { useDashboardsAvailability } from '../../../features/dashboards/api/get-dashboards-availability';
import { HomeSection } from '../../../features/home/components/home-section';
import {
  FavoritesSection,
  FeaturedSection,
  RecentsSection,
} from '../../../features/home/components/home-sections';
import { MenuIcon } from '../../../features/navigation/components/menu-icon';
import {
  LatestNotifications,
  useLatestNotifications,
} from '../../../features/notifications/components/latest-notifications';
import { useRecents } from '../../../features/recents/api/get-recents';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';
import { useHomePins } from './home-pins';
import classes from './reports-home.module.css';

const renderIcon = (item: MenuItem) => <MenuIcon name={item.icon} />;

/**
 * `/reports`, the reports area's home (docs/product.md §2 reports route; docs/product.md §D.3 routes): "Continue where you
 * left off", "Favorites", "Featured by your organisation" and "Latest notifications", each with its own
 * loading, error and empty state. The app layer joins the features that own the data.
 */
export function ReportsHomeRoute() {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const availability = useDashboardsAvailability();
  const dashboardsAvailable = availability.data?.available === true;
  const recents = useRecents();
  const { favorites, unpin } = useHomePins();
  const latest = useLatestNotifications();
  const notificationsTitle = t('home.notifications.title');

  return (
    <Page title={t('reports.title')}>
      {/* The line keeps its height while the name loads, so the sections below do not move. */}
      <p className={classes.welcome} data-testid={settings.data ? 'home-welcome' : undefined}>
        {settings.data ? t('reports.welcome', { name: settings.data.userDisplayName }) : '\u00a0'}
      </p>
      <div className={classes.sections}>
        <RecentsSection recents={recents} renderIcon={renderIcon} />
        <FavoritesSection
          favorites={favorites}
          dashboardsAvailable={dashboardsAvailable}
          onUnpin={unpin}
          renderIcon={renderIcon}
        />
        <FeaturedSection dashboardsAvailable={dashboardsAvailable} renderIcon={renderIcon} />
        <HomeSection
          id="notifications"
          title={notificationsTitle}
          status={latest.status}
          isEmpty={latest.items.length === 0}
          empty={{
            icon: 'notifications',
            headline: t('notifications.empty.headline'),
            text: t('notifications.empty.text'),
          }}
          skeletonCount={1}
        >
          <LatestNotifications
            notifications={latest.items}
            label={notificationsTitle}
            uiCulture={settings.data?.accountSettings.uiCulture}
          />
        </HomeSection>
      </div>
    </Page>
  );
}

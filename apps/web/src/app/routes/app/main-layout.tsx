import { Suspense, type ReactNode } from 'react';
import { Loader, Stack } from '@mantine/core';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/page-loader';
import { useDashboardsAvailability } from '../../../features/dashboards/api/get-dashboards-availability';
import { ComingSoonPanel } from '../../../features/navigation/components/coming-soon-panel';
import { MenuHeader } from '../../../features/navigation/components/menu-header';
import { MenuPanel } from '../../../features/navigation/components/menu-panel';
import { SideMenu } from '../../../features/navigation/components/side-menu';
import { SidePanel } from '../../../features/navigation/components/side-panel';
import { useNavigationStore, type NavigationCategory } from '../../../features/navigation/store/navigation-store';
import { useUserSettings } from '../../../features/settings/api/get-user-settings';
import { signOut } from '../../../lib/auth/session';
import classes from './main-layout.module.css';

const categoryLabelKeys: Record<NavigationCategory, string> = {
  favorites: 'sideMenu.favorites',
  menu: 'sideMenu.menu',
  dashboards: 'sideMenu.dashboards',
  notifications: 'sideMenu.notifications',
  support: 'sideMenu.support',
};

/**
 * spec §2 Main layout: the fixed side menu (76 px), the side panel (285 px) with the chosen category,
 * and the content area with a loading indicator and the routed page. The app layer composes the
 * features here; they do not know each other.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const settings = useUserSettings();
  const availability = useDashboardsAvailability();
  const storedCategory = useNavigationStore((state) => state.openedCategory);
  const panelOpen = useNavigationStore((state) => state.sideMenuOpen);

  // spec §2: dashboards only when available.
  const dashboardsAvailable = availability.data?.available === true;
  const category: NavigationCategory = storedCategory === 'dashboards' && !dashboardsAvailable ? 'menu' : storedCategory;

  const header = <MenuHeader user={settings.data} />;
  let panel: ReactNode;
  if (category === 'menu') {
    panel = <MenuPanel header={header} />;
  } else {
    // Favourites, dashboards, notifications and support panels arrive with issue 3.
    panel = (
      <Stack gap={0}>
        {header}
        <ComingSoonPanel title={t(categoryLabelKeys[category])} />
      </Stack>
    );
  }

  function handleLogout() {
    useNavigationStore.getState().reset();
    void signOut((to) => navigate(to));
  }

  return (
    <div className={classes.shell} data-side-panel-open={panelOpen || undefined}>
      <a href="#main-content" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <SideMenu dashboardsAvailable={dashboardsAvailable} onLogout={handleLogout} />
      <SidePanel label={t(categoryLabelKeys[category])}>{panel}</SidePanel>
      <main id="main-content" className={classes.content} tabIndex={-1}>
        {navigation.state === 'loading' && (
          <Loader size="sm" role="status" className={classes.navigationLoader} aria-label={t('common.loading')} />
        )}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

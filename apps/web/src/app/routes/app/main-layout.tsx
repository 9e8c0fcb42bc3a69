import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  type ReactNode,
} from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { matchPath, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '@cockpit/contracts';
import { overlayPanelQuery } from '../../../config/layout';
import { paths } from '../../../config/paths';
import { PageLoader } from '../../../components/ui/page-loader';
import { Loader } from '../../../components/ui/plain/loader';
import { Skeleton } from '../../../components/ui/plain/skeleton';
import { useDashboardsAvailability } from '../../../features/dashboards/api/get-dashboards-availability';
import { MessageArea, useMessageAreaSettled } from '../../../features/messages/components/message-area';
import { MenuHeader } from '../../../features/navigation/components/menu-header';
import { MenuPanel } from '../../../features/navigation/components/menu-panel';
import { useRecents } from '../../../features/recents/api/get-recents';
import { SideMenu } from '../../../features/navigation/components/side-menu';
import { useHasUnreadNotifications } from '../../../features/notifications/hooks/use-notifications';
import { SidePanel } from '../../../features/navigation/components/side-panel';
import {
  useNavigationStore,
  type NavigationCategory,
} from '../../../features/navigation/store/navigation-store';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';
import { LanguageSelect } from '../../../features/user-settings/components/language-select';
import { forgetAppliedLanguage } from '../../../features/user-settings/use-saved-language';
import { useAppConfig } from '../../../lib/app-config';
import { signOut } from '../../../lib/auth/session';
import { lazyModule } from '../../../lib/lazy-module';
import { MantineAreaProvider, WithMantine } from '../../../lib/mantine-area';
import { useGlobalLoading } from '../../../lib/global-loading';
import { useToastsWanted } from '../../../lib/toast';
import { ShellEffects } from './shell-effects';
import classes from './main-layout.module.css';
import panelClasses from '../../../features/navigation/components/side-panel-content.module.css';

const categoryLabelKeys: Record<NavigationCategory, string> = {
  favorites: 'sideMenu.favorites',
  menu: 'sideMenu.menu',
  dashboards: 'sideMenu.dashboards',
  notifications: 'sideMenu.notifications',
  support: 'sideMenu.support',
};

// Not needed to show the shell (it opens on the menu): loaded when first shown, the toast container with
// the first toast, the idle timer right after the shell (bench/web-bundle.bench.ts measures the home).
const FavoritesPanel = lazy(() =>
  import('../../../features/navigation/components/favorites-panel').then(({ FavoritesPanel }) => ({
    default: FavoritesPanel,
  })),
);
const NotificationsPanel = lazy(() =>
  import('../../../features/notifications/components/notifications-panel').then(({ NotificationsPanel }) => ({
    default: NotificationsPanel,
  })),
);
const DashboardsPanel = lazy(() =>
  import('../../../features/dashboards/components/dashboards-panel').then(({ DashboardsPanel }) => ({
    default: DashboardsPanel,
  })),
);
const SupportPanel = lazy(() =>
  import('../../../features/support/components/support-panel').then(({ SupportPanel }) => ({
    default: SupportPanel,
  })),
);
// The shell renders again with each answer it waits for (settings, availability, configuration, stream…);
// these parts change only with their own props, so they skip those renders (decision 016, blocking time).
const ShellSideMenu = memo(SideMenu);
const ShellMessageArea = memo(MessageArea);

// Mantine's provider and theme: not for the reports home, which is drawn without Mantine's JavaScript; loaded
// with the first page, side-panel category, dialog or toast that uses Mantine (lib/mantine-area.tsx).
const mantineAreaModule = lazyModule(() => import('../../mantine-theme-provider'));
const MantineArea = lazy(() =>
  mantineAreaModule.load().then(({ MantineThemeProvider }) => ({ default: MantineThemeProvider })),
);
const mantineArea = { Area: MantineArea, module: mantineAreaModule };
const isReportsHome = (pathname: string) => matchPath(paths.reportsHome.path, pathname) !== null;
// Every page but the reports home uses Mantine: its provider starts loading with the page's own code.
const prefetchMantineFor = (pathname: string) => {
  if (!isReportsHome(pathname)) mantineAreaModule.prefetch();
};

const Toaster = lazy(() => import('../../../lib/toaster').then(({ Toaster }) => ({ default: Toaster })));

/**
 * The signed-in area with what only it needs: the server-state cache, and Mantine's provider for the parts
 * that use Mantine (app/mantine-theme-provider.tsx, loaded when first needed). The login route, loading and error
 * screens do without both, so their JavaScript is not part of the login route's download, and the reports
 * home does without Mantine's (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
export function SignedInLayout({ queryClient }: { queryClient: QueryClient }) {
  return (
    <MantineAreaProvider value={mantineArea}>
      <QueryClientProvider client={queryClient}>
        <MainLayout />
      </QueryClientProvider>
    </MantineAreaProvider>
  );
}

/**
 * docs/product.md §2 Main layout: the fixed side menu (76 px), the side panel (285 px) with the chosen category,
 * and the content area with a loading indicator, a message area and the routed page; toasts bottom
 * right; the idle timeout (never on /login: this layout is the signed-in area only). The app layer
 * composes the features here; they do not know each other. What the shell does rather than shows
 * (streams, language, hotkeys, analytics, idle timeout) is `ShellEffects`.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const settings = useUserSettings();
  // Deferred: the page's first render (the home's sections) is built in slices the browser can interrupt,
  // not inside the urgent update that settled the message area (decision 016, total blocking time).
  const messagesSettled = useDeferredValue(
    useMessageAreaSettled(settings.data?.roleKey, !settings.isPending),
  );
  const availability = useDashboardsAvailability();
  const appConfig = useAppConfig();
  const storedCategory = useNavigationStore((state) => state.openedCategory);
  const panelOpen = useNavigationStore((state) => state.sideMenuOpen);
  const apiBusy = useGlobalLoading();
  const dashboardSearchTerm = useNavigationStore((state) => state.dashboardSearchTerm);
  const panelOverlays = useSidePanelOverlay(panelOpen, pathname);
  const toastsWanted = useToastsWanted();

  const recents = useRecents();

  // docs/product.md §2: dashboards only when available.
  const dashboardsAvailable = availability.data?.available === true;
  const category: NavigationCategory =
    storedCategory === 'dashboards' && !dashboardsAvailable ? 'menu' : storedCategory;

  const hasUnreadNotifications = useHasUnreadNotifications();

  // docs/product.md §4 Log-out: to /login, clear the login button text, then sign out on the server.
  const handleLogout = useCallback(() => {
    useNavigationStore.getState().reset();
    forgetAppliedLanguage();
    void signOut((to) => navigate(to));
  }, [navigate]);

  const header = (
    <MenuHeader
      user={settings.data}
      languageSelect={settings.data ? <LanguageSelect settings={settings.data} /> : undefined}
    />
  );
  // The other categories use Mantine's components: its provider loads with them (lib/mantine-area.tsx).
  const withHeader = (content: ReactNode) => (
    <div className={panelClasses.panel}>
      {header}
      <hr className={panelClasses.divider} />
      <Suspense fallback={<PanelSkeleton />}>
        <WithMantine>{content}</WithMantine>
      </Suspense>
    </div>
  );

  let panel: ReactNode;
  switch (category) {
    case 'menu':
      panel = <MenuPanel header={header} recentItems={recents.data?.items.map((recent) => recent.item)} />;
      break;
    case 'favorites':
      panel = withHeader(<FavoritesPanel dashboardsAvailable={dashboardsAvailable} />);
      break;
    case 'dashboards':
      // Reports and dashboards: the dashboards feature gets the search term (navigation state) and the pin toggle.
      panel = withHeader(
        <DashboardsPanel
          searchTerm={dashboardSearchTerm}
          onSearchTermChange={useNavigationStore.getState().setDashboardSearchTerm}
        />,
      );
      break;
    case 'notifications':
      panel = withHeader(<NotificationsPanel uiCulture={settings.data?.accountSettings.uiCulture} />);
      break;
    case 'support':
      panel = withHeader(
        <SupportPanel
          support={appConfig.data?.support}
          isError={appConfig.isError}
          onRetry={() => void appConfig.refetch()}
        />,
      );
      break;
  }

  const loading = apiBusy || navigation.state === 'loading';
  const onReportsHome = isReportsHome(pathname);

  const overlayShown = panelOverlays && panelOpen;
  const closeSideMenu = useNavigationStore.getState().closeSideMenu;

  return (
    <div
      className={classes.shell}
      data-side-panel-open={panelOpen || undefined}
      data-panel-overlay={panelOverlays || undefined}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <ShellSideMenu
        dashboardsAvailable={dashboardsAvailable}
        hasUnreadNotifications={hasUnreadNotifications}
        showManagement={settings.data !== undefined && isAdministrator(settings.data)}
        onLogout={handleLogout}
      />
      <SidePanel
        label={t(categoryLabelKeys[category])}
        overlay={panelOverlays}
        onItemChosen={panelOverlays ? closeSideMenu : undefined}
      >
        {panel}
      </SidePanel>
      {overlayShown && (
        // The backdrop is a pointer target only: Escape and the side menu's arrow close the panel by keyboard.
        <div
          className={classes.backdrop}
          onClick={closeSideMenu}
          aria-hidden="true"
          data-testid="side-panel-backdrop"
        />
      )}
      {/* While the panel lies over the page, the page is out of reach (inert) until it closes. */}
      <main id="main-content" className={classes.content} tabIndex={-1} inert={overlayShown}>
        {loading && (
          <span
            role="status"
            className={classes.globalLoader}
            aria-label={t('common.loading')}
            data-testid="global-loader"
          >
            <Loader size="calc(1.375rem * var(--mantine-scale))" />
          </span>
        )}
        <div className={classes.messageArea} data-testid="message-area">
          <ShellMessageArea roleKey={settings.data?.roleKey} />
        </div>
        <Suspense fallback={<PageLoader />}>
          {/* The page waits for the message area's first answers (the global loader shows meanwhile), so a
              banner never pushes it down. */}
          {messagesSettled ? (
            onReportsHome ? (
              <Outlet />
            ) : (
              <WithMantine>
                <Outlet />
              </WithMantine>
            )
          ) : null}
        </Suspense>
      </main>
      <Suspense fallback={null}>
        {/* The toast container loads with the first toast (lib/toast.tsx useToastsWanted). */}
        {toastsWanted && (
          <WithMantine>
            <Toaster />
          </WithMantine>
        )}
      </Suspense>
      <ShellEffects prefetchMantineFor={prefetchMantineFor} onSignOut={handleLogout} />
    </div>
  );
}

/**
 * Below 1024 px the side panel overlays the page (docs/product.md §2 Main layout on narrow screens): Escape closes
 * it, and so does moving to another page (an item chosen in the panel, by mouse or keyboard). Returns
 * whether the panel overlays the page at the current width.
 */
function useSidePanelOverlay(panelOpen: boolean, pathname: string): boolean {
  const overlays = useMediaQuery(overlayPanelQuery, false, { getInitialValueInEffect: false }) ?? false;
  const closeSideMenu = useNavigationStore((state) => state.closeSideMenu);

  useEffect(() => {
    if (!overlays || !panelOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      // The menu search's own Escape (closing its overlay) comes first and marks the event handled.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      closeSideMenu();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [overlays, panelOpen, closeSideMenu]);

  // Another page was chosen while the panel lay over the page: show that page.
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    if (overlays) closeSideMenu();
  }, [pathname, overlays, closeSideMenu]);

  return overlays;
}

/** While a side-panel category's code loads. */
function PanelSkeleton() {
  return (
    <div className={panelClasses.skeletons} aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={36} />
      ))}
    </div>
  );
}

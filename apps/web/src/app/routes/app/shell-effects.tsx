import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useNotificationsStream } from '../../../features/notifications/hooks/use-notifications';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';
import { useApplySavedLanguage } from '../../../features/user-settings/use-saved-language';
import { useAppConfig } from '../../../lib/app-config';
import {
  useLiveCatalogue,
  useMenuSearchHotkeys,
  useNavigationPath,
  useReportOpenTracking,
} from './shell-hooks';

const IdleSignOut = lazy(() =>
  import('./idle-sign-out').then(({ IdleSignOut }) => ({ default: IdleSignOut })),
);

type ShellEffectsProps = {
  /** Where a page that is not the reports home is going: its Mantine provider starts loading then. */
  prefetchMantineFor: (pathname: string) => void;
  /** The idle timeout's end: the same sign-out as the side menu's. */
  onSignOut: () => void;
};

/**
 * What the signed-in shell does rather than shows: the saved language, the navigation path, the menu
 * search's hotkeys, analytics, the notifications stream with its toast, the live catalogue and the idle
 * timeout. The layout renders this once, so the layout itself renders layout; these hooks read the
 * same queries as the layout (one cache), so nothing is fetched twice.
 */
export function ShellEffects({ prefetchMantineFor, onSignOut }: ShellEffectsProps) {
  const { pathname } = useLocation();
  const settings = useUserSettings();
  const appConfig = useAppConfig();

  useApplySavedLanguage(settings.data);
  useNavigationPath(pathname);
  useMenuSearchHotkeys();
  useLiveCatalogue();
  useReportOpenTracking(appConfig.isSuccess ? appConfig.data.analyticsMeasurementId : undefined, pathname);
  // The shell alone opens the notifications stream and raises the new-notification toast (docs/product.md §D.5).
  useNotificationsStream();

  const nextPathname = useNavigation().location?.pathname;
  useEffect(() => {
    if (nextPathname !== undefined) prefetchMantineFor(nextPathname);
  }, [nextPathname, prefetchMantineFor]);

  // The idle timeout starts once its configuration is known (never on /login: not this layout).
  if (!appConfig.isSuccess) return null;
  return (
    <Suspense fallback={null}>
      <IdleSignOut
        timeoutSeconds={appConfig.data.idleTimeoutSeconds}
        countdownSeconds={appConfig.data.idleCountdownSeconds}
        onSignOut={onSignOut}
      />
    </Suspense>
  );
}

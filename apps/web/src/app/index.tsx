import { useCallback, useEffect, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { ServiceUnavailableNotice } from '../components/ui/service-unavailable-notice';
import { isLoginPathname, paths, safeRedirectPath } from '../config/paths';
import { AppProvider } from './provider';
import type { RoutedApp } from './routed-app';
import { routerReady, type RouterStart } from './router-start';
import { LoginScreen } from './routes/auth/login-screen';

type AppProps = {
  i18n: I18n;
  routerStart: RouterStart;
  /** The router, when the page was not loaded at /login (app/bootstrap.ts). */
  routedApp: RoutedApp | undefined;
};

/**
 * The app: the router's screens — or, for a page loaded at /login, the login screen without the router,
 * until the user signs in (bundle budget, decision 011). Then the router starts at the page to go
 * to and takes over.
 */
export function App({ i18n, routerStart, routedApp }: AppProps) {
  const [routed, setRouted] = useState(routedApp);
  return (
    <AppProvider i18n={i18n}>
      <ServiceUnavailableNotice />
      {routed ? routed.element : <LoginWithoutRouter routerStart={routerStart} onRouterStarted={setRouted} />}
    </AppProvider>
  );
}

type LoginWithoutRouterProps = { routerStart: RouterStart; onRouterStarted: (routed: RoutedApp) => void };

function LoginWithoutRouter({ routerStart, onRouterStarted }: LoginWithoutRouterProps) {
  const [search, setSearch] = useState(() => window.location.search);

  /** Starts the router at `target` (replacing /login in the history) or, without one, where the browser is. */
  const startRouter = useCallback(
    (target?: string) => {
      routerStart
        .start(target)
        .then(async (routed) => {
          await routerReady(routed);
          onRouterStarted(routed);
        })
        .catch((error: unknown) => {
          // The router module could not be downloaded: a page load of the same place tries everything again.
          console.error('The app could not start', error);
          // Only ever an in-app address (docs/product.md §2 `redirectTo`, config/paths.ts); without one, this page again.
          if (target === undefined) window.location.reload();
          else window.location.assign(safeRedirectPath(target) ?? paths.home.getHref());
        });
    },
    [routerStart, onRouterStarted],
  );

  // Back or Forward to an entry of this document that is another page of the app (e.g. after a reload
  // of the /login the router had opened on log-out): the router starts there.
  useEffect(() => {
    const onPopState = () => {
      if (isLoginPathname(window.location.pathname)) setSearch(window.location.search);
      else startRouter();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [startRouter]);

  return <LoginScreen redirectTo={new URLSearchParams(search).get('redirectTo')} navigate={startRouter} />;
}

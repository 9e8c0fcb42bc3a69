import { paths, safeRedirectPath } from '../config/paths';
import { lazyModule } from '../lib/lazy-module';
import type { RoutedApp } from './routed-app';

export type RouterModule = { createRoutedApp: () => RoutedApp };

export type RouterStart = {
  /** The router, once it has been created. */
  current(): RoutedApp | undefined;
  /**
   * Imports the router module (once) and creates the router at the current URL — or at `target`, which
   * then replaces the current history entry first (as the router's `navigate(target, { replace: true })`
   * would): no page load, and Back goes where it went from the login screen.
   */
  start(target?: string): Promise<RoutedApp>;
};

/**
 * Starts the app's router, imported with `importRouter` (app/routed-app.tsx; tests pass their own). The
 * router is created once; a failed import is tried again by the next `start()`.
 */
export function createRouterStart(importRouter: () => Promise<RouterModule>): RouterStart {
  const routerModule = lazyModule(importRouter);
  let current: RoutedApp | undefined;
  return {
    current: () => current,
    async start(target) {
      const { createRoutedApp } = await routerModule.load();
      if (current) return current;
      // Resolved and checked again here: `replaceState` throws for another origin, and the fallback of a
      // failed start must never be a page load of an address from the query string.
      if (target !== undefined)
        window.history.replaceState(null, '', safeRedirectPath(target) ?? paths.home.getHref());
      current = createRoutedApp();
      return current;
    },
  };
}

/**
 * Resolves once the router has loaded what its first location needs (loaders, lazy routes, redirects).
 * Until then the login screen stays, as it does while the router's own navigation after a sign-in runs.
 */
export function routerReady({ router }: RoutedApp): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

import { useEffect } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '../../../config/paths';
import { startAnalytics, trackReportOpen } from '../../../lib/analytics';
import { useNavigationStore } from '../../../features/navigation/store/navigation-store';
import { invalidateQueriesOn } from '../../../lib/refetch-on';

/**
 * docs/product.md §2 Main menu: opening `totalviewlayout` or `pmxlayout` records an analytics event — however it
 * is opened (menu, favourites, search, a link). Analytics starts once the app config says whether a
 * measurement id exists (docs/product.md §D.3); `undefined` means "not known yet".
 */
export function useReportOpenTracking(measurementId: string | null | undefined, pathname: string): void {
  useEffect(() => {
    if (measurementId !== undefined) startAnalytics(measurementId);
  }, [measurementId]);

  useEffect(() => {
    if (measurementId === undefined) return;
    const name = matchPath(paths.report.path, pathname)?.params.name;
    if (name) trackReportOpen(name);
  }, [pathname, measurementId]);
}

/** docs/product.md §3 "path array": the store follows the route. */
export function useNavigationPath(pathname: string): void {
  const setPath = useNavigationStore((state) => state.setPath);
  useEffect(() => setPath(pathname), [pathname, setPath]);
}

/** docs/product.md §D.3: `Ctrl+K` (⌘K) and `/` focus the menu search, opening the menu if needed. */
export function useMenuSearchHotkeys(): void {
  const requestSearchFocus = useNavigationStore((state) => state.requestSearchFocus);
  useHotkeys([
    ['mod+K', requestSearchFocus],
    ['/', requestSearchFocus],
  ]);
}

/**
 * A catalogue change, or a change of the user's audience, arrives on the notification stream (decision
 * 015): the queries that ask for it (`meta.refetchOn`, lib/refetch-on.ts: menus, favourites, featured
 * items, the dashboards panel, recents, open reports) are read again — within a second, without a
 * reload. A report or dashboard the user may no longer see then answers "not found".
 */
export function useLiveCatalogue(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    // The stream client is a chunk of its own (decision 011): loaded with the stream, not the shell.
    void import('../../../features/notifications/api/notifications-connection').then(
      ({ onCatalogueChanged }) => {
        if (cancelled) return;
        unsubscribe = onCatalogueChanged(() => {
          void invalidateQueriesOn(queryClient, 'catalogue-changed');
        });
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [queryClient]);
}

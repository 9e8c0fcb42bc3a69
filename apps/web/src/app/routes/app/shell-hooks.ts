import { useEffect } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { matchPath } from 'react-router';
import { paths } from '../../../config/paths';
import { startAnalytics, trackReportOpen } from '../../../lib/analytics';
import { useNavigationStore } from '../../../features/navigation/store/navigation-store';

/**
 * spec §2 Main menu: opening `totalviewlayout` or `pmxlayout` records an analytics event — however it
 * is opened (menu, favourites, search, a link). Analytics starts once the app config says whether a
 * measurement id exists (DESIGN.md §3); `undefined` means "not known yet".
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

/** spec §3 "path array": the store follows the route. */
export function useNavigationPath(pathname: string): void {
  const setPath = useNavigationStore((state) => state.setPath);
  useEffect(() => setPath(pathname), [pathname, setPath]);
}

/** DESIGN.md §3: `Ctrl+K` (⌘K) and `/` focus the menu search, opening the menu if needed. */
export function useMenuSearchHotkeys(): void {
  const requestSearchFocus = useNavigationStore((state) => state.requestSearchFocus);
  useHotkeys([
    ['mod+K', requestSearchFocus],
    ['/', requestSearchFocus],
  ]);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type RecentsResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { refetchOnMeta } from '../../../lib/refetch-on';
import { useUiLanguage } from '../../../lib/use-ui-language';

/** Query keys of the recent items; recording an opening and clearing the list invalidate them. */
export const recentsQueryKey = ['user-recents'] as const;

/**
 * `GET /api/user/recents`: the user's recently opened reports and dashboards, newest first, at most 8,
 * titles in the request's language; only items that still exist and the user may still see.
 */
export function getRecents(): Promise<RecentsResponse> {
  // Serialised through the contracts' recentsResponseSchema by the server (decision 011 `trusted`).
  return api.call(apiRoutes.listRecents);
}

export function getRecentsQueryOptions(language: UiLanguageName) {
  return queryOptions({
    queryKey: [...recentsQueryKey, language],
    queryFn: getRecents,
    // Titles change and items the user may no longer see drop out when the catalogue changes (decision 015).
    meta: refetchOnMeta('catalogue-changed'),
  });
}

/**
 * The recent items (the reports home's "Continue where you left off", and the menu search while its box
 * is focused and empty).
 */
export function useRecents() {
  const language = useUiLanguage();
  return useQuery(getRecentsQueryOptions(language));
}

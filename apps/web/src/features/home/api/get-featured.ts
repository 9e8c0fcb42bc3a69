import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type FeaturedResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { pinsMeta } from '../../../lib/pins';
import { useUiLanguage } from '../../../lib/use-ui-language';

export const featuredQueryKey = ['navigation-featured'] as const;

/**
 * `GET /api/navigation/featured`: the reports and dashboards the organisation's administrators marked
 * featured, filtered by the user's audience on the server; the shape of the favourites.
 */
export function getFeatured(): Promise<FeaturedResponse> {
  // Serialised through the contracts' featuredResponseSchema by the server (decision 011 `trusted`).
  return api.call(apiRoutes.getFeatured);
}

export function getFeaturedQueryOptions(language: UiLanguageName) {
  return queryOptions({
    queryKey: [...featuredQueryKey, language],
    queryFn: getFeatured,
    // Pins show on featured items too (isPinned), lib/pins.ts.
    meta: pinsMeta({ shape: 'lists' }),
  });
}

export function useFeatured() {
  const language = useUiLanguage();
  return useQuery(getFeaturedQueryOptions(language));
}

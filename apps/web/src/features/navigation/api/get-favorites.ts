import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type FavoritesResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { pinsMeta } from '../../../lib/pins';
import { useUiLanguage } from '../../../lib/use-ui-language';

/** Query keys of the pinned items; pin changes update and invalidate them (lib/pins.ts). */
export const favoritesQueryKey = ['navigation-favorites'] as const;

/** `GET /api/navigation/favorites`: pinned reports and dashboards with titles (docs/product.md §2 Favorites). */
export function getFavorites(): Promise<FavoritesResponse> {
  return api.call(apiRoutes.getFavorites);
}

export function getFavoritesQueryOptions(language: UiLanguageName) {
  return queryOptions({
    queryKey: [...favoritesQueryKey, language],
    queryFn: getFavorites,
    meta: pinsMeta({ shape: 'favorites' }),
  });
}

export function useFavorites() {
  const language = useUiLanguage();
  return useQuery(getFavoritesQueryOptions(language));
}

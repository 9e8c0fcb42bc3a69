import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type MenuResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { pinsMeta } from '../../../lib/pins';
import { useUiLanguage } from '../../../lib/use-ui-language';

/**
 * `GET /api/navigation/menu`: the user's menu groups and items (docs/product.md §2 Main menu, §3). Titles come in
 * the language of the `isoLanguageName` the API client adds, so the language is part of the key.
 */
export function getMenu(): Promise<MenuResponse> {
  return api.call(apiRoutes.getMenu);
}

/** The menu's query key prefix (a catalogue change reads it again). */
export const menuQueryKey = ['navigation-menu'] as const;

export function getMenuQueryOptions(language: UiLanguageName) {
  return queryOptions({
    queryKey: [...menuQueryKey, language],
    queryFn: getMenu,
    meta: pinsMeta({ shape: 'groups', kind: 'report' }),
  });
}

export function useMenu() {
  const language = useUiLanguage();
  return useQuery(getMenuQueryOptions(language));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type UiLanguageName, type UserSettings } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { setClientAccountSettings } from '../../../lib/client-params';
import { useUiLanguage } from '../../../lib/use-ui-language';

/** `GET /api/user/settings` (docs/product.md §3 User settings). The role label is localised by the server. */
export async function getUserSettings(): Promise<UserSettings> {
  const settings = await api.call(apiRoutes.getUserSettings);
  // docs/product.md §7: from now on every call carries this user's culture and currency symbol.
  setClientAccountSettings(settings.accountSettings);
  return settings;
}

/** The settings' query key prefix; the language follows (the role label is localised). */
export const userSettingsQueryKey = ['user-settings'] as const;

export function getUserSettingsQueryOptions(language: UiLanguageName) {
  return queryOptions({
    queryKey: [...userSettingsQueryKey, language],
    queryFn: getUserSettings,
  });
}

export function useUserSettings() {
  const language = useUiLanguage();
  return useQuery(getUserSettingsQueryOptions(language));
}

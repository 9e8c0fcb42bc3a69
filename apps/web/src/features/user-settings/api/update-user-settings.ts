import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type UserSettings, type UserSettingsUpdate } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { setClientAccountSettings } from '../../../lib/client-params';
import { getUserSettingsQueryOptions, userSettingsQueryKey } from './get-user-settings';

/** `PUT /api/user/settings` (docs/product.md §D.3 Settings page): answers the whole, updated entity. */
export function updateUserSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return api.call(apiRoutes.updateUserSettings, { body: update });
}

/** The settings as the PUT body expects them (to change one field and keep the others). */
export function toSettingsUpdate(settings: UserSettings): UserSettingsUpdate {
  return {
    uiLanguage: settings.accountSettings.uiLanguage.name,
    uiCulture: settings.accountSettings.uiCulture,
    currencySymbol: settings.accountSettings.currencySymbol,
    displayName: settings.userDisplayName,
  };
}

/**
 * Saves settings and applies them without a reload: later calls carry the new culture and currency
 * (docs/product.md §7), and every view of the settings (header, reports) gets the new entity at once.
 */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user-settings-update'],
    mutationFn: updateUserSettings,
    onSuccess: async (settings) => {
      // A read started before the save (the language switch refetches at once) would bring back the
      // old settings: drop it, the answer of the save is the current state.
      await queryClient.cancelQueries({ queryKey: userSettingsQueryKey });
      setClientAccountSettings(settings.accountSettings);
      const language = settings.accountSettings.uiLanguage.name;
      queryClient.setQueryData(getUserSettingsQueryOptions(language).queryKey, settings);
      // Copies in other languages differ only in the role label: refetch them when next needed.
      await queryClient.invalidateQueries({
        queryKey: userSettingsQueryKey,
        predicate: (query) => query.queryKey[1] !== language,
      });
    },
  });
}

import { NativeSelect } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@cockpit/contracts';
import { isUiLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { toSettingsUpdate, useUpdateUserSettings } from '../api/update-user-settings';

type LanguageSelectProps = { settings: UserSettings };

/**
 * spec §2 Menu header: the language dropdown with the available UI languages. Choosing one switches
 * the UI at once (and remembers it under `translocoLang`, lib/i18n.ts) and saves it to the user's
 * settings on the server; if saving fails, the UI keeps the choice and says it was not saved.
 */
export function LanguageSelect({ settings }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const language = useUiLanguage();
  const update = useUpdateUserSettings();

  function handleChange(value: string) {
    if (!isUiLanguage(value) || value === language) return;
    void i18n.changeLanguage(value);
    update.mutate(
      { ...toSettingsUpdate(settings), uiLanguage: value },
      {
        onError: () =>
          showToast({
            id: 'language-not-saved',
            type: 'error',
            title: i18n.t('settings.language.notSavedTitle'),
            message: i18n.t('settings.language.notSavedText'),
          }),
      },
    );
  }

  return (
    <NativeSelect
      size="xs"
      mt="xs"
      aria-label={t('settings.language.label')}
      leftSection={<IconWorld size={14} aria-hidden="true" />}
      value={language}
      onChange={(event) => handleChange(event.currentTarget.value)}
      data={settings.availableUiLanguages.map(({ name }) => ({ value: name, label: t(`languages.${name}`) }))}
      data-testid="language-select"
    />
  );
}

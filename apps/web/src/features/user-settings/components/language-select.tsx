import { IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@cockpit/contracts';
import { isUiLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { toSettingsUpdate, useUpdateUserSettings } from '../api/update-user-settings';
import classes from './language-select.module.css';

type LanguageSelectProps = { settings: UserSettings };

/**
 * docs/product.md §2 Menu header: the language dropdown with the available UI languages. Choosing one switches
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

  // A native select with Mantine's NativeSelect look (size xs): it is in the shell's first download
  // (bundle budget, docs/decisions/011).
  return (
    <div className={classes.root}>
      <IconWorld size={14} className={classes.icon} aria-hidden="true" />
      <select
        className={classes.select}
        aria-label={t('settings.language.label')}
        value={language}
        onChange={(event) => handleChange(event.currentTarget.value)}
        data-testid="language-select"
      >
        {settings.availableUiLanguages.map(({ name }) => (
          <option key={name} value={name}>
            {t(`languages.${name}`)}
          </option>
        ))}
      </select>
      <IconChevronDown size={14} className={classes.chevron} aria-hidden="true" />
    </div>
  );
}

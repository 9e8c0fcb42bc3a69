import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguageName, UserSettings } from '@cockpit/contracts';
import { rememberLanguage } from '../../lib/i18n';

/**
 * "On sign-in apply the user's saved language" (navigation shell): the language stored on the server wins over
 * the browser's remembered one, once per signed-in user and page load — after that the user's own
 * choices (header dropdown, settings page) switch it and save it.
 */
let appliedForUser: string | null = null;

/** The saved language when it differs from the current one, else null. */
export function savedLanguageToApply(settings: UserSettings, currentLanguage: string): UiLanguageName | null {
  const saved = settings.accountSettings.uiLanguage.name;
  return saved === currentLanguage ? null : saved;
}

export function useApplySavedLanguage(settings: UserSettings | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!settings || appliedForUser === settings.userId) return;
    appliedForUser = settings.userId;
    const language = savedLanguageToApply(settings, i18n.language);
    // The account's language is a choice: this browser remembers it, also when it is already shown
    // (changing the language remembers it by itself; decision 030).
    if (language !== null) void i18n.changeLanguage(language);
    else rememberLanguage(settings.accountSettings.uiLanguage.name);
  }, [settings, i18n]);
}

/** After sign-out the next sign-in applies its user's language again. */
export function forgetAppliedLanguage(): void {
  appliedForUser = null;
}

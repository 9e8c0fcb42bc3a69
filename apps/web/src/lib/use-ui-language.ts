import { useTranslation } from 'react-i18next';
import { defaultUiLanguage, type UiLanguageName } from '@cockpit/contracts';
import { isUiLanguage } from './i18n';

/** The current UI language; query keys include it where the server localises (docs/product.md §7 isoLanguageName). */
export function useUiLanguage(): UiLanguageName {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isUiLanguage(language) ? language : defaultUiLanguage;
}

import en from './locales/en.json' with { type: 'json' };
import deDE from './locales/de-DE.json' with { type: 'json' };
import deAT from './locales/de-AT.json' with { type: 'json' };
import type { UiLanguageName } from './localization';

/** The UI texts of each language, served by `GET /api/Localization/getTranslations` (docs/product.md §7). */
export const translations: Record<UiLanguageName, Record<string, string>> = {
  en,
  'de-DE': deDE,
  'de-AT': deAT,
};
export type TranslationKey = keyof typeof en;

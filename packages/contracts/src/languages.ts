// No zod here: the login route imports these (bundle budget, docs/decisions/011).

/** The UI languages (docs/product.md §1, §9). English is the default; the choice is kept under `translocoLang`. */
export const uiLanguageNames = ['en', 'de-DE', 'de-AT'] as const;
export type UiLanguageName = (typeof uiLanguageNames)[number];
export const defaultUiLanguage: UiLanguageName = 'en';
export const languageStorageKey = 'translocoLang';

/**
 * The one rule for "is this German" (docs/product.md §9: a language that starts with `de`), for UI language names,
 * request languages (`de-CH`, `de`) and cultures alike. Everything that picks German over English asks this.
 */
export function isGermanLanguage(language: string): boolean {
  return language.trim().toLowerCase().startsWith('de');
}

/** The two-letter code of a UI language name (`de-AT` → `de`). */
export function twoLetterIsoOf(name: UiLanguageName): 'en' | 'de' {
  return isGermanLanguage(name) ? 'de' : 'en';
}

/**
 * The culture "Automatic (follows the language)" means for each UI language (docs/decisions/029): English
 * writes dates and numbers the British way, German (Germany) and German (Austria) their own way.
 */
export const automaticCultureOf: Readonly<Record<UiLanguageName, 'en-GB' | 'de-DE' | 'de-AT'>> = {
  en: 'en-GB',
  'de-DE': 'de-DE',
  'de-AT': 'de-AT',
};
export const automaticCulture = 'auto';

/**
 * The culture dates and numbers are written in: the user's explicit choice, or with "automatic" (the
 * default) the one of the UI language. An unknown language counts as English.
 */
export function effectiveCulture(choice: string | undefined, language: string): string {
  if (choice !== undefined && choice !== automaticCulture) return choice;
  const name = (uiLanguageNames as readonly string[]).includes(language)
    ? (language as UiLanguageName)
    : null;
  if (name) return automaticCultureOf[name];
  return isGermanLanguage(language) ? 'de-DE' : 'en-GB';
}

// No zod here: the login route imports these (bundle budget, docs/decisions/011).

/** The UI languages (spec §1, §9). English is the default; the choice is kept under `translocoLang`. */
export const uiLanguageNames = ['en', 'de-DE', 'de-AT'] as const;
export type UiLanguageName = (typeof uiLanguageNames)[number];
export const defaultUiLanguage: UiLanguageName = 'en';
export const languageStorageKey = 'translocoLang';

/**
 * The one rule for "is this German" (spec §9: a language that starts with `de`), for UI language names,
 * request languages (`de-CH`, `de`) and cultures alike. Everything that picks German over English asks this.
 */
export function isGermanLanguage(language: string): boolean {
  return language.trim().toLowerCase().startsWith('de');
}

/** The two-letter code of a UI language name (`de-AT` → `de`). */
export function twoLetterIsoOf(name: UiLanguageName): 'en' | 'de' {
  return isGermanLanguage(name) ? 'de' : 'en';
}

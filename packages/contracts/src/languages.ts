// Plain constants, no zod: the web app's login route imports these, and a module that builds zod schemas
// would bring the whole zod library into that bundle (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).

/** The UI languages (spec §1, §9). English is the default; the choice is kept under `translocoLang`. */
export const uiLanguageNames = ['en', 'de-DE', 'de-AT'] as const;
export type UiLanguageName = (typeof uiLanguageNames)[number];
export const defaultUiLanguage: UiLanguageName = 'en';
export const languageStorageKey = 'translocoLang';

/** The two-letter code of a UI language name (`de-AT` → `de`). */
export function twoLetterIsoOf(name: UiLanguageName): 'en' | 'de' {
  return name.startsWith('de') ? 'de' : 'en';
}

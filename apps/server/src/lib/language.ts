import { type UiLanguageName, translations, uiLanguageNames } from '@cockpit/contracts';

/**
 * The UI language for server texts: the request's `isoLanguageName` (spec §7) when given, else the
 * user's stored language. `de-CH` or `de` count as German (`de-DE`); anything else is English.
 */
export function resolveLanguage(
  isoLanguageName: string | undefined,
  fallback: UiLanguageName,
): UiLanguageName {
  if (!isoLanguageName) return fallback;
  const exact = uiLanguageNames.find((name) => name.toLowerCase() === isoLanguageName.toLowerCase());
  if (exact) return exact;
  return isoLanguageName.toLowerCase().startsWith('de') ? 'de-DE' : 'en';
}

/** Whether texts stored as English/German pairs should be German (spec §9: starts with `de`). */
export const isGerman = (language: UiLanguageName) => language.startsWith('de');

/** A UI text in a language, falling back to English and then to the key itself. */
export function translate(language: UiLanguageName, key: string): string {
  return translations[language][key] ?? translations.en[key] ?? key;
}

import { isGermanLanguage, type UiLanguageName, translations, uiLanguageNames } from '@cockpit/contracts';

/**
 * The UI language for server texts: the request's `isoLanguageName` (docs/product.md §7) when given, else the
 * user's stored language. `de-CH` or `de` count as German (`de-DE`); anything else is English.
 */
export function resolveLanguage(
  isoLanguageName: string | undefined,
  fallback: UiLanguageName,
): UiLanguageName {
  if (!isoLanguageName) return fallback;
  const exact = uiLanguageNames.find((name) => name.toLowerCase() === isoLanguageName.toLowerCase());
  if (exact) return exact;
  return isGermanLanguage(isoLanguageName) ? 'de-DE' : 'en';
}

/** A UI text in a language, falling back to English and then to the key itself. */
export function translate(language: UiLanguageName, key: string): string {
  return translations[language][key] ?? translations.en[key] ?? key;
}

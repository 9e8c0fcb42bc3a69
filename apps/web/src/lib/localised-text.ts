type LocalisedText = { en: string; de?: string; deAt?: string };

/**
 * A stored text in the UI language (a `UiLanguageName`, or any other language tag): Austrian falls back to
 * German, German to English (docs/product.md §9 languages).
 */
export function localisedText(text: LocalisedText, language: string): string {
  if (language === 'de-AT') return text.deAt ?? text.de ?? text.en;
  if (language.startsWith('de')) return text.de ?? text.en;
  return text.en;
}

// No zod here (decision 011): the web app's first screens read notification texts through this module,
// and a contracts module that builds a schema brings the whole zod library along.

/** A text in both languages (a notification's title or text, spec §3). */
export type LocalizedTextPair = { de: string; en: string };

/**
 * spec §9: a language starting with `de` uses the German text and falls back to English; any other uses
 * English and falls back to German. An empty text counts as missing.
 */
export function localizedText(text: LocalizedTextPair, language: string): string {
  const german = language.toLowerCase().startsWith('de');
  const [first, second] = german ? [text.de, text.en] : [text.en, text.de];
  return first.trim() !== '' ? first : second;
}

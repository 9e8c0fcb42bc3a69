// No zod here: the first screens read notification texts through it (bundle budget, docs/decisions/011).
import { isGermanLanguage } from './languages';

/**
 * A text in both languages (a notification's title or text, docs/product.md §3), with an optional Austrian
 * override — the same pattern as catalogue texts.
 */
export type LocalizedTextPair = { de: string; en: string; deAt?: string | undefined };

/**
 * docs/product.md §9: a language starting with `de` uses the German text and falls back to English; any other uses
 * English and falls back to German. An empty text counts as missing. `de-AT` reads the Austrian override
 * first, when there is one.
 */
export function localizedText(text: LocalizedTextPair, language: string): string {
  const austrian = text.deAt?.trim() ?? '';
  if (austrian !== '' && language.trim().toLowerCase() === 'de-at') return text.deAt ?? '';
  const [first, second] = isGermanLanguage(language) ? [text.de, text.en] : [text.en, text.de];
  return first.trim() !== '' ? first : second;
}

/** A catalogue text: English, German and an optional Austrian override; a missing one is absent or null. */
export type CatalogueTextVariants<En extends string | null = string | null> = {
  en: En;
  de?: string | null | undefined;
  deAt?: string | null | undefined;
};

/**
 * A catalogue text in a UI language (docs/product.md §9), the same on server and web: German falls back to English,
 * the Austrian override (`de-AT`) to German; English falls back to German.
 */
export function catalogueTextIn(text: CatalogueTextVariants<string>, language: string): string;
export function catalogueTextIn(text: CatalogueTextVariants, language: string): string | null;
export function catalogueTextIn(text: CatalogueTextVariants, language: string): string | null {
  if (!isGermanLanguage(language)) return text.en ?? text.de ?? null;
  const german = text.de ?? text.en ?? null;
  return language.trim().toLowerCase() === 'de-at' ? (text.deAt ?? german) : german;
}

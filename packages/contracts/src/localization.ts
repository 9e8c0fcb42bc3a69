import { z } from 'zod';

/** The UI languages (spec §1, §9). English is the default; the choice is kept under `translocoLang`. */
export const uiLanguageNames = ['en', 'de-DE', 'de-AT'] as const;
export const uiLanguageNameSchema = z.enum(uiLanguageNames);
export type UiLanguageName = z.infer<typeof uiLanguageNameSchema>;
export const defaultUiLanguage: UiLanguageName = 'en';
export const languageStorageKey = 'translocoLang';

export const translationsQuerySchema = z
  .object({
    lang: z.enum(uiLanguageNames, {
      error: () => `lang must be one of: ${uiLanguageNames.join(', ')}`,
    }),
  })
  .passthrough();

export const translationsResponseSchema = z.object({
  Translations: z.record(z.string(), z.string()),
});
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;

/** The two-letter code of a UI language name (`de-AT` → `de`). */
export function twoLetterIsoOf(name: UiLanguageName): 'en' | 'de' {
  return name.startsWith('de') ? 'de' : 'en';
}

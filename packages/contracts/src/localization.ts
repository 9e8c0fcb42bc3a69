import { z } from 'zod';
import { uiLanguageNames } from './languages';
export { catalogueTextIn, type CatalogueTextVariants } from './localized-text';

// The constants live in a zod-free module (the web app's login route needs them, not zod).
export {
  automaticCulture,
  automaticCultureOf,
  defaultUiLanguage,
  effectiveCulture,
  isGermanLanguage,
  languageStorageKey,
  twoLetterIsoOf,
  type UiLanguageName,
  uiLanguageNames,
} from './languages';

export const uiLanguageNameSchema = z.enum(uiLanguageNames);

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

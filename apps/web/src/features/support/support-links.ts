import { twoLetterIsoOf, type AppConfig, type UiLanguageName } from '@cockpit/contracts';

/**
 * docs/product.md §1 Support panel language rules: the knowledge base link is the English variant when the locale
 * is English (the German one otherwise); the tutorial is one for English and another for every other
 * locale. Both URLs come from the server's configuration (GET /api/app/config).
 */
export function localizedSupportUrl(urls: { en: string; de: string }, language: UiLanguageName): string {
  return twoLetterIsoOf(language) === 'en' ? urls.en : urls.de;
}

export function supportLinksFor(support: AppConfig['support'], language: UiLanguageName) {
  return {
    knowledgeBaseUrl: localizedSupportUrl(support.knowledgeBaseUrl, language),
    tutorialUrl: localizedSupportUrl(support.tutorialUrl, language),
  };
}

/** `tel:` wants the number without spaces, dashes or brackets (a leading + stays). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

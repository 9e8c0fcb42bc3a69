import { describe, expect, it } from 'vitest';
import { isGermanLanguage, twoLetterIsoOf } from './languages';
import { catalogueTextIn, localizedText } from './localized-text';

// docs/product.md §9: "if the language starts with de, use German" — one rule for server, web and contracts.
describe('isGermanLanguage', () => {
  it.each(['de', 'de-DE', 'de-AT', 'de-CH', 'DE-at', ' de-DE '])('%j is German', (language) => {
    expect(isGermanLanguage(language)).toBe(true);
  });

  it.each(['en', 'en-GB', 'en-US', '', 'fr', 'nl-DE', 'und'])('%j is not German', (language) => {
    expect(isGermanLanguage(language)).toBe(false);
  });

  it('drives the two-letter code and the notification text choice', () => {
    expect(twoLetterIsoOf('de-AT')).toBe('de');
    expect(twoLetterIsoOf('en')).toBe('en');
    expect(localizedText({ de: 'Hallo', en: 'Hello' }, 'de-CH')).toBe('Hallo');
    expect(localizedText({ de: 'Hallo', en: 'Hello' }, 'en-GB')).toBe('Hello');
  });
});

describe('catalogueTextIn (docs/product.md §9 fallbacks)', () => {
  const all = { en: 'Sales', de: 'Umsatz', deAt: 'Umsatz (AT)' };

  it('picks the language and falls back', () => {
    expect(catalogueTextIn(all, 'en')).toBe('Sales');
    expect(catalogueTextIn(all, 'de-DE')).toBe('Umsatz');
    expect(catalogueTextIn(all, 'de-AT')).toBe('Umsatz (AT)');
    expect(catalogueTextIn({ en: 'Sales', de: 'Umsatz' }, 'de-AT')).toBe('Umsatz');
    expect(catalogueTextIn({ en: 'Sales' }, 'de-AT')).toBe('Sales');
    expect(catalogueTextIn({ en: 'Sales', de: null, deAt: null }, 'de-DE')).toBe('Sales');
    expect(catalogueTextIn({ en: null, de: 'Umsatz', deAt: null }, 'en')).toBe('Umsatz');
    expect(catalogueTextIn({ en: null, de: null, deAt: null }, 'en')).toBeNull();
  });
});

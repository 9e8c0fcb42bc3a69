import { afterEach, describe, expect, it } from 'vitest';
import { createValueFormatter } from './value-format';
import {
  cultureFor,
  getClientParams,
  resetClientAccountSettings,
  setClientAccountSettings,
  setClientLanguage,
} from './client-params';
import { browserLanguage } from './i18n';

// Decision 030: dates and numbers follow the UI language unless the user chose a culture; the login
// screen starts in the browser's language when nothing is remembered.

/** Intl puts no-break spaces between number and symbol; compared as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const formatterFor = (culture: string) =>
  createValueFormatter({
    culture,
    currencySymbol: '€',
    weekLabel: (week, year) => `W${week} ${year}`,
    quarterLabel: (quarter, year) => `Q${quarter} ${year}`,
  });

describe('the culture follows the language', () => {
  afterEach(() => {
    resetClientAccountSettings();
    setClientLanguage('en');
  });

  it('with "automatic", writes German numbers and dates once the UI is German', () => {
    setClientAccountSettings({ uiCulture: 'auto', currencySymbol: '€' });
    setClientLanguage('de-DE');
    expect(getClientParams().cultureName).toBe('de-DE');
    expect(cultureFor('de-AT')).toBe('de-AT');
    const german = formatterFor(cultureFor('de-DE'));
    expect(plain(german.format(124967578.07, 'currency'))).toBe('124.967.578,07 €');
    expect(plain(german.formatAxis(30_000_000, 'number'))).toBe('30 Mio.');
    setClientLanguage('en');
    const english = formatterFor(getClientParams().cultureName!);
    expect(english.format(124967578.07, 'currency')).toBe('€124,967,578.07');
    expect(english.formatAxis(30_000_000, 'number')).toBe('30m');
  });

  it('keeps an explicit choice whatever the language', () => {
    setClientAccountSettings({ uiCulture: 'de-CH', currencySymbol: 'CHF' });
    setClientLanguage('en');
    expect(getClientParams().cultureName).toBe('de-CH');
    expect(cultureFor('en')).toBe('de-CH');
  });

  it("follows the language before the user's settings are known, and sends no culture then", () => {
    expect(getClientParams().cultureName).toBeUndefined();
    expect(cultureFor('de-DE')).toBe('de-DE');
    expect(cultureFor('en')).toBe('en-GB');
  });
});

describe("the browser's language", () => {
  it.each([
    [['de-AT', 'de', 'en'], 'de-AT'],
    [['de-CH'], 'de-DE'],
    [['de'], 'de-DE'],
    [['fr-FR', 'en-US'], 'en'],
    [['fr-FR', 'de-DE'], 'de-DE'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ] as const)('%j starts the UI in %s', (preferred, expected) => {
    expect(browserLanguage(preferred)).toBe(expected);
  });
});

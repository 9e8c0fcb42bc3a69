import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageStorageKey } from '@cockpit/contracts';
import { getClientParams } from './client-params';
import { createI18n, missingTranslationText, readStoredLanguage } from './i18n';

// docs/product.md §1, §8, §9 and docs/product.md §D.6: default en, fallbacks en then de, `[Missing translation]`,
// remembered under translocoLang. Instances here use inline resources (no HTTP backend, docs/tools.md).
const resources = {
  en: { 'only.en': 'English only', 'both.key': 'English', 'greeting.name': 'Hello {{name}}' },
  'de-DE': { 'only.de': 'Nur Deutsch', 'both.key': 'Deutsch', 'at.fallsBack': 'aus Deutschland' },
  'de-AT': { 'only.at': 'Nur Österreich', 'both.key': 'Österreichisch' },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('i18n', () => {
  it('defaults to English when nothing is stored', async () => {
    expect(readStoredLanguage()).toBe('en');
    const i18n = await createI18n({ resources, warnOnMissing: false });
    expect(i18n.language).toBe('en');
    expect(i18n.t('both.key')).toBe('English');
  });

  it('starts in the language remembered under translocoLang', async () => {
    localStorage.setItem(languageStorageKey, 'de-AT');
    const i18n = await createI18n({ resources, warnOnMissing: false });
    expect(i18n.language).toBe('de-AT');
    expect(i18n.t('both.key')).toBe('Österreichisch');
  });

  it.each(['en', 'de-DE', 'de-AT'] as const)(
    'keeps %s across page loads with the texts from the server, and never overwrites the stored choice',
    async (language) => {
      localStorage.setItem(languageStorageKey, language);
      const asked: string[] = [];
      const loadTranslations = async (lang: string) => {
        asked.push(lang);
        return { 'both.key': `text of ${lang}` };
      };
      for (let load = 0; load < 2; load += 1) {
        const i18n = await createI18n({ loadTranslations, warnOnMissing: false });
        expect(i18n.language).toBe(language);
        expect(i18n.t('both.key')).toBe(`text of ${language}`);
        expect(localStorage.getItem(languageStorageKey)).toBe(language);
        expect(getClientParams().isoLanguageName).toBe(language);
      }
      expect(asked).toContain(language);
    },
  );

  it('ignores an unknown stored language', async () => {
    localStorage.setItem(languageStorageKey, 'fr');
    expect(readStoredLanguage()).toBe('en');
  });

  it('remembers a language change under translocoLang and sends it with API calls', async () => {
    const i18n = await createI18n({ resources, warnOnMissing: false });
    await i18n.changeLanguage('de-DE');
    expect(localStorage.getItem(languageStorageKey)).toBe('de-DE');
    expect(getClientParams().isoLanguageName).toBe('de-DE');
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('falls back to English first, then German', async () => {
    const i18n = await createI18n({ language: 'de-AT', resources, warnOnMissing: false });
    expect(i18n.t('only.at')).toBe('Nur Österreich');
    expect(i18n.t('only.en')).toBe('English only');
    expect(i18n.t('only.de')).toBe('Nur Deutsch');
  });

  it('an English user sees German when English lacks the key', async () => {
    const i18n = await createI18n({ language: 'en', resources, warnOnMissing: false });
    expect(i18n.t('only.de')).toBe('Nur Deutsch');
  });

  it('uses flat keys with dots and no namespaces', async () => {
    const i18n = await createI18n({
      resources: { en: { 'a.b.c': 'flat', 'x:y': 'colon' } },
      warnOnMissing: false,
    });
    expect(i18n.t('a.b.c')).toBe('flat');
    expect(i18n.t('x:y')).toBe('colon');
  });

  it('interpolates without HTML escaping (React escapes)', async () => {
    const i18n = await createI18n({ resources, warnOnMissing: false });
    expect(i18n.t('greeting.name', { name: 'A & B' })).toBe('Hello A & B');
  });

  it('renders [Missing translation] for a key missing everywhere and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const i18n = await createI18n({ resources, warnOnMissing: true });
    expect(i18n.t('no.such.key')).toBe(missingTranslationText);
    expect(missingTranslationText).toBe('[Missing translation]');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no.such.key'));
  });

  it('does not warn in production', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const i18n = await createI18n({ resources, warnOnMissing: false });
    expect(i18n.t('no.such.key')).toBe(missingTranslationText);
    expect(warn).not.toHaveBeenCalled();
  });

  it('loads every available language once through the loader (docs/product.md §7)', async () => {
    const load = vi.fn(async (language: string) => ({ 'both.key': `text ${language}` }));
    const i18n = await createI18n({ loadTranslations: load, warnOnMissing: false });
    expect(load.mock.calls.map(([language]) => language).sort()).toEqual(['de-AT', 'de-DE', 'en']);
    await i18n.changeLanguage('de-AT');
    await i18n.changeLanguage('en');
    expect(load).toHaveBeenCalledTimes(3);
    expect(i18n.t('both.key')).toBe('text en');
  });
});

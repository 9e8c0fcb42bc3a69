import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import deDE from './locales/de-DE.json' with { type: 'json' };
import deAT from './locales/de-AT.json' with { type: 'json' };

// Style: i18n keys are static, so every language must have every key (navigation shell: "Every text in English,
// German (DE) and German (AT)").
describe('locale files', () => {
  const languages = { en, 'de-DE': deDE, 'de-AT': deAT } as Record<string, Record<string, string>>;
  const allKeys = new Set(Object.values(languages).flatMap((texts) => Object.keys(texts)));

  for (const [language, texts] of Object.entries(languages)) {
    it(`${language} has every key, none empty`, () => {
      const missing = [...allKeys].filter((key) => !(key in texts));
      expect(missing).toEqual([]);
      const empty = Object.entries(texts).filter(([, text]) => text.trim() === '');
      expect(empty).toEqual([]);
    });
  }

  it('keys follow feature.area.phrase', () => {
    const malformed = [...allKeys].filter((key) => !/^[a-zA-Z][\w-]*(\.[\w-]+)+$/.test(key));
    expect(malformed).toEqual([]);
  });
});

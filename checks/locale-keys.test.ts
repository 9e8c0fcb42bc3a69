import { describe, expect, it } from 'vitest';
import en from '../packages/contracts/src/locales/en.json' with { type: 'json' };
import { filesUnder, readText } from './source-files';

// Every text in the locale files is shown somewhere: a key no code names is dead weight that translators
// keep translating. Keys are named as whole string literals (`t('settings.title')`, or a map of them);
// i18next adds the plural suffixes itself (`_one`, `_other`). The families below are named by a template
// instead — each with the place that builds the key, and checked to still be built there.
const dynamicFamilies: Record<string, string> = {
  'languages.': 'the language menus: t(`languages.${name}`) for each UI language',
  'cultures.': 'the settings form: t(`cultures.${culture}`) for each UI culture',
  'roles.': 'the settings API: the server answers the role label key `roles.${roleKey}`',
};

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

const sources = filesUnder(
  ['apps/web/src', 'apps/server/src', 'packages/contracts/src'],
  (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('/testing/'),
).map(readText);
const literals = new Set(
  sources.flatMap((text) => [...text.matchAll(/['"`]([A-Za-z][\w.-]*)['"`]/g)].map((m) => m[1])),
);

describe('locale keys', () => {
  it('every key of en.json is used by the code', () => {
    const unused = Object.keys(en).filter((key) => {
      if (literals.has(key) || literals.has(key.replace(pluralSuffix, ''))) return false;
      return !Object.keys(dynamicFamilies).some((family) => key.startsWith(family));
    });
    expect(unused, 'remove the key from en.json, de-DE.json and de-AT.json (or name its use)').toEqual([]);
  });

  it('each dynamic family is still built from a template', () => {
    const stale = Object.keys(dynamicFamilies).filter(
      (family) => !sources.some((text) => text.includes(`\`${family}\${`)),
    );
    expect(stale, 'drop the family from the list: its keys are named as literals now').toEqual([]);
  });
});

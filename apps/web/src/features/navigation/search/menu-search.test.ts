import { describe, expect, it } from 'vitest';
import { type MenuGroup, type MenuItem, normalizeSearchText } from '@cockpit/contracts';
import { buildMenuSearchIndex, searchMenu, type SearchOutcome } from './menu-search';

// docs/product.md §2 Menu search; docs/product.md §D.3: ≥ 2 characters, case- and accent-insensitive, labels before sub-titles.

function item(
  name: string,
  title: string,
  subTitle: string | null = null,
  externalUrl: string | null = null,
): MenuItem {
  return {
    name,
    title,
    subTitle,
    icon: null,
    path: externalUrl ? null : `/reports/${name}`,
    externalUrl,
    isActive: false,
    isPinned: false,
    leaveTitleUntranslated: false,
  };
}

function group(name: string, title: string, items: MenuItem[]): MenuGroup {
  return { name, title, icon: null, externalUrl: null, isActive: false, isExpanded: false, items };
}

const menu: MenuGroup[] = [
  group('sales', 'Vertrieb', [
    item('totalviewlayout', 'Gesamtübersicht', 'Alle Kennzahlen auf einen Blick'),
    item('sales-by-region', 'Umsatz nach Region', 'Umsatz je Vertriebsregion'),
    item('street', 'Straßenverkauf', 'Verkauf auf der Straße'),
    item('forecast', 'Prognose', 'Umsatzerwartung'),
  ]),
  group('finance', 'Finanzen', [
    item('cafe', 'Café-Umsätze', null),
    item('budget', 'Budget vs. Actual', 'Deviations from the annual budget'),
    item('market', 'Market data', 'External portal', 'https://example.com/market'),
  ]),
  group('umsatz-archiv', 'Umsatzarchiv', []),
];
const index = buildMenuSearchIndex(menu);

function itemNames(outcome: SearchOutcome): string[] {
  return outcome.state === 'results' ? outcome.results.items.map((result) => result.name) : [];
}
function groupNames(outcome: SearchOutcome): string[] {
  return outcome.state === 'results' ? outcome.results.groups.map((result) => result.name) : [];
}

describe('normalizeSearchText', () => {
  it.each([
    ['Gesamtübersicht', 'gesamtubersicht'],
    ['STRASSE', 'strasse'],
    ['Straße', 'strasse'],
    ['Café', 'cafe'],
    ['Ähnlich Ölig Übel', 'ahnlich olig ubel'],
    ['  two   spaces  ', 'two spaces'],
    ['Søren Æble', 'soren aeble'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

describe('searchMenu', () => {
  it('needs at least 2 characters (the too-short state)', () => {
    expect(searchMenu(index, '')).toEqual({ state: 'tooShort' });
    expect(searchMenu(index, 'u')).toEqual({ state: 'tooShort' });
    expect(searchMenu(index, '  u  ')).toEqual({ state: 'tooShort' });
    expect(searchMenu(index, 'um').state).toBe('results');
  });

  it('has an empty state when nothing matches', () => {
    expect(searchMenu(index, 'zzz')).toEqual({ state: 'empty' });
  });

  it('ignores case and accents in both directions', () => {
    expect(itemNames(searchMenu(index, 'GESAMTUBERSICHT'))).toEqual(['totalviewlayout']);
    expect(itemNames(searchMenu(index, 'gesamtübersicht'))).toEqual(['totalviewlayout']);
    expect(itemNames(searchMenu(index, 'cafe'))).toEqual(['cafe']);
    expect(itemNames(searchMenu(index, 'CAFÉ'))).toEqual(['cafe']);
    // ä ↔ a: "Café-Umsätze" in the label, "Umsatzerwartung" in a sub-title (ranked after it).
    expect(itemNames(searchMenu(index, 'umsätze'))).toEqual(['cafe', 'forecast']);
    expect(itemNames(searchMenu(index, 'umsatze'))).toEqual(['cafe', 'forecast']);
  });

  it('matches ß with ss (and ss with ß)', () => {
    expect(itemNames(searchMenu(index, 'strassen'))).toEqual(['street']);
    expect(itemNames(searchMenu(index, 'straßen'))).toEqual(['street']);
  });

  it('ranks label matches before sub-title matches, then by match quality and menu order', () => {
    // "umsatz": label of sales-by-region (start) and cafe ("Café-Umsätze", word start); sub-title of
    // forecast ("Umsatzerwartung") and sales-by-region also has it in the sub-title (counted once).
    expect(itemNames(searchMenu(index, 'umsatz'))).toEqual(['sales-by-region', 'cafe', 'forecast']);
    expect(itemNames(searchMenu(index, 'blick'))).toEqual(['totalviewlayout']);
  });

  it('finds groups by their label', () => {
    const outcome = searchMenu(index, 'umsatz');
    expect(groupNames(outcome)).toEqual(['umsatz-archiv']);
    expect(groupNames(searchMenu(index, 'finanz'))).toEqual(['finance']);
    expect(itemNames(searchMenu(index, 'finanz'))).toEqual([]);
  });

  it('matches several words in any order', () => {
    expect(itemNames(searchMenu(index, 'region umsatz'))).toEqual(['sales-by-region']);
  });

  it('returns the docs/product.md §3 result fields, external items without a path', () => {
    const outcome = searchMenu(index, 'market');
    expect(outcome.state).toBe('results');
    if (outcome.state !== 'results') return;
    expect(outcome.results.items[0]).toEqual({
      name: 'market',
      path: null,
      externalUrl: 'https://example.com/market',
      translatedLabel: 'Market data',
      subTitle: 'External portal',
      groupName: 'finance',
      groupLabel: 'Finanzen',
    });
    expect(searchMenu(index, 'vertrieb').state).toBe('results');
  });

  it('limits the listed results but counts all of them', () => {
    const many = [
      group(
        'g',
        'Group',
        Array.from({ length: 120 }, (_, i) => item(`r${i}`, `Report ${i}`)),
      ),
    ];
    const outcome = searchMenu(buildMenuSearchIndex(many), 'report', { itemLimit: 50 });
    expect(outcome.state).toBe('results');
    if (outcome.state !== 'results') return;
    expect(outcome.results.items).toHaveLength(50);
    expect(outcome.totalItems).toBe(120);
    expect(outcome.results.items[0]?.name).toBe('r0');
  });
});

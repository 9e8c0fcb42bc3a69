import { describe, expect, it } from 'vitest';
import { dashboardInputSchema, itemInputSchema, type CatalogueDocument } from '@cockpit/contracts';
import {
  dashboardFormValues,
  dashboardInput,
  emptyItemForm,
  exportFileName,
  framePreviewUrl,
  itemFormValues,
  itemInput,
  moveInList,
  proposeLayoutId,
  proposeName,
  textIn,
} from './catalogue-form';

// The catalogue forms turn into the contracts' input shapes (decision 015); the server validates with
// the same schemas, so a form that passes here is one the server reads the same way.

const document: CatalogueDocument = {
  format: 'report-cockpit.catalogue',
  version: 1,
  menu: [],
  dashboards: [
    {
      name: 'management',
      title: { en: 'Management' },
      dashboards: [
        {
          layoutId: 101,
          title: { en: 'Executive Overview', de: 'Überblick' },
          tiles: [
            {
              id: '6f1c2b1e-9a43-4c1b-8d51-0c3d5c1f2a10',
              type: 'kpi',
              definition: 'sales-figures',
              visual: 'revenue',
              values: { period: { preset: 'this-year' } },
              title: { en: 'Revenue' },
              width: 12,
            },
          ],
        },
        { layoutId: 205, title: { en: 'Logistics' }, tiles: [] },
      ],
    },
  ],
};

describe('catalogue forms', () => {
  it('proposes URL-safe names from titles, umlauts spelled out', () => {
    expect(proposeName('Umsatz nach Größe & Region')).toBe('umsatz-nach-groesse-region');
    expect(proposeName('  Café — KPIs!  ')).toBe('cafe-kpis');
    expect(proposeName('x'.repeat(80))).toHaveLength(64);
  });

  it('sends only the chosen kind of report, leaves empty languages and audiences out', () => {
    const values = {
      ...emptyItemForm('controlling'),
      name: 'kpi-glossary-2',
      title: { en: 'KPI Glossary', de: '', deAt: '' },
      kind: 'embedded' as const,
      frameUrl: ' /embedded/kpi-glossary?lang={lang} ',
      url: 'https://ignored.example',
      audience: { roles: [], subscriptions: ['pro' as const] },
    };
    const input = itemInput(values);
    expect(input).toEqual({
      name: 'kpi-glossary-2',
      group: 'controlling',
      title: { en: 'KPI Glossary' },
      audience: { subscriptions: ['pro'] },
      report: { kind: 'embedded', frameUrl: '/embedded/kpi-glossary?lang={lang}' },
    });
    expect(itemInputSchema.safeParse(input).success).toBe(true);
    // A round trip through the form keeps the item.
    const { group: _group, ...item } = input;
    expect(itemInput(itemFormValues(item, 'controlling'))).toEqual(input);
  });

  it('keeps tile settings the editor does not show, and checks layout ids', () => {
    const values = dashboardFormValues(document.dashboards[0]!.dashboards[0]!, 'management');
    const input = dashboardInput(values);
    expect(input.tiles[0]).toEqual(document.dashboards[0]!.dashboards[0]!.tiles[0]);
    expect(dashboardInputSchema.safeParse(input).success).toBe(true);
    expect(dashboardInput({ ...values, layoutId: '12a' }).layoutId).toBeNaN();
    expect(proposeLayoutId(document)).toBe(206);
    expect(proposeLayoutId({ ...document, dashboards: [] })).toBe(1);
  });

  it('previews same-origin paths and https URLs only, with the UI language', () => {
    expect(framePreviewUrl('/embedded/kpi-glossary?lang={lang}', 'de-AT')).toBe(
      '/embedded/kpi-glossary?lang=de-AT',
    );
    expect(framePreviewUrl('https://bi.example/x', 'en')).toBe('https://bi.example/x');
    expect(framePreviewUrl('http://bi.example/x', 'en')).toBeNull();
    expect(framePreviewUrl('//evil.example/x', 'en')).toBeNull();
    expect(framePreviewUrl('javascript:alert(1)', 'en')).toBeNull();
  });

  it('falls back from Austrian to German to English, names exports by the date, moves within bounds', () => {
    expect(textIn({ en: 'Sales', de: 'Vertrieb' }, 'de-AT')).toBe('Vertrieb');
    expect(textIn({ en: 'Sales' }, 'de-DE')).toBe('Sales');
    expect(exportFileName(new Date(2025, 2, 1, 12))).toBe('catalogue-2025-03-01.json');
    expect(moveInList(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveInList(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

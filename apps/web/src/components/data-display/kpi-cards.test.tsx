import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReportKpi } from '@cockpit/contracts';
import { createValueFormatter } from '../../lib/value-format';
import { renderWithProviders } from '../../testing/test-utils';
import { KpiCards } from './kpi-cards';

// A KPI compared with a column or the previous period shows the change, absolute and in per cent, with
// an arrow and a colour that says whether it is good news (decision 047), in the reader's culture.

const formatter = createValueFormatter({
  culture: 'de-DE',
  currencySymbol: '€',
  weekLabel: (week, year) => `KW ${week} ${year}`,
  quarterLabel: (quarter, year) => `Q${quarter} ${year}`,
});

const kpi = (value: number | null, comparison: ReportKpi['comparison']): ReportKpi => ({
  key: `k.${String(value)}.${String(comparison?.lowerIsBetter)}`,
  label: 'Umsatz',
  value,
  format: 'currency',
  comparison,
});

const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ');

describe('KpiCards', () => {
  it('shows a rise as good news, a fall as bad, and the other way round when lower is better', async () => {
    await renderWithProviders(
      <KpiCards
        label="Kennzahlen"
        formatter={formatter}
        kpis={[
          kpi(1200, { label: 'Vorperiode', value: 1000 }),
          kpi(800, { label: 'Vorperiode', value: 1000 }),
          kpi(800, { label: 'Vorperiode', value: 1000, lowerIsBetter: true }),
        ]}
      />,
      { language: 'de-DE' },
    );
    const comparisons = await screen.findAllByTestId('kpi-comparison');
    expect(text(comparisons[0]!)).toBe('Vorperiode: 1.000,00 €');
    const changes = screen.getAllByTestId('kpi-change');
    expect(changes.map(text)).toEqual([
      '▲ Gestiegen +200,00 € (+20,0 %)',
      '▼ Gesunken -200,00 € (-20,0 %)',
      '▼ Gesunken -200,00 € (-20,0 %)',
    ]);
    expect(changes.map((change) => change.dataset.good)).toEqual(['true', 'false', 'true']);
    // The arrow is decoration: assistive technology reads the word.
    expect(changes[0]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('▲ ');
  });

  it('shows no change without both figures, and no percentage against zero', async () => {
    await renderWithProviders(
      <KpiCards
        label="Kennzahlen"
        formatter={formatter}
        kpis={[kpi(1200, { label: 'Vorperiode', value: null }), kpi(50, { label: 'Ziel', value: 0 })]}
      />,
      { language: 'de-DE' },
    );
    const comparisons = await screen.findAllByTestId('kpi-comparison');
    expect(text(comparisons[0]!)).toBe('Vorperiode: –');
    expect(screen.getAllByTestId('kpi-change').map(text)).toEqual(['▲ Gestiegen +50,00 €']);
  });
});

import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogueReportDefinition } from '@cockpit/contracts';
import { renderWithProviders } from '../../../testing/test-utils';
import { newTile, type TileFormValues } from '../utils/catalogue-form';
import { TileEditor } from './tile-editor';

// A tile's type follows its visual (decision 046): the editor derives it, so an author cannot save a KPI
// tile that shows a chart ("No data for this period." on the dashboard).

const definition: CatalogueReportDefinition = {
  name: 'sales-per-period',
  source: 'uploads',
  sql: 'select 1',
  parameters: [],
  columns: [],
  visuals: [
    { type: 'kpi', id: 'totals', items: [{ column: 'revenue' }] },
    { type: 'chart', id: 'trend', kind: 'line', x: 'month', series: ['revenue'], stacked: false },
    { type: 'chart', id: 'by_region', kind: 'bar', x: 'region', series: ['revenue'], stacked: false },
  ],
  cacheSeconds: 300,
};

/** The tiles as the editor last changed them. */
let shown: TileFormValues[] = [];
function Harness() {
  const [tiles, setTiles] = useState<TileFormValues[]>([
    { ...newTile(), title: { en: 'Trend', de: '', deAt: '' } },
  ]);
  const change = (next: TileFormValues[]) => {
    shown = next;
    setTiles(next);
  };
  return (
    <TileEditor
      definitions={[definition]}
      tiles={tiles}
      onChange={change}
      invalidTitles={new Set()}
      dashboardParameters={[]}
    />
  );
}

async function choose(label: RegExp | string, option: string) {
  const row = screen.getByTestId('tile-row');
  await userEvent.click(within(row).getByLabelText(label, { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('TileEditor', () => {
  it('takes the tile type from the chosen visual and offers only the types the definition has', async () => {
    await renderWithProviders(<Harness />);
    await choose(/Shows/, 'sales-per-period');
    // A new definition starts with its first visual's type.
    expect(shown[0]?.type).toBe('kpi');

    await choose('Visual from the report', 'trend (chart)');
    expect(shown[0]).toMatchObject({ type: 'line', definitionTile: { visual: 'trend' } });
    const type = within(screen.getByTestId('tile-row')).getByLabelText('Tile type', { selector: 'input' });
    expect(type).toBeDisabled();
    expect(type).toHaveValue('Line chart');
    expect(screen.getByText('Follows the chosen visual.')).toBeInTheDocument();

    await choose('Visual from the report', 'by_region (chart)');
    expect(shown[0]?.type).toBe('bar');
    await choose('Visual from the report', 'totals (kpi)');
    expect(shown[0]?.type).toBe('kpi');

    // "The first of the tile's type": the type is chosen again, among the definition's own.
    await choose('Visual from the report', "The first of the tile's type");
    expect(type).toBeEnabled();
    await userEvent.click(type);
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['KPIs', 'Line chart', 'Bar chart']);
  });
});

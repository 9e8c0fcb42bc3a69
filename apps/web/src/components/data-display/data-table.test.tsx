import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportCell, ReportColumn } from '@cockpit/contracts';
import { downloadText } from '../../lib/download';
import { createValueFormatter } from '../../lib/value-format';
import { renderWithProviders } from '../../testing/test-utils';
import { DataTable, fitColumnWidths } from './data-table';

// Reports and dashboards: a sortable table that stays smooth with 100,000 rows (only the rows in view are in the
// DOM), with a CSV export of exactly what is shown (sort order, visible columns, formatting).

vi.mock('../../lib/download', () => ({ downloadText: vi.fn() }));

// jsdom lays nothing out: give the scroll container the height a browser would.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

const columns: ReportColumn[] = [
  { key: 'day', label: 'Day', format: 'date' },
  { key: 'store', label: 'Store', format: 'text' },
  { key: 'revenue', label: 'Revenue', format: 'currency' },
  { key: 'marginPct', label: 'Margin %', format: 'percent' },
];

const stores = ['Wien', 'Graz', 'Ärzteshop', 'Bremen'];
const rows: ReportCell[][] = Array.from({ length: 100_000 }, (_, index) => [
  `2026-${String((index % 12) + 1).padStart(2, '0')}-01`,
  stores[index % stores.length]!,
  (index * 7919) % 100_003,
  index % 10 === 0 ? null : (index % 100) / 100,
]);

const formatter = createValueFormatter({
  culture: 'en-GB',
  currencySymbol: '€',
  weekLabel: (week, year) => `W${week} ${year}`,
  quarterLabel: (quarter, year) => `Q${quarter} ${year}`,
});

const bodyRows = () => within(screen.getByTestId('data-table')).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('renders only a window of 100,000 rows and tells their number', async () => {
    await renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        formatter={formatter}
        label="Details"
        exportFileName="report"
      />,
    );
    expect(screen.getByTestId('table-row-count')).toHaveTextContent('100,000 rows');
    expect(screen.getByRole('table', { name: 'Details' })).toHaveAttribute('aria-rowcount', '100001');
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(cellsOf(rendered[0]!)).toEqual(['01/01/2026', 'Wien', '€0.00', '–']);
  });

  it('sorts by a column header: numbers largest first, text by the culture, missing values last', async () => {
    await renderWithProviders(
      <DataTable columns={columns} rows={rows} formatter={formatter} label="Details" />,
    );
    const revenueHeader = screen.getByRole('columnheader', { name: /Revenue/ });
    await userEvent.click(within(revenueHeader).getByRole('button'));
    expect(revenueHeader).toHaveAttribute('aria-sort', 'descending');
    const [first, second] = bodyRows().map(cellsOf);
    expect(first?.[2]).toBe('€100,002.00');
    expect(Number(second?.[2]?.replace(/[€,]/g, ''))).toBeLessThanOrEqual(100_002);

    const storeHeader = screen.getByRole('columnheader', { name: /Store/ });
    await userEvent.click(within(storeHeader).getByRole('button'));
    expect(storeHeader).toHaveAttribute('aria-sort', 'ascending');
    // "Ärzteshop" sorts with the A's (culture-aware), not after "Z".
    expect(cellsOf(bodyRows()[0]!)[1]).toBe('Ärzteshop');

    const marginHeader = screen.getByRole('columnheader', { name: /Margin %/ });
    await userEvent.click(within(marginHeader).getByRole('button'));
    await userEvent.click(within(marginHeader).getByRole('button'));
    expect(marginHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(cellsOf(bodyRows()[0]!)[3]).toBe('1.0%');
  });

  it('exports the visible columns in the shown order, formatted as shown', async () => {
    const small = rows.slice(0, 5);
    await renderWithProviders(
      <DataTable
        columns={columns}
        rows={small}
        formatter={formatter}
        label="Details"
        exportFileName="total_2026"
      />,
    );
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Revenue/ })).getByRole('button'));
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Store' }));
    expect(screen.queryByRole('columnheader', { name: /Store/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloadText).toHaveBeenCalledTimes(1);
    const [fileName, csv, mime] = vi.mocked(downloadText).mock.calls[0]!;
    expect(fileName).toBe('total_2026.csv');
    expect(mime).toBe('text/csv;charset=utf-8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Day,Revenue,Margin %',
      '01/05/2026,"€31,676.00",4.0%',
      '01/04/2026,"€23,757.00",3.0%',
      '01/03/2026,"€15,838.00",2.0%',
      '01/02/2026,"€7,919.00",1.0%',
      '01/01/2026,€0.00,–',
    ]);
    // Exactly what the screen shows.
    expect(bodyRows().map((row) => cellsOf(row).join('|'))[0]).toBe('01/05/2026|€31,676.00|4.0%');
  });
});

describe('column widths', () => {
  it('fit the longest header or value, within bounds', () => {
    const [region, revenue, note] = fitColumnWidths(
      ['Region', 'Revenue', 'Note'],
      [
        ['North', '€124,967,578.07', 'x'.repeat(200)],
        ['Overseas territories', '€1.00', ''],
      ],
    );
    // "Overseas territories" is longer than its header; the revenue fits its widest amount.
    expect(region).toBeGreaterThan(fitColumnWidths(['Region'], [['North']])[0]!);
    expect(revenue).toBeGreaterThanOrEqual(Math.round('€124,967,578.07'.length * 7.4 + 24));
    // A very long text is cut (its cell's title holds it), not the whole table widened.
    expect(note).toBe(360);
    expect(fitColumnWidths(['A'], [['1']])[0]).toBe(72);
  });

  it('keeps the first column in place while scrolling sideways', async () => {
    await renderWithProviders(
      <DataTable columns={columns} rows={rows.slice(0, 5)} formatter={formatter} label="Sales" />,
    );
    const table = await screen.findByRole('table', { name: 'Sales' });
    const firstCells = within(table).getAllByRole('columnheader');
    expect(firstCells[0]).toHaveAttribute('data-sticky');
    expect(firstCells[1]).not.toHaveAttribute('data-sticky');
  });
});

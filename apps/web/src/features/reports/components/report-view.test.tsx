import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type ReportResponse } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import type { ReportSearch } from '../utils/report-search';
import { ReportView } from './report-view';

// The report page: title and sub-title, KPIs, charts and table of a query report (decision 027);
// embedded and external reports; loading, "not available", invalid parameters and failure states.

vi.mock('../../../components/data-display/report-chart', () => ({
  ReportChart: ({ chart }: { chart: { title: string } }) => (
    <div data-testid="report-chart">{chart.title}</div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

const definition: ReportResponse['report'] = {
  name: 'totalviewlayout',
  title: 'Total View',
  subTitle: 'All key figures at a glance',
  kind: 'query',

  frameUrl: null,
  externalUrl: null,
};

const queryAnswer: ReportResponse = {
  report: definition,

  parameters: [],
  info: null,
  data: {
    kpis: [
      { key: 'revenue', label: 'Revenue', value: 1234567.891, format: 'currency' },
      { key: 'marginPct', label: 'Margin %', value: 0.3625, format: 'percent' },
    ],
    charts: [
      {
        id: 'trend',
        title: 'Revenue over time',
        kind: 'line',
        categoryFormat: 'month',
        categories: ['2026-01-01'],
        series: [{ key: 'revenue', label: 'Revenue', format: 'currency', values: [1], axis: 0 }],
      },
    ],
    table: {
      columns: [
        { key: 'month', label: 'Month', format: 'month' },
        { key: 'revenue', label: 'Revenue', format: 'currency' },
      ],
      rows: [['2026-01-01', 1000]],
      totalRows: 1,
      truncated: false,
    },
  },
};

async function renderReport(
  name: string,
  answer: () => Response,
  { culture = 'de-AT', onSearchChange = vi.fn<(search: ReportSearch) => void>() } = {},
) {
  const calls = stubApi({ [`GET ${pathOf(apiRoutes.getReport, { name: name })}`]: answer });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await renderWithProviders(
    <ReportView
      name={name}
      fallbackTitle="Menu title"
      culture={culture}
      currencySymbol="€"
      search={{}}
      onSearchChange={onSearchChange}
    />,
  );
  return { calls, onSearchChange };
}

describe('ReportView', () => {
  it('shows a query report in the user culture', async () => {
    await renderReport('totalviewlayout', () => jsonResponse(queryAnswer));
    expect(await screen.findByRole('heading', { level: 1, name: 'Total View' })).toBeInTheDocument();
    expect(screen.getByTestId('report-subtitle')).toHaveTextContent('All key figures at a glance');

    const values = screen
      .getAllByTestId('kpi-value')
      .map((value) => value.textContent?.replace(/\u00a0/g, ' '));
    expect(values).toEqual(['€ 1.234.567,89', '36,3 %']);
    expect(screen.getByTestId('report-chart')).toHaveTextContent('Revenue over time');
    expect(within(screen.getByTestId('data-table')).getByText('Jän. 2026')).toBeInTheDocument();
  });

  it('shows the empty state when the period has no data', async () => {
    const empty = {
      ...queryAnswer,
      data: { kpis: [], charts: [], table: { ...queryAnswer.data!.table!, rows: [], totalRows: 0 } },
    };
    await renderReport('totalviewlayout', () => jsonResponse(empty));
    expect(await screen.findByRole('heading', { name: 'No data for this period' })).toBeInTheDocument();
  });

  it('shows "not available" for a 404 (no definition, or another organisation’s report)', async () => {
    await renderReport('balance-sheet', () =>
      jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
    );
    expect(await screen.findByRole('heading', { name: 'This report is not available' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Menu title' })).toBeInTheDocument();
  });

  it('offers the default view when the server refuses the parameters', async () => {
    const { onSearchChange } = await renderReport('totalviewlayout', () =>
      jsonResponse({ error: { code: 'BAD_REQUEST', message: "Invalid querystring field 'to'" } }, 400),
    );
    expect(await screen.findByRole('heading', { name: 'These settings cannot be used' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the default view' }));
    expect(onSearchChange).toHaveBeenCalledWith({});
  });

  it('shows the error tile with a retry for other failures', async () => {
    await renderReport('totalviewlayout', () => new Response('proxy error', { status: 418 }));
    expect(await screen.findByRole('heading', { name: 'Error has occured' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows an embedded report in a titled, sandboxed frame', async () => {
    await renderReport('kpi-glossary', () =>
      jsonResponse({
        report: {
          ...definition,
          name: 'kpi-glossary',
          title: 'KPI Glossary',
          kind: 'embedded',

          frameUrl: '/embedded/kpi-glossary?lang=en',
        },

        data: null,
      }),
    );
    const frame = await screen.findByTitle('KPI Glossary (embedded report)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/embedded/kpi-glossary?lang=en');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  });

  it('offers to open an external report in a new window', async () => {
    await renderReport('market-data-portal', () =>
      jsonResponse({
        report: {
          ...definition,
          kind: 'external',

          externalUrl: 'https://example.com/market-data',
        },

        data: null,
      }),
    );
    const link = await screen.findByRole('link', { name: 'Open report' });
    expect(link).toHaveAttribute('href', 'https://example.com/market-data');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type QueryLogEntry } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { QueryLog } from './query-log';

// Management → Data → Query log (decision 027): who ran which report with which values, rows, duration,
// cache hit and error; filtered by source, definition and errors only.

const entry = (overrides: Partial<QueryLogEntry>): QueryLogEntry => ({
  id: 'q1',
  at: '2026-11-25T10:00:00.000Z',
  userName: 'Nora North',
  dataSource: 'shop',
  definition: 'revenue',
  target: 'sales-report',
  purpose: 'report',
  parameters: { range: { from: '2026-01-01', to: '2026-03-31' }, region: ['North', 'South'] },
  rows: 1234,
  milliseconds: 87,
  cacheHit: false,
  error: null,
  ...overrides,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('query log', () => {
  it('lists each run and asks for errors only when told', async () => {
    const calls = stubApi({
      [`GET ${apiRoutes.listDataSources.path}`]: () => jsonResponse({ items: [] }),
      [`GET ${apiRoutes.listQueryLog.path}`]: (call) =>
        jsonResponse({
          items:
            call.search.get('errorsOnly') === 'true'
              ? [entry({ id: 'q3', rows: null, error: "Table 'test.sale' doesn't exist" })]
              : [entry({}), entry({ id: 'q2', cacheHit: true, userName: null, purpose: 'tile' })],
          total: 2,
          page: 1,
          pageSize: 50,
        }),
    });
    await renderWithProviders(
      <QueryLog dataHref="/data" definitionHref={(name) => `/d/${name}`} definitionNames={[]} />,
    );
    const rows = await screen.findAllByTestId('query-log-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Nora North')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'revenue' })).toHaveAttribute('href', '/d/revenue');
    expect(within(rows[0]!).getByText('range: 2026-01-01 – 2026-03-31')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('region: North, South')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1,234')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('87 ms')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('From the cache')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('The cockpit')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Errors only' }));
    await waitFor(() => expect(screen.getAllByTestId('query-log-row')).toHaveLength(1));
    expect(screen.getByText("Table 'test.sale' doesn't exist")).toBeInTheDocument();
    expect(
      calls.some(
        (call) => call.path === apiRoutes.listQueryLog.path && call.search.get('errorsOnly') === 'true',
      ),
    ).toBe(true);
  });

  it('says so when nothing ran', async () => {
    stubApi({
      [`GET ${apiRoutes.listDataSources.path}`]: () => jsonResponse({ items: [] }),
      [`GET ${apiRoutes.listQueryLog.path}`]: () =>
        jsonResponse({ items: [], total: 0, page: 1, pageSize: 50 }),
    });
    await renderWithProviders(
      <QueryLog dataHref="/data" definitionHref={(name) => `/d/${name}`} definitionNames={[]} />,
    );
    expect(await screen.findByText('No runs')).toBeInTheDocument();
  });
});

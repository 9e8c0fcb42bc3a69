import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  apiRoutes,
  choiceNotOfferedMessage,
  errorCodes,
  type DashboardResponse,
  type DashboardTileDataResponse,
  pathOf,
} from '@cockpit/contracts';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { DashboardView } from './dashboard-view';

// Reports and dashboards: a dashboard is a grid of tiles; each tile loads its own data and shows its own error
// without breaking the others.

vi.mock('../../../components/data-display/report-chart', () => ({
  ReportChart: ({ chart }: { chart: { title: string } }) => (
    <div data-testid="report-chart">{chart.title}</div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

// jsdom lays nothing out: give the table tile's scroll container the height a browser would.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

const tileIds = [
  '7f1c0d4e-0000-4000-8000-000000000001',
  '7f1c0d4e-0000-4000-8000-000000000002',
  '7f1c0d4e-0000-4000-8000-000000000003',
];

const dashboard: DashboardResponse = {
  layoutId: 101,
  title: 'Executive Overview',
  subTitle: 'Revenue, margin and cash',
  groupTitle: 'Management',
  isPinned: false,
  tiles: [
    { id: tileIds[0]!, type: 'kpi', title: 'Revenue this year', width: 6 },
    { id: tileIds[1]!, type: 'line', title: 'Revenue per month', width: 6 },
    { id: tileIds[2]!, type: 'table', title: 'Top products', width: 12 },
  ],
};

const kpiTile: DashboardTileDataResponse = {
  tile: dashboard.tiles[0]!,
  data: {
    kpis: [{ key: 'revenue', label: 'Revenue', value: 1234.5, format: 'currency' }],
    charts: [],
    table: null,
  },
  info: { dataAsOf: '2026-11-21T13:05:00.000Z', fromCache: false, cutAtRows: null },
};

describe('DashboardView', () => {
  it('shows every tile; a failing tile shows its own error and the others their data', async () => {
    stubApi({
      [`GET ${pathOf(apiRoutes.getDashboard, { layoutId: 101 })}`]: () => jsonResponse(dashboard),
      [`GET ${pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tileIds[0]! })}`]: () =>
        jsonResponse(kpiTile),
      // The line tile is never answered with data: its request fails.
      [`GET ${pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tileIds[1]! })}`]: () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'gone' } }, 404),
      [`GET ${pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tileIds[2]! })}`]: () =>
        jsonResponse({
          tile: dashboard.tiles[2],
          data: {
            kpis: [],
            charts: [],
            table: {
              columns: [
                { key: 'product', label: 'Product', format: 'text' },
                { key: 'revenue', label: 'Revenue', format: 'currency' },
              ],
              rows: [['Tablet', 848564.56]],
              totalRows: 36,
              truncated: true,
            },
          },
        }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(<DashboardView layoutId="101" culture="de-DE" currencySymbol="€" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Executive Overview' })).toBeInTheDocument();
    const tiles = screen.getAllByTestId('dashboard-tile');
    expect(tiles).toHaveLength(3);
    expect((await within(tiles[0]!).findByTestId('kpi-value')).textContent?.replace(/\u00a0/g, ' ')).toBe(
      '1.234,50 €',
    );
    expect(await within(tiles[1]!).findByText('This tile could not be loaded.')).toBeInTheDocument();
    expect(within(tiles[1]!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await within(tiles[2]!).findByText('Tablet')).toBeInTheDocument();
    // When its data was read, in the user's culture.
    expect(within(tiles[0]!).getByText(/^Data as of 21\.11\.2026/)).toBeInTheDocument();
  });

  it("names a choice outside the reader's own options on the tile (decision 038)", async () => {
    stubApi({
      [`GET ${pathOf(apiRoutes.getDashboard, { layoutId: 101 })}`]: () => jsonResponse(dashboard),
      ...Object.fromEntries(
        tileIds.map((tileId) => [
          `GET ${pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId })}`,
          () =>
            jsonResponse(
              {
                error: {
                  code: errorCodes.choiceNotOffered,
                  message: choiceNotOfferedMessage('region', 'South'),
                },
              },
              400,
            ),
        ]),
      ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(<DashboardView layoutId="101" culture="en-GB" currencySymbol="€" />);
    const [first] = await screen.findAllByTestId('dashboard-tile');
    expect(await within(first!).findByText('This choice is not available to you')).toBeInTheDocument();
    expect(within(first!).getByText(/“South” is not one of your choices for “region”/)).toBeInTheDocument();
  });

  it('says so when the dashboard does not exist (or is another organisation’s)', async () => {
    stubApi({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(<DashboardView layoutId="999" culture="en-GB" currencySymbol="€" />);
    expect(await screen.findByRole('heading', { name: 'This dashboard does not exist' })).toBeInTheDocument();
  });

  it('shows the dashboard parameters above its tiles; a choice goes into the address and to every tile', async () => {
    const withParameters: DashboardResponse = {
      ...dashboard,
      tiles: [dashboard.tiles[0]!, dashboard.tiles[1]!],
      parameters: [
        {
          name: 'region',
          type: 'choice',
          label: 'Region',
          required: false,
          options: [
            { value: 'North', label: 'North' },
            { value: 'South', label: 'South' },
          ],
          value: 'North',
        },
      ],
    };
    const calls = stubApi({
      [`GET ${pathOf(apiRoutes.getDashboard, { layoutId: 101 })}`]: () => jsonResponse(withParameters),
      [`GET ${pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tileIds[0]! })}`]: () =>
        jsonResponse({ ...kpiTile }),
      // A tile whose report filters by a user attribute the reader lacks.
      [`GET ${pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tileIds[1]! })}`]: () =>
        jsonResponse({ error: { code: errorCodes.userAttributeMissing, message: 'not for you' } }, 403),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onValuesChange = vi.fn();
    // The route keeps the values in the address; here a state does.
    function Harness() {
      const [values, setValues] = useState<string | undefined>();
      return (
        <DashboardView
          layoutId="101"
          culture="en-GB"
          currencySymbol="€"
          values={values}
          onValuesChange={(next) => {
            onValuesChange(next);
            setValues(next);
          }}
        />
      );
    }
    await renderWithProviders(<Harness />);
    const region = await screen.findByRole('combobox', { name: 'Region' });
    expect(region).toHaveValue('North');
    const tiles = screen.getAllByTestId('dashboard-tile');
    expect(
      await within(tiles[1]!).findByText('This report is not available for your account'),
    ).toBeInTheDocument();
    expect(within(tiles[1]!).queryByRole('button', { name: 'Try again' })).toBeNull();

    await userEvent.click(region);
    await userEvent.click(await screen.findByRole('option', { name: 'South' }));
    expect(onValuesChange).toHaveBeenLastCalledWith('{"region":"South"}');
    expect(await screen.findByRole('combobox', { name: 'Region' })).toHaveValue('South');
    await vi.waitFor(() =>
      expect(
        calls.filter(
          (call) => call.path.includes('/tiles/') && call.search.get('values') === '{"region":"South"}',
        ),
      ).toHaveLength(2),
    );
  });
});

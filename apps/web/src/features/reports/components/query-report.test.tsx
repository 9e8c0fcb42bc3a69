import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type ReportResponse } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import type { ReportSearch } from '../utils/report-search';
import { ReportView } from './report-view';

// A query report on the report page (decision 027): its parameters as controls kept in the address, when
// its data was read with a refresh that skips the cache, the "cut at N rows" notice, the server's
// downloads, and the states of a missing user attribute, an unavailable source and refused values.

vi.mock('../../../components/data-display/report-chart', () => ({
  ReportChart: ({ chart }: { chart: { title: string } }) => (
    <div data-testid="report-chart">{chart.title}</div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

const name = 'monthly-sales';
const dataAsOf = new Date();
dataAsOf.setHours(14, 5, 0, 0);

const answer = (overrides: Partial<ReportResponse> = {}): ReportResponse => ({
  report: {
    name,
    title: 'Monthly Sales (SQL)',
    subTitle: null,
    kind: 'query',

    frameUrl: null,
    externalUrl: null,
  },

  data: {
    kpis: [{ key: 'totals.total', label: 'Revenue', value: 1500, format: 'currency' }],
    charts: [],
    table: {
      columns: [
        { key: 'month', label: 'Month', format: 'month' },
        { key: 'revenue', label: 'Revenue', format: 'currency' },
      ],
      rows: [
        ['2026-01-01', 1000],
        ['2026-02-01', 500],
      ],
      totalRows: 2,
      truncated: false,
    },
  },
  parameters: [
    {
      name: 'period',
      type: 'date-range',
      label: 'Period',
      required: true,
      options: null,
      value: { preset: 'this-year' },
    },
    {
      name: 'regions',
      type: 'multi-choice',
      label: 'Regions',
      required: false,
      options: [
        { value: 'North', label: 'North' },
        { value: 'South', label: 'South' },
      ],
      value: null,
    },
    {
      name: 'channel',
      type: 'choice',
      label: 'Channel',
      required: true,
      options: [
        { value: 'web', label: 'Online shop' },
        { value: 'store', label: 'Stores' },
      ],
      value: 'web',
    },
    {
      name: 'minimum',
      type: 'number',
      label: 'Minimum revenue',
      required: false,
      options: null,
      value: null,
    },
    { name: 'product', type: 'text', label: 'Product name', required: false, options: null, value: null },
    { name: 'since', type: 'date', label: 'Since', required: false, options: null, value: '2026-01-01' },
  ],
  info: { dataAsOf: dataAsOf.toISOString(), fromCache: true, cutAtRows: null },
  ...overrides,
});

const reportPath = pathOf(apiRoutes.getReport, { name });
const downloadPath = pathOf(apiRoutes.downloadReport, { name });

async function renderQueryReport(
  routes: Parameters<typeof stubApi>[0],
  {
    search = {},
    culture = 'en-GB',
    isAdministrator = false,
    language = 'en',
  }: { search?: ReportSearch; culture?: string; isAdministrator?: boolean; language?: 'en' | 'de-DE' } = {},
) {
  const calls = stubApi(routes);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const onSearchChange = vi.fn<(search: ReportSearch) => void>();
  const { unmount } = await renderWithProviders(
    <ReportView
      name={name}
      fallbackTitle="Monthly Sales (SQL)"
      culture={culture}
      currencySymbol="€"
      search={search}
      onSearchChange={onSearchChange}
      isAdministrator={isAdministrator}
    />,
    { language },
  );
  return { calls, onSearchChange, unmount };
}

/** Opens a date field's calendar, goes to the day's month and picks the day (labelled as the culture writes it). */
async function pickDate(field: HTMLElement, day: string) {
  await userEvent.click(field);
  const [, month, year] = day.split('/').map(Number) as [number, number, number];
  for (let turn = 0; turn < 36 && !screen.queryByRole('button', { name: day }); turn++) {
    const header = screen
      .getAllByRole('button')
      .find((button) => /^\w+ \d{4}$/.test(button.textContent ?? ''));
    const [name = '', shownYear = '0'] = (header?.textContent ?? '').split(' ');
    const shown = new Date(`${name} 1, ${shownYear}`);
    const later = shown.getFullYear() * 12 + shown.getMonth() < year * 12 + month - 1;
    await userEvent.click(screen.getByRole('button', { name: later ? 'Next month' : 'Previous month' }));
  }
  await userEvent.click(screen.getByRole('button', { name: day }));
}

const lastValues = (onSearchChange: ReturnType<typeof vi.fn>) =>
  JSON.parse((onSearchChange.mock.lastCall?.[0] as ReportSearch).values ?? '{}') as Record<string, unknown>;

describe('a query report', () => {
  it('shows its parameters as labelled controls, required ones marked, and keeps changes in the address', async () => {
    const { calls, onSearchChange } = await renderQueryReport(
      { [`GET ${reportPath}`]: () => jsonResponse(answer()) },
      { search: { values: '{"channel":"web"}' } },
    );
    expect(await screen.findByTestId('kpi-cards')).toBeInTheDocument();
    expect(calls[0]?.search.get('values')).toBe('{"channel":"web"}');

    const bar = screen.getByTestId('report-parameters');
    expect(within(bar).getByRole('radiogroup', { name: /Period/ })).toHaveAttribute('aria-required', 'true');
    expect(within(bar).getByRole('radio', { name: 'This year' })).toBeChecked();
    expect(within(bar).getByLabelText(/Channel/, { selector: 'input' })).toBeRequired();
    expect(within(bar).getByLabelText(/Channel/, { selector: 'input' })).toHaveValue('Online shop');
    // A date in the culture's own writing (en-GB), picked from a calendar.
    expect(within(bar).getByLabelText('Since')).toHaveTextContent('01/01/2026');

    await userEvent.click(within(bar).getByRole('radio', { name: 'Last year' }));
    expect(lastValues(onSearchChange)).toEqual({ channel: 'web', period: { preset: 'last-year' } });

    // Several choices apply on Apply (decision 046), not after each pick.
    await userEvent.click(within(bar).getByLabelText('Regions', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'North' }));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    await userEvent.click(within(bar).getByRole('button', { name: 'Apply the choice of “Regions”' }));
    expect(lastValues(onSearchChange)).toEqual({ channel: 'web', regions: ['North'] });

    await userEvent.click(within(bar).getByLabelText(/Channel/, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Stores' }));
    expect(lastValues(onSearchChange)).toEqual({ channel: 'store' });

    // Typed values apply on Enter; a number is sent as a number.
    await userEvent.type(within(bar).getByLabelText('Minimum revenue'), '250.5{Enter}');
    expect(lastValues(onSearchChange)).toEqual({ channel: 'web', minimum: 250.5 });
    await userEvent.type(within(bar).getByLabelText('Product name'), 'Tea');
    await userEvent.tab();
    expect(lastValues(onSearchChange)).toEqual({ channel: 'web', product: 'Tea' });

    // A custom period is checked before it is sent.
    await userEvent.click(within(bar).getByRole('radio', { name: 'Custom' }));
    await pickDate(within(bar).getByLabelText('From'), '01/03/2026');
    await pickDate(within(bar).getByLabelText('To'), '30/04/2026');
    await userEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    expect(lastValues(onSearchChange)).toEqual({
      channel: 'web',
      period: { from: '2026-03-01', to: '2026-04-30' },
    });
  });

  it('says when the data was read and refreshes it afresh (refresh=true) on request', async () => {
    const later = new Date(dataAsOf.getTime() + 60 * 60_000);
    const { calls } = await renderQueryReport({
      [`GET ${reportPath}`]: (call) =>
        jsonResponse(
          call.search.get('refresh') === 'true'
            ? answer({ info: { dataAsOf: later.toISOString(), fromCache: false, cutAtRows: null } })
            : answer(),
        ),
    });
    expect(await screen.findByTestId('report-data-time')).toHaveTextContent('Data as of 14:05');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('report-data-time')).toHaveTextContent('Data as of 15:05'));
    expect(
      calls.filter((call) => call.path === reportPath).map((call) => call.search.get('refresh')),
    ).toEqual([null, 'true']);
  });

  it('says in German when the data was read and that the result was cut at the row limit', async () => {
    await renderQueryReport(
      {
        [`GET ${reportPath}`]: () =>
          jsonResponse(
            answer({ info: { dataAsOf: dataAsOf.toISOString(), fromCache: false, cutAtRows: 100000 } }),
          ),
      },
      { culture: 'de-DE', language: 'de-DE' },
    );
    expect(await screen.findByTestId('report-data-time')).toHaveTextContent('Datenstand 14:05');
    expect(screen.getByTestId('report-cut')).toHaveTextContent('100.000 Zeilen');
    expect(screen.getByRole('button', { name: 'XLSX herunterladen' })).toBeInTheDocument();
  });

  it('downloads CSV and XLSX from the server with the values on the page', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = await renderQueryReport(
      {
        [`GET ${reportPath}`]: () => jsonResponse(answer()),
        [`GET ${downloadPath}`]: () =>
          new Response('PK', {
            headers: { 'content-disposition': 'attachment; filename="monthly-sales.xlsx"' },
          }),
      },
      { search: { values: '{"regions":["North"]}' } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = calls.find((call) => call.path === downloadPath);
    expect(download?.search.get('format')).toBe('xlsx');
    expect(download?.search.get('values')).toBe('{"regions":["North"]}');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('monthly-sales.xlsx');
    // The built-in client-side export is not offered for a query report.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('says "not available for your account" when a user attribute is missing (403)', async () => {
    await renderQueryReport({
      [`GET ${reportPath}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'USER_ATTRIBUTE_MISSING',
              message: 'This report is not available for your account.',
            },
          },
          403,
        ),
    });
    expect(
      await screen.findByRole('heading', { name: 'This report is not available for your account' }),
    ).toBeInTheDocument();
  });

  it('says the data is not available right now (503) with a retry; an administrator reads the source’s message', async () => {
    let failures = 0;
    const unavailable = (message: string) => () => {
      failures += 1;
      return jsonResponse({ error: { code: 'DATA_SOURCE_UNAVAILABLE', message } }, 503);
    };
    await renderQueryReport({
      [`GET ${reportPath}`]: unavailable('The data for this report is not available right now.'),
    });
    expect(
      await screen.findByRole('heading', { name: 'The data for this report is not available right now' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    const before = failures;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(failures).toBeGreaterThan(before));
  });

  it('shows an administrator the database message the server sent them', async () => {
    await renderQueryReport(
      {
        [`GET ${reportPath}`]: () =>
          jsonResponse(
            {
              error: {
                code: 'DATA_SOURCE_UNAVAILABLE',
                message: 'The data source \'warehouse\' answered: relation "sales" does not exist',
              },
            },
            503,
          ),
      },
      { isAdministrator: true },
    );
    expect(await screen.findByText(/relation "sales" does not exist/)).toBeInTheDocument();
  });

  it('keeps the list of several choices open while picking and runs the query once on Apply', async () => {
    const { onSearchChange } = await renderQueryReport({
      [`GET ${reportPath}`]: () =>
        jsonResponse(
          answer({
            parameters: [
              {
                name: 'regions',
                type: 'multi-choice',
                label: 'Regions',
                required: false,
                options: ['North', 'South', 'East', 'West'].map((value) => ({ value, label: value })),
                value: null,
              },
            ],
          }),
        ),
    });
    const bar = await screen.findByTestId('report-parameters');
    const apply = within(bar).getByRole('button', { name: 'Apply the choice of “Regions”' });
    expect(apply).toBeDisabled();
    await userEvent.click(within(bar).getByLabelText('Regions', { selector: 'input' }));
    for (const region of ['North', 'East', 'West']) {
      // The list is still open after each pick.
      await userEvent.click(await screen.findByRole('option', { name: region }));
    }
    expect(screen.getByRole('listbox')).toBeVisible();
    expect(onSearchChange).not.toHaveBeenCalled();
    await userEvent.click(apply);
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    expect(lastValues(onSearchChange)).toEqual({ regions: ['North', 'East', 'West'] });

    // Closing the list with changes applies them too, once.
    await userEvent.click(within(bar).getByLabelText('Regions', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'South' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledTimes(2));
    expect(lastValues(onSearchChange)).toEqual({ regions: ['North', 'East', 'West', 'South'] });
    expect(within(bar).getByRole('button', { name: 'Apply the choice of “Regions”' })).toBeDisabled();
  });

  it('reads a typed number as the language writes it and refuses anything else under the field', async () => {
    const german = await renderQueryReport(
      { [`GET ${reportPath}`]: () => jsonResponse(answer()) },
      { culture: 'de-DE', language: 'de-DE' },
    );
    const field = await screen.findByLabelText('Minimum revenue');
    await userEvent.type(field, '1.500,50{Enter}');
    expect(lastValues(german.onSearchChange)).toEqual({ minimum: 1500.5 });
    await userEvent.clear(field);
    await userEvent.type(field, '1.5{Enter}');
    expect(await screen.findByText('Keine Zahl. Geben Sie sie so ein: 1.500,5.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('1.5');
    expect(german.onSearchChange).toHaveBeenCalledTimes(1);
    // Typing again clears the error.
    await userEvent.type(field, '0');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Keine Zahl. Geben Sie sie so ein: 1.500,5.')).not.toBeInTheDocument();
  });

  it('reads 1,500.50 in English and refuses the German way of writing it', async () => {
    const english = await renderQueryReport({ [`GET ${reportPath}`]: () => jsonResponse(answer()) });
    const field = await screen.findByLabelText('Minimum revenue');
    await userEvent.type(field, '1.500,50');
    await userEvent.tab();
    expect(await screen.findByText('Not a number. Enter it like 1,500.5.')).toBeInTheDocument();
    expect(english.onSearchChange).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '1,500.50{Enter}');
    expect(lastValues(english.onSearchChange)).toEqual({ minimum: 1500.5 });
  });

  it('says a broken report has a problem its owner was told about, asks the server once and offers no retry', async () => {
    for (const [status, code] of [
      [500, 'REPORT_BROKEN'],
      [400, 'SQL_REFUSED'],
    ] as const) {
      const { calls, unmount } = await renderQueryReport({
        [`GET ${reportPath}`]: () =>
          jsonResponse(
            { error: { code, message: 'This report has a problem; its owner has been told.' } },
            status,
          ),
      });
      expect(await screen.findByRole('heading', { name: 'This report has a problem' })).toBeInTheDocument();
      expect(screen.getByText('Its owner has been told. Please come back later.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Show the default view' })).not.toBeInTheDocument();
      // Neither the API client nor the query retries an answer that will not change.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(calls.filter((call) => call.path === reportPath)).toHaveLength(1);
      unmount();
    }
  });

  it('shows an administrator the database’s refusal of a broken report', async () => {
    await renderQueryReport(
      {
        [`GET ${reportPath}`]: () =>
          jsonResponse(
            {
              error: {
                code: 'REPORT_BROKEN',
                message: "The data source 'uploads' answered: division by zero",
              },
            },
            500,
          ),
      },
      { isAdministrator: true },
    );
    expect(await screen.findByRole('heading', { name: 'This report has a problem' })).toBeInTheDocument();
    expect(screen.getByText(/division by zero/)).toBeInTheDocument();
  });

  it('offers the default view when the server refuses the values (400)', async () => {
    const { onSearchChange } = await renderQueryReport(
      {
        [`GET ${reportPath}`]: () =>
          jsonResponse({ error: { code: 'BAD_REQUEST', message: "Invalid query parameter 'values'" } }, 400),
      },
      { search: { values: '{"regions":"North"}' } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show the default view' }));
    expect(onSearchChange).toHaveBeenCalledWith({});
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { EditorView } from '@uiw/react-codemirror';
import {
  apiRoutes,
  pathOf,
  type CatalogueReportDefinition,
  type DefinitionPreviewResponse,
  type ManagedDataSource,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { stubApi, type StubCall } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { DefinitionEditor, unrunReason, type EditorDataSources } from './definition-editor';

// The report definition editor (decision 027) against a stubbed API: the parameters found in the SQL,
// the checks before saving, and the preview — the database's error at its place in the SQL, or the
// result drawn with the report page's KPI tiles and table.

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
// jsdom lays nothing out; CodeMirror measures text ranges when it moves the selection.
if (!Range.prototype.getClientRects)
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = () => new DOMRect();

const source: ManagedDataSource = {
  name: 'shop',
  title: { en: 'Shop' },
  kind: 'mysql',
  connection: {
    host: '127.0.0.1',
    port: 3306,
    database: 'test',
    user: 'root',
    tls: 'off',
    poolSize: 5,
    statementTimeoutSeconds: 30,
    rowLimit: 100_000,
  },
  needsPassword: false,
  definitions: ['revenue'],
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const sql = [
  'SELECT region, SUM(amount) AS revenue',
  'FROM sales',
  'WHERE day BETWEEN {{range.from}} AND {{range.to}}',
  '[[AND region IN ({{region}})]]',
  'GROUP BY region',
].join('\n');

const revenue: CatalogueReportDefinition = {
  name: 'revenue',
  source: 'shop',
  sql,
  parameters: [
    {
      name: 'region',
      type: 'multi-choice',
      label: { en: 'Region', de: 'Region' },
      required: false,
      options: [{ value: 'North' }, { value: 'South' }],
    },
  ],
  columns: [],
  visuals: [
    { type: 'kpi', id: 'kpi1', items: [{ column: 'revenue' }] },
    { type: 'table', id: 'table1' },
  ],
  cacheSeconds: 300,
};

const noResult: Omit<DefinitionPreviewResponse, 'error'> = {
  detectedParameters: ['range', 'region'],
  parameters: [],
  resultColumns: [],
  rows: [],
  data: null,
  info: null,
};

function stub(preview: (call: StubCall) => Response): StubCall[] {
  return stubApi({
    [`GET ${apiRoutes.listDataSources.path}`]: () => jsonResponse({ items: [source] }),
    [`GET ${apiRoutes.listDefinitions.path}`]: () => jsonResponse({ items: [revenue] }),
    [`GET /api/management/data-sources/shop/schema`]: () =>
      jsonResponse({
        tables: [{ schema: 'test', name: 'sales', columns: [{ name: 'region', type: 'varchar' }] }],
        truncated: false,
      }),
    [`GET ${apiRoutes.listUsers.path}`]: () =>
      jsonResponse({
        items: [
          {
            id: 'u2',
            name: 'Nora North',
            email: 'nora@example.com',
            roleKey: 'organisationmember',
            subscription: 'basic',
            uiLanguage: 'en',
            active: true,
            createdAt: '2026-01-01T00:00:00.000Z',
            isSelf: false,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    [`POST ${apiRoutes.previewDefinition.path}`]: preview,
    [`POST ${apiRoutes.createDefinition.path}`]: (call) => jsonResponse(call.body, 201),
    [`PUT ${pathOf(apiRoutes.updateDefinition, { name: 'revenue' })}`]: (call) => jsonResponse(call.body),
  });
}

// The page passes in the data-sources feature's queries; these ask the same (stubbed) endpoints.
const dataSources: EditorDataSources = {
  useSources: () => useQuery({ queryKey: ['sources'], queryFn: () => api.call(apiRoutes.listDataSources) }),
  useSchema: (name) =>
    useQuery({
      queryKey: ['schema', name],
      queryFn: () => api.call(apiRoutes.getDataSourceSchema, { params: { name: name ?? '' } }),
      enabled: name !== null,
    }),
};

const links = { dataHref: '/data', definitionHref: (name: string) => `/d/${name}`, dataSources };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('definition editor', () => {
  it('shows a form for each parameter the SQL names: the range as a date range, the stored choice as it is', async () => {
    stub(() => jsonResponse({ ...noResult, error: null }));
    await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    expect(await screen.findByTestId('detected-parameters')).toHaveTextContent(
      'Found in the SQL: range, region',
    );
    const range = screen.getByRole('group', { name: 'Parameter range' });
    expect(within(range).getByRole('combobox', { name: 'Type' })).toHaveValue('Date range');
    const region = screen.getByRole('group', { name: 'Parameter region' });
    expect(within(region).getByRole('combobox', { name: 'Type' })).toHaveValue('Several choices');
    expect(within(region).getByRole('textbox', { name: 'Choices' })).toHaveValue('North\nSouth');
  });

  it('checks a new definition before saving: name, data source and SQL are required', async () => {
    const calls = stub(() => jsonResponse({ ...noResult, error: null }));
    await renderWithProviders(<DefinitionEditor name={null} {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByText('1–64 lower-case letters, digits or dashes.')).toBeInTheDocument();
    expect(screen.getByText('Write the SQL statement.')).toBeInTheDocument();
    expect(screen.getByText('Please check the marked fields.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the database's error at its line and column and puts the cursor there", async () => {
    // 1-based position 41: the `O` of the `FROM` that starts the second line.
    const calls = stub(() =>
      jsonResponse({
        ...noResult,
        error: { message: "Unknown column 'amount' in 'field list'", position: 41 },
      }),
    );
    const { container } = await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    await screen.findByTestId('sql-editor');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const error = await screen.findByTestId('preview-error');
    expect(error).toHaveTextContent("Unknown column 'amount' in 'field list'");
    expect(error).toHaveTextContent('At line 2, column 3.');

    const view = EditorView.findFromDOM(container.querySelector<HTMLElement>('.cm-editor')!);
    await userEvent.click(within(error).getByRole('button', { name: 'Show in the SQL' }));
    await waitFor(() => expect(view?.state.selection.main.from).toBe(38));
    expect(view?.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to)).toBe('FROM');

    const sent = calls.find((call) => call.method === 'POST')?.body as {
      definition: { name: string; sql: string };
    };
    expect(sent.definition).toMatchObject({ name: 'revenue', sql });
  });

  it('draws a result with the KPI tiles and the table, previewed as another user', async () => {
    const calls = stub(() =>
      jsonResponse({
        ...noResult,
        parameters: [
          {
            name: 'region',
            type: 'multi-choice',
            label: 'Region',
            required: false,
            options: [
              { value: 'North', label: 'North' },
              { value: 'South', label: 'South' },
            ],
            value: ['North'],
          },
        ],
        resultColumns: [
          { name: 'region', kind: 'text', type: 'varchar' },
          { name: 'revenue', kind: 'number', type: 'decimal' },
          { name: 'orders', kind: 'integer', type: 'bigint' },
        ],
        rows: [['North', 1234, 12]],
        data: {
          kpis: [{ key: 'revenue', label: 'Revenue', value: 1234, format: 'number' }],
          charts: [],
          table: {
            columns: [
              { key: 'region', label: 'region', format: 'text' },
              { key: 'revenue', label: 'Revenue', format: 'number' },
            ],
            rows: [['North', 1234]],
            totalRows: 1,
            truncated: false,
          },
        },
        info: { dataAsOf: '2026-11-25T10:00:00.000Z', fromCache: false, cutAtRows: null },
        error: null,
      }),
    );
    await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Preview as' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nora North <nora@example.com>' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const result = await screen.findByTestId('preview-result');
    // Drawn in the browser from the rows: the column has no label yet, so its name shows.
    expect(within(result).getByTestId('kpi-cards')).toHaveTextContent('revenue');
    expect(within(result).getByTestId('kpi-cards')).toHaveTextContent('1,234');
    expect(within(result).getByText('Values used: Region: North')).toBeInTheDocument();
    expect(within(result).getByRole('table', { name: 'Preview rows' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ asUserId: 'u2' });

    // The preview runs again with a value chosen in its parameter fields.
    const previewSection = screen.getByRole('region', { name: 'Preview' });
    await userEvent.click(
      within(within(previewSection).getByTestId('report-parameters')).getAllByLabelText('Region')[0]!,
    );
    await userEvent.click(await screen.findByRole('option', { name: 'South' }));
    // Several choices apply on Apply (decision 046).
    await userEvent.click(
      within(previewSection).getByRole('button', { name: 'Apply the choice of “Region”' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({
        values: { region: ['North', 'South'] },
        asUserId: 'u2',
      }),
    );

    // The result's columns can be taken over as the definition's columns, formatted by their type.
    await userEvent.click(await screen.findByRole('button', { name: 'Take columns from the preview' }));
    const columns = screen.getAllByTestId('column-fields');
    expect(columns).toHaveLength(3);
    expect(
      columns.map(
        (column) => within(column).getByRole<HTMLInputElement>('combobox', { name: 'Format' }).value,
      ),
    ).toEqual(['Text', 'Number', 'Whole number']);
  });

  it('draws a chart the moment it is added and changed, from the last rows, without running the SQL again', async () => {
    const calls = stub(() => jsonResponse({ ...noResult, ...salesResult, error: null }));
    await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const result = await screen.findByTestId('preview-result');
    expect(within(result).getByTestId('kpi-cards')).toHaveTextContent('revenue');
    // The preset shows as the parameter field names it, not as its key.
    expect(within(result).getByText('Values used: Period: Last 12 months')).toBeInTheDocument();
    expect(within(result).queryByTestId('report-chart')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Chart' }));
    const chart = await within(result).findByTestId('report-chart');
    expect(chart).toHaveAccessibleName(/chart/i);
    const chartFields = screen.getAllByTestId('visual-fields').at(-1)!;
    await userEvent.click(within(chartFields).getByRole('combobox', { name: 'Chart kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bar' }));
    expect(within(result).getByTestId('report-chart')).toBeInTheDocument();
    // Split by a column (decision 047): the series field becomes the one value column.
    await userEvent.click(within(chartFields).getByRole('combobox', { name: 'Split by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'units' }));
    expect(within(chartFields).getByText('Value')).toBeInTheDocument();
    expect(within(result).getByTestId('report-chart')).toBeInTheDocument();

    await userEvent.click(within(chartFields).getByRole('combobox', { name: 'Categories (x axis)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'units' }));
    expect(within(result).getByTestId('report-chart')).toBeInTheDocument();
    // Removing the chart takes it out of the preview as well.
    await userEvent.click(screen.getByRole('button', { name: 'Remove visual chart1' }));
    await waitFor(() => expect(within(result).queryByTestId('report-chart')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("offers the SQL's columns for a chart's axes before any preview", async () => {
    stub(() => jsonResponse({ ...noResult, error: null }));
    await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    await screen.findByTestId('sql-editor');
    await userEvent.click(screen.getByRole('button', { name: 'Chart' }));
    const chartFields = screen.getAllByTestId('visual-fields').at(-1)!;
    expect(within(chartFields).getByRole('combobox', { name: 'Categories (x axis)' })).toHaveValue('region');
    expect(within(chartFields).getAllByText('revenue').length).toBeGreaterThan(0);
    expect(
      screen.getByText("Columns found in the SQL; a preview offers the result's own."),
    ).toBeInTheDocument();
    expect(screen.queryByText('Choose at least one column.')).toBeNull();
  });

  it('writes a table or column name from the schema browser at the cursor, and runs the preview with Ctrl+Enter', async () => {
    const calls = stub(() => jsonResponse({ ...noResult, error: null }));
    const { container } = await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    await screen.findByTestId('sql-editor');
    const panel = screen.getByRole('region', { name: 'Tables' });
    const view = EditorView.findFromDOM(container.querySelector<HTMLElement>('.cm-editor')!)!;
    view.dispatch({ selection: { anchor: view.state.doc.length } });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Columns of sales' }));
    await userEvent.click(within(panel).getByRole('button', { name: /^region/ }));
    expect(view.state.doc.toString()).toBe(`${sql}region`);
    await userEvent.click(within(panel).getByRole('button', { name: 'sales' }));
    expect(view.state.doc.toString()).toBe(`${sql}regionsales`);

    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    view.contentDOM.focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(view.state.doc.toString()).toBe(`${sql}regionsales`);
  });

  it('asks before saving a statement whose last preview failed, naming why', async () => {
    const calls = stub(() =>
      jsonResponse({ ...noResult, error: { message: "Unknown column 'amount'", position: 41 } }),
    );
    await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    await screen.findByTestId('preview-error');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save without a successful preview?' });
    expect(within(dialog).getByTestId('confirm-save-reason')).toHaveTextContent(
      "The last preview failed: Unknown column 'amount'",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save anyway' }),
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
  });

  it('saves a stored definition whose SQL is unchanged without asking; a changed one that never ran asks', () => {
    expect(unrunReason('SELECT 1', null, 'SELECT 1')).toBeNull();
    expect(unrunReason('SELECT 2', null, 'SELECT 1')).toBe('never-run');
    expect(unrunReason('SELECT 2', { sql: 'SELECT 1', failure: null }, null)).toBe('never-run');
    expect(unrunReason('SELECT 2', { sql: 'SELECT 2', failure: null }, 'SELECT 1')).toBeNull();
    expect(unrunReason('SELECT 1', { sql: 'SELECT 1', failure: 'boom' }, 'SELECT 1')).toEqual({
      failure: 'boom',
    });
  });

  it('draws the completion list with icons, not with characters a font may lack', async () => {
    stub(() => jsonResponse({ ...noResult, error: null }));
    await renderWithProviders(<DefinitionEditor name="revenue" {...links} />);
    await screen.findByTestId('sql-editor');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/cm-completionIcon-keyword[^{]*:after\s*\{[^}]*svg\+xml/);
    expect(css).toMatch(/cm-completionIcon-property[^{]*:after\s*\{[^}]*svg\+xml/);
  });
});

/** A result of three columns and two rows, run with the period's preset. */
const salesResult: Partial<DefinitionPreviewResponse> = {
  parameters: [
    {
      name: 'range',
      type: 'date-range',
      label: 'Period',
      required: false,
      options: null,
      value: { preset: 'last-12-months' },
    },
  ],
  resultColumns: [
    { name: 'region', kind: 'text', type: 'varchar' },
    { name: 'revenue', kind: 'number', type: 'decimal' },
    { name: 'units', kind: 'integer', type: 'bigint' },
  ],
  rows: [
    ['North', 1234.5, 12],
    ['South', 999, 8],
  ],
  info: { dataAsOf: '2026-11-25T10:00:00.000Z', fromCache: false, cutAtRows: null },
};

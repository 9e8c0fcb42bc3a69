import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type CatalogueDocument, type DashboardInput } from '@cockpit/contracts';
import type { Toast } from '../../../lib/toast';
import { stubApi, type StubCall } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { CatalogueRenderersProvider } from './catalogue-renderers';
import { CatalogueManagement } from './catalogue-management';

// Building dashboards in Management → Catalogue (decision 015): the layout id is assigned, the layout
// preview moves and resizes tiles with the keyboard, rows open their pages, a drag saves once, and a
// new row is scrolled to and marked.

// jsdom has no FontFaceSet; Mantine's autosizing Textarea (a choice's options) listens to `document.fonts`.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const toasts = vi.hoisted(() => [] as Toast[]);
vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showToast: (toast: Toast) => {
    toasts.push(toast);
    return 'toast';
  },
}));

function catalogue(): CatalogueDocument {
  return {
    format: 'report-cockpit.catalogue',
    version: 1,
    menu: [
      {
        name: 'sales',
        title: { en: 'Sales', de: 'Vertrieb' },
        items: [
          {
            name: 'glossary',
            title: { en: 'Glossary' },
            report: { kind: 'embedded', frameUrl: '/embedded/kpi-glossary' },
          },
          {
            name: 'vendor',
            title: { en: 'Vendor portal' },
            report: { kind: 'external', url: 'https://vendor.example.com/' },
          },
        ],
      },
    ],
    dashboards: [
      {
        name: 'management',
        title: { en: 'Management' },
        dashboards: [
          {
            layoutId: 101,
            title: { en: 'Executive Overview' },
            tiles: [
              { type: 'kpi', definition: 'revenue', title: { en: 'Revenue' }, width: 6 },
              { type: 'table', definition: 'revenue', title: { en: 'Top customers' }, width: 6 },
            ],
          },
          { layoutId: 102, title: { en: 'Sales Performance' }, tiles: [] },
          { layoutId: 107, title: { en: 'Regions' }, tiles: [] },
        ],
      },
    ],
  };
}

function stubCatalogue(overrides: Record<string, (call: StubCall) => Response | Promise<Response>> = {}) {
  const document = catalogue();
  const calls = stubApi({
    [`GET ${apiRoutes.exportCatalogue.path}`]: () => jsonResponse(document),
    [`GET ${apiRoutes.getCatalogueUsage.path}`]: () => jsonResponse({ reportPins: {}, dashboardPins: {} }),
    [`POST ${apiRoutes.createDashboard.path}`]: (call) => {
      const input = call.body as DashboardInput;
      const { group: _group, position: _position, ...dashboard } = input;
      document.dashboards[0]!.dashboards.push(dashboard);
      return jsonResponse({
        changes: [
          { object: 'dashboard', name: String(input.layoutId), title: input.title.en, change: 'added' },
        ],
      });
    },
    [`PUT /api/management/catalogue/dashboards/101`]: () =>
      jsonResponse({
        changes: [{ object: 'dashboard', name: '101', title: 'Executive Overview', change: 'changed' }],
      }),
    ...overrides,
  });
  return { calls, document };
}

async function renderDashboards() {
  const result = await renderWithProviders(
    <CatalogueRenderersProvider value={{ renderIcon: () => null, renderFramePreview: () => null }}>
      <CatalogueManagement />
    </CatalogueRenderersProvider>,
  );
  await screen.findByRole('heading', { name: 'Menu groups and reports' });
  await userEvent.click(screen.getByRole('tab', { name: 'Dashboards' }));
  await screen.findByRole('heading', { name: 'Dashboard groups and dashboards' });
  return result;
}

const writes = (calls: StubCall[]) => calls.filter((call) => call.method !== 'GET');

let scrollIntoView = vi.fn();
beforeEach(() => {
  toasts.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  scrollIntoView = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard builder', () => {
  it('assigns the next free layout id without asking, then scrolls to the new dashboard and marks it', async () => {
    const { calls } = stubCatalogue();
    await renderDashboards();
    await userEvent.click(screen.getByRole('button', { name: 'Add a dashboard to Management' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a dashboard' });
    const layoutId = within(dialog).getByRole('textbox', { name: 'Layout id' });
    expect(layoutId).toHaveValue('108');
    expect(layoutId).toHaveAttribute('readonly');
    expect(within(dialog).getByText(/Assigned automatically/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Title (English)' }));
    await userEvent.paste('Board Pack');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((writes(calls)[0]?.body as DashboardInput).layoutId).toBe(108);

    const row = await waitFor(() => {
      const added = screen
        .getAllByTestId('catalogue-dashboards-child')
        .find((candidate) => candidate.dataset.name === '108');
      expect(added).toBeDefined();
      return added!;
    });
    await waitFor(() => expect(row.querySelector('[data-highlighted]')).not.toBeNull());
    expect(scrollIntoView.mock.contexts).toContain(row);
  });

  it('moves a tile with the arrow keys and resizes it with Shift + arrows, announcing each change', async () => {
    const { calls } = stubCatalogue();
    await renderDashboards();
    await userEvent.click(screen.getByRole('button', { name: 'Edit “Executive Overview”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit dashboard' });
    const preview = within(dialog).getByTestId('tile-layout');
    const revenue = within(preview).getByRole('button', {
      name: /^Revenue, KPIs, 6 of 12 columns, place 1 of 2/,
    });

    revenue.focus();
    await userEvent.keyboard('{ArrowRight}');
    const tiles = () => within(preview).getAllByTestId('layout-tile');
    expect(tiles().map((tile) => tile.textContent)).toEqual([
      expect.stringContaining('Top customers'),
      expect.stringContaining('Revenue'),
    ]);
    expect(within(dialog).getByTestId('layout-announcement')).toHaveTextContent(
      '“Revenue” moved to place 2 of 2',
    );
    await waitFor(() => expect(tiles()[1]).toHaveFocus());

    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(tiles()[1]).toHaveAttribute('data-width', '8');
    expect(within(dialog).getByTestId('layout-announcement')).toHaveTextContent(
      '“Revenue” is now 8 of 12 columns wide',
    );
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(tiles()[1]).toHaveAttribute('data-width', '7');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = writes(calls)[0]?.body as DashboardInput;
    expect(body.layoutId).toBe(101);
    expect(body.tiles.map((tile) => [tile.title.en, tile.width])).toEqual([
      ['Top customers', 6],
      ['Revenue', 7],
    ]);
  });

  it('saves a keyboard reorder once, when the row is dropped, with one confirmation', async () => {
    const { calls } = stubCatalogue();
    await renderDashboards();
    const handle = screen.getByRole('button', { name: 'Reorder “Executive Overview”' });
    handle.focus();
    await userEvent.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByTestId('catalogue-dashboards-announcement')).toHaveTextContent(
      '“Executive Overview”: place 3 of 3',
    );
    const order = () => screen.getAllByTestId('catalogue-dashboards-child').map((row) => row.dataset.name);
    expect(order()).toEqual(['102', '107', '101']);
    expect(writes(calls)).toEqual([]);

    await userEvent.keyboard(' ');
    await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['Order saved']));
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      path: '/api/management/catalogue/dashboards/101',
      body: { layoutId: 101, group: 'management', position: 2 },
    });
  });

  it('puts a row back where it was when the drag is cancelled with Escape, and saves nothing', async () => {
    const { calls } = stubCatalogue();
    await renderDashboards();
    const handle = screen.getByRole('button', { name: 'Reorder “Sales Performance”' });
    handle.focus();
    await userEvent.keyboard(' {ArrowUp}{Escape}');
    expect(screen.getAllByTestId('catalogue-dashboards-child').map((row) => row.dataset.name)).toEqual([
      '101',
      '102',
      '107',
    ]);
    expect(screen.getByTestId('catalogue-dashboards-announcement')).toHaveTextContent(
      'The order is unchanged.',
    );
    expect(writes(calls)).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('gives every row an "Open" link to the page it shows', async () => {
    stubCatalogue();
    await renderDashboards();
    expect(screen.getByRole('link', { name: 'Open “Executive Overview”' })).toHaveAttribute(
      'href',
      '/dashboards/101',
    );
    expect(screen.getByRole('link', { name: 'Open “Management”' })).toHaveAttribute(
      'href',
      '/dashboards#dashboard-group-management',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Reports menu' }));
    expect(await screen.findByRole('link', { name: 'Open “Glossary”' })).toHaveAttribute(
      'href',
      '/reports/glossary',
    );
    const external = screen.getByRole('link', { name: 'Open “Vendor portal”' });
    expect(external).toHaveAttribute('href', 'https://vendor.example.com/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Open “Sales”' })).toHaveAttribute('href', '/reports/glossary');
  });

  it('declares a date-range and a choice parameter of the dashboard, reorders and removes them, shows which tiles follow, and saves them with the dashboard', async () => {
    const withDefinition: CatalogueDocument = {
      ...catalogue(),
      definitions: [
        {
          name: 'revenue',
          source: 'uploads',
          sql: 'select 1 as revenue',
          parameters: [{ name: 'period', type: 'date-range', label: { en: 'Period' }, required: false }],
          columns: [],
          visuals: [],
          cacheSeconds: 300,
        },
      ],
    };
    const { calls } = stubCatalogue({
      [`GET ${apiRoutes.exportCatalogue.path}`]: () => jsonResponse(withDefinition),
    });
    await renderDashboards();
    await userEvent.click(screen.getByRole('button', { name: 'Edit “Executive Overview”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit dashboard' });
    const section = within(dialog).getByRole('group', { name: 'Parameters' });
    expect(within(section).getByText('No parameters: each tile shows its own values.')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('tile-follows')).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Add parameter' }));
    const fields = within(section).getByRole('group', { name: 'Parameter 1' });
    await userEvent.click(within(fields).getByRole('textbox', { name: /^Name/ }));
    await userEvent.paste('period');
    // The English label follows the name until it is written differently.
    expect(within(fields).getByRole('textbox', { name: 'Label (English)' })).toHaveValue('period');
    await userEvent.clear(within(fields).getByRole('textbox', { name: 'Label (English)' }));
    await userEvent.click(within(fields).getByRole('textbox', { name: 'Label (English)' }));
    await userEvent.paste('Period');
    await userEvent.click(within(fields).getByRole('textbox', { name: 'Label (German)' }));
    await userEvent.paste('Zeitraum');
    await userEvent.click(within(fields).getByRole('switch', { name: 'A value is required' }));
    await userEvent.click(within(fields).getByRole('combobox', { name: 'Default' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last year' }));
    // Both tiles show the definition "revenue", whose parameter "period" now follows the dashboard's.
    expect(
      within(dialog)
        .getAllByTestId('tile-follows')
        .map((hint) => hint.textContent),
    ).toEqual(["Follows the dashboard's period", "Follows the dashboard's period"]);

    // A region choice, moved before the period; a third parameter added and removed again.
    await userEvent.click(within(section).getByRole('button', { name: 'Add parameter' }));
    const region = within(section).getByRole('group', { name: 'Parameter 2' });
    await userEvent.click(within(region).getByRole('textbox', { name: /^Name/ }));
    await userEvent.paste('region');
    await userEvent.click(within(region).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Choice' }));
    expect(within(region).queryByText('Choices from')).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('textbox', { name: 'Choices' }));
    await userEvent.paste('North\nSouth');
    await userEvent.click(within(section).getByRole('button', { name: 'Move “region” up' }));
    expect(
      within(section)
        .getAllByTestId('parameter-fields')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Parameter region', 'Parameter period']);
    await userEvent.click(within(section).getByRole('button', { name: 'Add parameter' }));
    expect(within(section).getAllByTestId('parameter-fields')).toHaveLength(3);
    await userEvent.click(within(section).getByRole('button', { name: 'Remove parameter “parameter 3”' }));
    expect(within(section).getAllByTestId('parameter-fields')).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = writes(calls)[0]?.body as DashboardInput;
    expect(body.parameters).toEqual([
      {
        name: 'region',
        type: 'choice',
        label: { en: 'region' },
        required: false,
        options: [{ value: 'North' }, { value: 'South' }],
      },
      {
        name: 'period',
        type: 'date-range',
        label: { en: 'Period', de: 'Zeitraum' },
        required: true,
        default: { preset: 'last-year' },
      },
    ]);
    expect(body.tiles).toHaveLength(2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type CatalogueDocument } from '@cockpit/contracts';
import { stubApi, type StubCall } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { CatalogueRenderersProvider } from './catalogue-renderers';
import { CatalogueManagement } from './catalogue-management';

// Management → Catalogue against a stubbed API (decision 015): the trees, create/edit with the form's own
// checks and the server's message, moves, delete confirmations with what goes with it, "Preview as",
// and the import summary before anything is applied.

function catalogue(): CatalogueDocument {
  return {
    format: 'report-cockpit.catalogue',
    version: 1,
    menu: [
      {
        name: 'sales',
        title: { en: 'Sales', de: 'Vertrieb' },
        icon: 'chart-bar',
        items: [
          {
            name: 'totalviewlayout',
            title: { en: 'Total View' },
            report: { kind: 'query', definition: 'sales-overview' },
          },
          {
            name: 'sales-trend',
            title: { en: 'Sales Trend', de: 'Umsatztrend' },
            featured: true,
            audience: { subscriptions: ['pro'] },
            report: { kind: 'query', definition: 'sales-trend' },
          },
        ],
      },
      { name: 'finance', title: { en: 'Finance', de: 'Finanzen' }, items: [] },
    ],
    definitions: [
      {
        name: 'sales-trend',
        source: 'demo-sales',
        sql: 'select period, revenue from sales_by_month',
        parameters: [],
        columns: [],
        visuals: [{ type: 'table', id: 'table' }],
      } as unknown as NonNullable<CatalogueDocument['definitions']>[number],
    ],
    dashboards: [
      {
        name: 'management',
        title: { en: 'Management' },
        dashboards: [
          { layoutId: 101, title: { en: 'Executive Overview' }, tiles: [] },
          { layoutId: 102, title: { en: 'Sales Performance' }, tiles: [] },
        ],
      },
    ],
  };
}

const changed = (object: string, name: string, change = 'changed') =>
  jsonResponse({ changes: [{ object, name, title: name, change }] });

function stubCatalogue(overrides: Record<string, (call: StubCall) => Response | Promise<Response>> = {}) {
  const document = catalogue();
  return stubApi({
    [`GET ${apiRoutes.exportCatalogue.path}`]: () => jsonResponse(document),
    [`GET ${apiRoutes.getCatalogueUsage.path}`]: () =>
      jsonResponse({ reportPins: { totalviewlayout: 3, 'sales-trend': 2 }, dashboardPins: { '101': 4 } }),
    [`POST ${apiRoutes.createMenuGroup.path}`]: (call) =>
      changed('menu-group', (call.body as { name: string }).name, 'added'),
    [`PUT /api/management/catalogue/items/sales-trend`]: () => changed('item', 'sales-trend'),
    [`DELETE /api/management/catalogue/menu-groups/sales`]: () => changed('menu-group', 'sales', 'removed'),
    ...overrides,
  });
}

const renderers = {
  renderIcon: (name: string | null | undefined) => <span data-icon={name ?? 'default'} />,
  renderFramePreview: (url: string, title: string) => (
    <iframe title={title} src={url} sandbox="allow-same-origin" />
  ),
};

async function renderCatalogue() {
  const result = await renderWithProviders(
    <CatalogueRenderersProvider value={renderers}>
      <CatalogueManagement />
    </CatalogueRenderersProvider>,
  );
  await screen.findByRole('heading', { name: 'Menu groups and reports' });
  return result;
}

/** Sets a whole value at once (per-key typing re-renders the big dialog for every character). */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('catalogue management', () => {
  it('shows the groups with their reports, audience, featured mark and pins', async () => {
    stubCatalogue();
    await renderCatalogue();
    const groups = screen.getAllByTestId('catalogue-menu-group');
    expect(groups).toHaveLength(2);
    const items = within(groups[0]!).getAllByTestId('catalogue-menu-child');
    expect(items.map((item) => item.dataset.name)).toEqual(['totalviewlayout', 'sales-trend']);
    expect(within(items[1]!).getByText('Featured')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Pro only')).toBeInTheDocument();
    expect(await within(items[1]!).findByText(/pinned by 2 users/)).toBeInTheDocument();
    expect(within(items[0]!).queryByText(/ only$/)).not.toBeInTheDocument();
    expect(within(groups[1]!).getByText('No reports in this group yet.')).toBeInTheDocument();
    // The ends of a list cannot move further; the buttons stay focusable and say so.
    expect(within(items[0]!).getByRole('button', { name: 'Move “Total View” up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('creates a menu group: checks the input first, proposes the name from the English title', async () => {
    const calls = stubCatalogue();
    await renderCatalogue();
    await userEvent.click(screen.getByRole('button', { name: 'Add menu group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a menu group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter the English title.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await fill(within(dialog).getByRole('textbox', { name: 'Title (English)' }), 'Märkte & Kunden');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('maerkte-kunden');
    await fill(within(dialog).getByRole('textbox', { name: 'Title (German)' }), 'Märkte und Kunden');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Pro' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'maerkte-kunden',
      title: { en: 'Märkte & Kunden', de: 'Märkte und Kunden' },
      audience: { subscriptions: ['pro'] },
    });
  });

  it("shows the server's message next to the item form and keeps what was typed", async () => {
    stubCatalogue({
      [`POST ${apiRoutes.createItem.path}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'INVALID_REQUEST',
              message: 'Invalid catalogue at $.menu[0].items[2].report.frameUrl: origin not allowed',
            },
          },
          400,
        ),
    });
    await renderCatalogue();
    await userEvent.click(screen.getByRole('button', { name: 'Add a report to Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a report' });
    await fill(within(dialog).getByRole('textbox', { name: 'Title (English)' }), 'Glossary');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Embedded page' }));
    await fill(
      within(dialog).getByRole('textbox', { name: 'Frame URL' }),
      '/embedded/kpi-glossary?lang={lang}',
    );
    // The live preview shows the frame once typing pauses, with the UI language filled in.
    expect(await within(dialog).findByTitle('Glossary')).toHaveAttribute(
      'src',
      '/embedded/kpi-glossary?lang=en',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/report\.frameUrl: origin not allowed/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title (English)' })).toHaveValue('Glossary');
  });

  it('moves a report up with its whole item and the new position', async () => {
    const calls = stubCatalogue();
    await renderCatalogue();
    await userEvent.click(screen.getByRole('button', { name: 'Move “Sales Trend” up' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'sales-trend',
      group: 'sales',
      position: 0,
      title: { en: 'Sales Trend', de: 'Umsatztrend' },
      featured: true,
      audience: { subscriptions: ['pro'] },
      report: { kind: 'query', definition: 'sales-trend' },
    });
  });

  it('says what goes with a group before deleting it', async () => {
    const calls = stubCatalogue();
    await renderCatalogue();
    await screen.findAllByText(/pinned by/);
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Sales”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Sales”?' });
    expect(dialog).toHaveTextContent('with its 2 reports and 5 pins');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/menu-groups/sales'))).toBe(
      true,
    );
  });

  it('proposes the next layout id and sends the tiles of a new dashboard', async () => {
    const calls = stubCatalogue({
      [`POST ${apiRoutes.createDashboard.path}`]: () => changed('dashboard', '103', 'added'),
    });
    await renderCatalogue();
    await userEvent.click(screen.getByRole('tab', { name: 'Dashboards' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add a dashboard to Management' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a dashboard' });
    expect(within(dialog).getByRole('textbox', { name: 'Layout id' })).toHaveValue('103');
    await fill(within(dialog).getByRole('textbox', { name: 'Title (English)' }), 'Regions');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tile' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tile' }));
    const tiles = within(dialog).getAllByTestId('tile-row');
    for (const [index, title] of ['First', 'Second'].entries()) {
      await fill(within(tiles[index]!).getByRole('textbox', { name: 'Tile title (English)' }), title);
      // Every tile shows a report definition (decision 027).
      await userEvent.click(within(tiles[index]!).getByRole('combobox', { name: 'Shows' }));
      await userEvent.click(await screen.findByRole('option', { name: 'sales-trend' }));
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move “Second” up' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = calls.find((call) => call.method === 'POST')?.body as {
      layoutId: number;
      tiles: { title: { en: string }; definition: string }[];
    };
    expect(body.layoutId).toBe(103);
    expect(body.tiles.map((tile) => tile.title.en)).toEqual(['Second', 'First']);
    expect(body.tiles.map((tile) => tile.definition)).toEqual(['sales-trend', 'sales-trend']);
  });

  it('previews the menus as the server answers for a role and subscription', async () => {
    const calls = stubCatalogue({
      [`GET ${apiRoutes.previewCatalogueAudience.path}`]: (call) =>
        jsonResponse({
          menu: [
            {
              name: 'sales',
              title: 'Sales',
              icon: 'chart-bar',
              externalUrl: null,
              isActive: false,
              isExpanded: false,
              items:
                call.search.get('subscription') === 'pro'
                  ? [
                      {
                        name: 'sales-trend',
                        title: 'Sales Trend',
                        subTitle: null,
                        icon: null,
                        path: '/reports/sales-trend',
                        externalUrl: null,
                        isActive: false,
                        isPinned: false,
                        leaveTitleUntranslated: false,
                      },
                    ]
                  : [],
            },
          ],
          dashboards: [],
        }),
    });
    await renderCatalogue();
    await userEvent.click(screen.getByRole('tab', { name: 'Preview as' }));
    const menu = await screen.findByTestId('preview-menu');
    expect(within(menu).queryByText('Sales Trend')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Subscription' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pro' }));
    expect(await within(screen.getByTestId('preview-menu')).findByText('Sales Trend')).toBeInTheDocument();
    expect(
      calls.some(
        (call) =>
          call.path === apiRoutes.previewCatalogueAudience.path &&
          call.search.get('roleKey') === 'organisationmember',
      ),
    ).toBe(true);
    expect(within(screen.getByTestId('preview-dashboards')).getByText('Nothing to see.')).toBeInTheDocument();
  });

  it('shows a retry when the catalogue cannot be loaded', async () => {
    let fail = true;
    stubCatalogue({
      [`GET ${apiRoutes.exportCatalogue.path}`]: () =>
        fail ? jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500) : jsonResponse(catalogue()),
    });
    await renderWithProviders(<CatalogueManagement />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Menu groups and reports' })).toBeInTheDocument();
  });
});

describe('catalogue import', () => {
  const upload = (content: string, name = 'catalogue.json') =>
    new File([content], name, { type: 'application/json' });

  async function chooseFile(file: File) {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, file);
  }

  it('shows what would change and applies only when confirmed', async () => {
    const calls = stubCatalogue({
      [`POST ${apiRoutes.previewCatalogueImport.path}`]: () =>
        jsonResponse({
          changes: [
            { object: 'item', name: 'kpi-glossary', title: 'KPI Glossary', change: 'changed' },
            { object: 'menu-group', name: 'markets', title: 'Markets', change: 'added' },
            { object: 'dashboard', name: '103', title: 'Board Pack', change: 'removed' },
          ],
        }),
      [`PUT ${apiRoutes.exportCatalogue.path}`]: () => jsonResponse({ changes: [] }),
    });
    await renderCatalogue();
    await chooseFile(upload(JSON.stringify(catalogue())));
    const dialog = await screen.findByRole('dialog', { name: 'Import catalogue.json' });
    expect(await within(dialog).findByRole('heading', { name: 'Added (1)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Changed (1)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Removed (1)' })).toBeInTheDocument();
    expect(within(dialog).getByText('Board Pack')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      format: 'report-cockpit.catalogue',
      version: 1,
    });
  });

  it("shows the server's message for an invalid document and applies nothing", async () => {
    const calls = stubCatalogue({
      [`POST ${apiRoutes.previewCatalogueImport.path}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'INVALID_REQUEST',
              message: 'Invalid catalogue at $.menu[0].items[2].report.url: must be an http(s) URL',
            },
          },
          400,
        ),
    });
    await renderCatalogue();
    await chooseFile(upload('{"format":"report-cockpit.catalogue"}'));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/\$\.menu\[0\]\.items\[2\]\.report\.url: must be an http\(s\) URL/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says so when the file is not JSON, or when it changes nothing', async () => {
    const calls = stubCatalogue({
      [`POST ${apiRoutes.previewCatalogueImport.path}`]: () => jsonResponse({ changes: [] }),
    });
    await renderCatalogue();
    await chooseFile(upload('not json'));
    expect(await screen.findByText('The file is not valid JSON.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === apiRoutes.previewCatalogueImport.path)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await chooseFile(upload(JSON.stringify(catalogue())));
    expect(
      await screen.findByText('No changes: the file matches the current catalogue.'),
    ).toBeInTheDocument();
  });
});

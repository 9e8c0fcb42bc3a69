import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pickDate } from './date-field';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  unpin,
} from './shell-support';

// Reports and dashboards journeys: reports (KPIs, chart, table, sorting, CSV export, parameters, culture), embedded and
// external reports, and dashboards (panel, tiles, pin → favourites, one tile failing alone).

const sidePanel = (page: Page) => page.locator('#side-panel');

/** The text of every visible cell of a table row (the virtualised table renders the rows in view). */
async function rowTexts(page: Page, index: number): Promise<string[]> {
  return page.getByTestId('data-table').locator('tbody tr').nth(index).locator('td').allInnerTexts();
}

/** Mantine draws chips and segments as labels over visually hidden radio inputs: click the label. */
async function choose(page: Page, name: string): Promise<void> {
  await page
    .getByTestId('report-parameters')
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

/** `€1,234.56` (en-GB) → 1234.56. */
const euros = (text: string) => Number(text.replace(/[€\s,]/g, ''));

test('a report shows KPIs, charts and a table that sorts; its download holds the figures shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, demoUsers.admin); // en-GB, €
  await page.goto('/reports/totalviewlayout');
  // Patience for the first report of a fresh server on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Total View' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('report-subtitle')).toHaveText('All key figures at a glance');

  // The demo's reports are SQL definitions over its sales data set (decision 027): KPIs keyed by visual and column.
  const kpis = page.getByTestId('kpi-cards');
  await expect(kpis.getByTestId('kpi-value')).toHaveCount(4);
  const revenueKpi = kpis.locator('[data-kpi="kpis.total_revenue"] [data-testid="kpi-value"]');
  await expect(revenueKpi).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(kpis.locator('[data-kpi="kpis.total_margin_pct"] [data-testid="kpi-value"]')).toHaveText(
    /^\d+\.\d%$/,
  );

  // The charts are a lazy chunk drawn as SVG.
  const chart = page.locator('[data-testid="report-chart"][data-chart-id="trend"]');
  await expect(chart.locator('svg path').first()).toBeAttached();
  await expect(chart).toHaveAttribute('aria-label', 'Chart: Revenue, margin and units over time');
  await expect(
    page.locator('[data-testid="report-chart"][data-chart-id="by_region"] svg path').first(),
  ).toBeAttached();

  const table = page.getByTestId('data-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table.locator('th')).toHaveText([
    'Month',
    'Region',
    'Revenue',
    'Cost',
    'Margin',
    'Margin %',
    'Units sold',
  ]);
  const rowCount = Number((await page.getByTestId('table-row-count').innerText()).replace(/\D/g, ''));
  expect(rowCount).toBeGreaterThan(0);
  // This year by month: the first row is January (en-GB short month).
  expect((await rowTexts(page, 0))[0]).toMatch(/^Jan \d{4}$/);

  // Sort by revenue: numbers start with the largest.
  const revenueHeader = table.locator('th', { hasText: 'Revenue' });
  await revenueHeader.getByRole('button').click();
  await expect(revenueHeader).toHaveAttribute('aria-sort', 'descending');
  const first = await rowTexts(page, 0);
  const second = await rowTexts(page, 1);
  expect(euros(first[2]!)).toBeGreaterThanOrEqual(euros(second[2]!));

  // Hide a column.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Cost' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(table.locator('th', { hasText: 'Cost' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('report.png'), fullPage: true });

  // The server writes the whole result: every row of the table, its revenues adding up to the KPI.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('totalviewlayout.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Month,Region,Revenue,Cost,Margin,Margin %,Units sold');
  expect(lines).toHaveLength(rowCount + 1);
  const cells = lines.slice(1).map((line) => line.split(','));
  expect(cells[0]![0]).toMatch(/^\d{4}-01-01$/);
  const total = cells.reduce((sum, row) => sum + Number(row[2]), 0);
  expect(Math.abs(total - euros(await revenueKpi.innerText()))).toBeLessThan(0.01);
});

test('report parameters: presets, grouping and a checked custom range live in the URL', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, demoUsers.admin);
  await page.goto('/reports/totalviewlayout');
  await expect(page.getByTestId('kpi-cards')).toBeVisible({ timeout: 60_000 });
  const parameters = page.getByTestId('report-parameters');

  await choose(page, 'Last 30 days');
  await expect(parameters.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(page).toHaveURL(/values=.*last-30-days/);
  // The grouping is a choice of the definition: its field, found through its label's `for`.
  const groupingId = await parameters.locator('label', { hasText: 'Grouping' }).getAttribute('for');
  await page.locator(`[id="${groupingId}"]`).click();
  await page.getByRole('option', { name: 'Day', exact: true }).click();
  await expect(page).toHaveURL(/values=.*grouping.*day/);
  await expect(page.getByTestId('data-table').locator('th').first()).toHaveText('Day');
  expect((await rowTexts(page, 0))[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  await choose(page, 'Custom');
  // Dates are picked from a calendar written as the culture writes them (en-GB).
  await pickDate(page, page.getByLabel('From', { exact: true }), '31/03/2025');
  await pickDate(page, page.getByLabel('To', { exact: true }), '01/03/2025');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The end date must not be before the start date.')).toBeVisible();
  await pickDate(page, page.getByLabel('To', { exact: true }), '30/04/2025');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/values=.*2025-03-31.*2025-04-30/);
  expect(JSON.parse(new URL(page.url()).searchParams.get('values') ?? '{}')).toEqual({
    period: { from: '2025-03-31', to: '2025-04-30' },
    grouping: 'day',
  });
  // 31 March to 30 April by day, five regions: at most 31 × 5 rows, the first day first.
  // Waits for the new answer: the first row is the range's first day.
  await expect(page.getByTestId('data-table').locator('tbody tr').first().locator('td').first()).toHaveText(
    '31/03/2025',
  );
  await expect(page.getByTestId('table-row-count')).toHaveText(/^\d+ rows$/);
  expect(
    Number((await page.getByTestId('table-row-count').innerText()).replace(/\D/g, '')),
  ).toBeLessThanOrEqual(31 * 5);

  // A hand-made URL the server refuses shows its own state and a way back.
  await page.goto(
    `/reports/totalviewlayout?values=${encodeURIComponent(JSON.stringify({ grouping: 'region' }))}`,
  );
  await expect(page.getByText('These settings cannot be used')).toBeVisible();
  await page.getByRole('button', { name: 'Show the default view' }).click();
  await expect(page.getByTestId('kpi-cards')).toBeVisible();
});

test('changing the culture to de-AT changes number, currency and date formats', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, demoUsers.admin);
  try {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Format of dates and numbers').selectOption('de-AT');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();

    await page.goto(
      `/reports/totalviewlayout?values=${encodeURIComponent(JSON.stringify({ period: { preset: 'this-year' }, grouping: 'month' }))}`,
    );
    const revenue = page.locator('[data-kpi="kpis.total_revenue"] [data-testid="kpi-value"]');
    // de-AT: the euro sign before the amount, dots between thousands, a decimal comma.
    await expect(revenue).toHaveText(/^€\s\d{1,3}(\.\d{3})*,\d{2}$/, { timeout: 60_000 });
    await expect(page.locator('[data-kpi="kpis.total_margin_pct"] [data-testid="kpi-value"]')).toHaveText(
      /^\d+,\d\s%$/,
    );
    // Austrian month names: Jänner.
    expect((await rowTexts(page, 0))[0]).toMatch(/^Jän\. \d{4}$/);
    await page.screenshot({ path: test.info().outputPath('report-de-AT.png'), fullPage: true });

    // The download follows the culture: semicolons, decimal commas.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await readFile(await (await downloadPromise).path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Month;Region;Revenue;Cost;Margin;Margin %;Units sold',
    );
    expect(csv.split('\r\n')[1]).toMatch(/^\d{4}-01-01;[^;]+;\d+(,\d{1,2})?;/);
  } finally {
    await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
  }
});

test('the product mix shows categories per month as stacked bars and a pivot table', async ({ page }) => {
  await signIn(page, demoUsers.member);
  await page.goto('/reports/pmxlayout');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio Matrix (PMX)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Last 12 months' })).toBeChecked();
  const headers = page.getByTestId('data-table').locator('th');
  await expect(headers).toHaveText([
    'Month',
    'Electronics',
    'Home & Kitchen',
    'Garden',
    'Sports & Outdoor',
    'Toys',
    'Office',
    'Total',
  ]);
  await expect(page.locator('[data-chart-id="mix"] svg path').first()).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('pmx.png'), fullPage: true });
});

test('the dashboards overview lists the dashboards by group', async ({ page }) => {
  await signIn(page, demoUsers.member);
  await page.goto('/dashboards');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Management', 'Operations']);
  await expect(page.getByRole('link', { name: 'Logistics Monitor' })).toHaveAttribute(
    'href',
    '/dashboards/201',
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('dashboards-overview.png') });
});

test('embedded, external and unavailable reports', async ({ page }) => {
  await signIn(page, demoUsers.member);
  await page.goto('/reports/kpi-glossary');
  const frame = page.getByTitle('KPI Glossary (embedded report)');
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(
    page.frameLocator('[data-testid="embedded-report"]').getByRole('heading', { name: 'KPI glossary' }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('embedded.png') });

  await page.goto('/reports/market-data-portal');
  const open = page.getByRole('link', { name: 'Open report' });
  await expect(open).toHaveAttribute('href', 'https://example.com/market-data');
  await expect(open).toHaveAttribute('target', '_blank');

  await page.goto('/reports/balance-sheet');
  await expect(page.getByRole('heading', { level: 1, name: 'Balance Sheet' })).toBeVisible();
  await expect(page.getByText('This report is not available')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a basic user reaches no dashboard, not even by its address', async ({ page }) => {
  await signIn(page, demoUsers.basic);
  await expect(page.getByRole('button', { name: 'Dashboards' })).toHaveCount(0);
  await page.goto('/dashboards/101');
  // The root, which redirects to the reports home (docs/product.md §2).
  await expect(page).toHaveURL(/\/reports$/);
});

test('a pro user finds a dashboard in the panel, opens it, pins it and finds it in the favourites', async ({
  page,
}) => {
  await signIn(page, demoUsers.member);
  try {
    await page.getByRole('button', { name: 'Dashboards' }).click();
    const panel = page.getByTestId('dashboards-panel');
    await expect(panel.getByRole('button', { name: 'Management' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('button', { name: 'Operations' })).toHaveAttribute('aria-expanded', 'true');
    await panel.getByRole('searchbox', { name: 'Search dashboards' }).fill('logis');
    await expect(panel.getByTestId('dashboard-item')).toHaveCount(1);
    await panel.getByRole('searchbox', { name: 'Search dashboards' }).fill('');
    await expect(panel.getByTestId('dashboard-item')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page, '#side-panel');

    await panel.getByRole('link', { name: /Executive Overview/ }).click();
    await expect(page).toHaveURL(/\/dashboards\/101$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Executive Overview' })).toBeVisible();
    const tiles = page.getByTestId('dashboard-tile');
    await expect(tiles).toHaveCount(7);
    await expect(tiles.filter({ has: page.getByTestId('kpi-value') })).toHaveCount(4);
    // Each figure stays on one line with its currency symbol, even in a quarter-width tile.
    for (const value of await tiles.getByTestId('kpi-value').all()) {
      const lines = await value.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines, await value.innerText()).toBe(1);
    }
    await expect(
      page.locator('[data-tile-type="line"] [data-testid="report-chart"] svg path').first(),
    ).toBeAttached();
    await expect(page.locator('[data-tile-type="table"] tbody tr')).toHaveCount(10);

    // Pin from the panel: the star changes at once, the page's button follows, the favourites list it.
    await panel.getByRole('button', { name: 'Pin Executive Overview to favorites' }).click();
    await expect(
      panel.getByRole('button', { name: 'Unpin Executive Overview from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('dashboard-pin')).toHaveText('Unpin from favorites');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });

    await page.getByRole('button', { name: 'Favorites', exact: true }).click();
    const favorite = sidePanel(page).getByRole('link', { name: /Executive Overview/ });
    await expect(favorite).toBeVisible();
    await expect(favorite).toHaveAttribute('href', '/dashboards/101');
  } finally {
    await unpin(page, 'dashboard', '101');
  }
});

test('a dashboard tile that fails shows its own error; the others load', async ({ page }) => {
  await signIn(page, demoUsers.member);
  const layout = await page.request.get('/api/dashboards/102', { headers: await bearerOf(page) });
  const firstTile = ((await layout.json()) as { tiles: { id: string; type: string }[] }).tiles[0]!;
  expect(firstTile.type).toBe('kpi');
  let failing = true;
  await page.route(`**/api/dashboards/102/tiles/${firstTile.id}*`, async (route) => {
    if (!failing) return route.continue();
    await route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'gone' } } });
  });
  await page.goto('/dashboards/102');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales Performance' })).toBeVisible();
  await expect(page.getByText('This tile could not be loaded.')).toHaveCount(1);
  await expect(page.getByTestId('dashboard-tile').filter({ has: page.getByTestId('kpi-value') })).toHaveCount(
    1,
  );
  await expect(page.locator('[data-testid="dashboard-tile"] [data-testid="report-chart"]')).toHaveCount(2);
  // Its retry loads it.
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('This tile could not be loaded.')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-tile').filter({ has: page.getByTestId('kpi-value') })).toHaveCount(
    2,
  );
});

test("a dashboard's own period: every tile follows it, the address keeps it", async ({ page }) => {
  test.slow();
  // The Board Pack is for administrators; its two figures follow the board's period (decision 027).
  await signIn(page, demoUsers.admin);
  await page.goto('/dashboards/103');
  await expect(page.getByRole('heading', { level: 1, name: 'Board Pack' })).toBeVisible({ timeout: 30_000 });
  const parameters = page.getByTestId('report-parameters');
  await expect(parameters.getByRole('radio', { name: 'Last year' })).toBeChecked();
  const values = page.getByTestId('dashboard-tile').getByTestId('kpi-value');
  await expect(values).toHaveCount(2);
  const lastYear = await values.allInnerTexts();

  await choose(page, 'This year');
  await expect(page).toHaveURL(/[?&]values=/);
  expect(JSON.parse(new URL(page.url()).searchParams.get('values') ?? '{}')).toEqual({
    period: { preset: 'this-year' },
  });
  // Both tiles answer for this year now: figures other than last year's.
  await expect(async () => expect(await values.allInnerTexts()).not.toEqual(lastYear)).toPass();
  await expect(page.getByTestId('dashboard-tile').first()).not.toHaveAttribute('aria-busy', 'true');
  const thisYear = await values.allInnerTexts();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('dashboard-parameters-en.png'), fullPage: true });

  // A reload (or a shared link) shows the same view.
  await page.reload();
  await expect(page.getByTestId('report-parameters').getByRole('radio', { name: 'This year' })).toBeChecked();
  await expect(values).toHaveCount(2);
  await expect(async () => expect(await values.allInnerTexts()).toEqual(thisYear)).toPass();
});

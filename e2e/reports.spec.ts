import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
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

test('a report shows KPIs, a chart and a table that sorts and exports exactly what is shown', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin); // en-GB, €
  await page.goto('/reports/totalviewlayout');
  await expect(page.getByRole('heading', { level: 1, name: 'Total View' })).toBeVisible();
  await expect(page.getByTestId('report-subtitle')).toHaveText('All key figures at a glance');

  const kpis = page.getByTestId('kpi-cards');
  await expect(kpis.getByTestId('kpi-value')).toHaveCount(4);
  await expect(kpis.locator('[data-kpi="revenue"] [data-testid="kpi-value"]')).toHaveText(
    /^€\d{1,3}(,\d{3})*\.\d{2}$/,
  );
  await expect(kpis.locator('[data-kpi="marginPct"] [data-testid="kpi-value"]')).toHaveText(/^\d+\.\d%$/);

  // The chart is a lazy chunk drawn as SVG.
  const chart = page.locator('[data-testid="report-chart"][data-chart-id="trend"]');
  await expect(chart.locator('svg path').first()).toBeAttached();
  await expect(chart).toHaveAttribute('aria-label', 'Chart: Revenue, margin and units over time');

  const table = page.getByTestId('data-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
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

  // Hide a column; the export writes the visible columns in the shown order, formatted as shown.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Cost' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(table.locator('th', { hasText: 'Cost' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/tmp/i5-report.png', fullPage: true });

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^totalviewlayout_\d{4}-01-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Month,Region,Revenue,Margin,Margin %,Units sold');
  expect(lines).toHaveLength(rowCount + 1);
  // en-GB uses commas inside numbers, so those fields are quoted.
  const parse = (line: string) =>
    [...line.matchAll(/"([^"]*)"|([^,]+)/g)].map((match) => match[1] ?? match[2] ?? '');
  expect(parse(lines[1]!)).toEqual(await rowTexts(page, 0));
  const revenues = lines.slice(1).map((line) => euros(parse(line)[2]!));
  expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
});

test('report parameters: presets, grouping and a checked custom range live in the URL', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  await page.goto('/reports/totalviewlayout');
  await expect(page.getByTestId('kpi-cards')).toBeVisible();

  await choose(page, 'Last 30 days');
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(page).toHaveURL(/range=last-30-days/);
  await choose(page, 'Day');
  await expect(page).toHaveURL(/grouping=day/);
  await expect(page.getByTestId('data-table').locator('th').first()).toHaveText('Day');
  await expect(page.getByTestId('report-range')).toHaveText(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);

  await choose(page, 'Custom');
  await page.getByLabel('From', { exact: true }).fill('2025-03-31');
  await page.getByLabel('To', { exact: true }).fill('2025-03-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The end date must not be before the start date.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2025-04-30');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/from=2025-03-31&to=2025-04-30&grouping=day/);
  await expect(page.getByTestId('report-range')).toHaveText('31/03/2025 – 30/04/2025');
  await expect(page.getByTestId('table-row-count')).toHaveText(/^\d+ rows$/);

  // A hand-made URL the server refuses shows its own state and a way back.
  await page.goto('/reports/totalviewlayout?grouping=region');
  await expect(page.getByText('These settings cannot be used')).toBeVisible();
  await page.getByRole('button', { name: 'Show the default view' }).click();
  await expect(page.getByTestId('kpi-cards')).toBeVisible();
});

test('changing the culture to de-AT changes number, currency and date formats', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  try {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Format of dates and numbers').selectOption('de-AT');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();

    await page.goto('/reports/totalviewlayout?range=this-year&grouping=month');
    const revenue = page.locator('[data-kpi="revenue"] [data-testid="kpi-value"]');
    // de-AT: the euro sign before the amount, dots between thousands, a decimal comma.
    await expect(revenue).toHaveText(/^€\s\d{1,3}(\.\d{3})*,\d{2}$/);
    await expect(page.locator('[data-kpi="marginPct"] [data-testid="kpi-value"]')).toHaveText(/^\d+,\d\s%$/);
    await expect(page.getByTestId('report-range')).toHaveText(/^01\.01\.\d{4} – \d{2}\.\d{2}\.\d{4}$/);
    // Austrian month names: Jänner.
    expect((await rowTexts(page, 0))[0]).toMatch(/^Jän\. \d{4}$/);
    await page.screenshot({ path: '/tmp/i5-report-de-AT.png', fullPage: true });

    // The export follows the culture: semicolons, decimal commas.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await downloadPromise).path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Month;Region;Revenue;Cost;Margin;Margin %;Units sold',
    );
    expect(csv.split('\r\n')[1]).toMatch(/^Jän\. \d{4};[^;]+;€\s[\d.]+,\d{2};/);
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
  await page.screenshot({ path: '/tmp/i5-pmx.png', fullPage: true });
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
  await page.screenshot({ path: '/tmp/i5-dashboards-overview.png' });
});

test('embedded, external and unavailable reports', async ({ page }) => {
  await signIn(page, demoUsers.member);
  await page.goto('/reports/kpi-glossary');
  const frame = page.getByTitle('KPI Glossary (embedded report)');
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(
    page.frameLocator('[data-testid="embedded-report"]').getByRole('heading', { name: 'KPI glossary' }),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/i5-embedded.png' });

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
  // The root, which redirects to the reports home (spec §2).
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
    await page.screenshot({ path: '/tmp/i5-dashboard.png', fullPage: true });

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

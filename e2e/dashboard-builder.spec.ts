import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { apiRoutes, pathOf, type CatalogueDocument } from '@cockpit/contracts';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// Building a dashboard in Management → Catalogue (decision 015), in English and German, at 1440 × 900
// and 390 × 844: the layout id is assigned, two tiles are placed and sized in the live 12-column preview
// with the keyboard and with the mouse, a period of the dashboard's own is declared for them to follow,
// the saved dashboard is scrolled to and marked, a drag of its row saves once, and "Open" shows the
// dashboard page with the same layout and the period's control. The dashboard is removed again.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const run = Date.now().toString(36);

/** The locale files the app uses: the journey reads its labels from them, as a person reads the screen. */
const locales = {
  en: JSON.parse(
    readFileSync(new URL('../packages/contracts/src/locales/en.json', import.meta.url), 'utf8'),
  ) as Record<string, string>,
  'de-DE': JSON.parse(
    readFileSync(new URL('../packages/contracts/src/locales/de-DE.json', import.meta.url), 'utf8'),
  ) as Record<string, string>,
};
type Language = keyof typeof locales;
const groupTitles: Record<Language, string> = { en: 'Operations', 'de-DE': 'Betrieb' };

function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const template = locales[language][key];
  if (template === undefined) throw new Error(`no text ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

async function openDashboardsTab(page: Page, language: Language) {
  await page.goto('/management/catalogue');
  await page.getByRole('tab', { name: text(language, 'management.catalogue.tabs.dashboards') }).click();
  await expect(
    page.getByRole('heading', { name: text(language, 'management.catalogue.dashboards.heading') }),
  ).toBeVisible({
    timeout: 60_000,
  });
}

/** The tiles of the layout preview, in order, with their widths. */
async function layoutOf(preview: Locator): Promise<string[]> {
  const tiles = preview.getByTestId('layout-tile');
  const result: string[] = [];
  for (let index = 0; index < (await tiles.count()); index += 1) {
    const tile = tiles.nth(index);
    const label = (await tile.getAttribute('aria-label')) ?? '';
    result.push(`${label.split(',')[0]}:${await tile.getAttribute('data-width')}`);
  }
  return result;
}

/** Drags with the mouse from the middle of `from` to `x`, `y`, in small steps as a hand would. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }) {
  const box = (await from.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** Waits until `locator` stands still (a smooth scroll has ended). */
async function settled(locator: Locator) {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const y = (await locator.boundingBox())?.y ?? Number.NaN;
      const still = y === last;
      last = y;
      return still;
    })
    .toBe(true);
}

async function deleteDashboard(page: Page, layoutId: number) {
  const response = await page.request.delete(
    pathOf(apiRoutes.deleteDashboard, { layoutId: String(layoutId) }),
    {
      headers: await bearerOf(page),
    },
  );
  expect(response.ok()).toBe(true);
}

async function phoneScreens(browser: Browser, language: Language, title: string, layoutId: number) {
  // Signed in on the wide screen (its side menu shows that the shell is ready), then the phone's size.
  const context = await browser.newContext({ viewport: desktop, hasTouch: true });
  const page = await context.newPage();
  try {
    // The language chosen on the wide screen is the administrator's setting by now.
    await signIn(page, demoUsers.admin);
    await page.setViewportSize(phone);
    await openDashboardsTab(page, language);
    const row = page.getByTestId('catalogue-dashboards-child').filter({ hasText: title });
    await row.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
      false,
    );
    // On a phone the row's actions, "Open" first, are behind "⋯".
    await row
      .getByRole('button', { name: text(language, 'management.moreActions', { name: title }) })
      .click();
    await expect(
      page.getByRole('menuitem', { name: text(language, 'management.catalogue.openTitle', { title }) }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`dashboard-builder-list-${language}-390.png`) });
    await page.keyboard.press('Escape');

    await row
      .getByRole('button', { name: text(language, 'management.moreActions', { name: title }) })
      .click();
    await page
      .getByRole('menuitem', { name: text(language, 'management.catalogue.edit', { title }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: text(language, 'management.catalogue.dashboard.editTitle'),
    });
    // The dashboard's period, as saved, fits the phone's width.
    const parameters = dialog.getByRole('group', {
      name: text(language, 'management.catalogue.parameters.legend'),
      exact: true,
    });
    await expect(
      parameters.getByRole('textbox', {
        name: new RegExp(`^${text(language, 'management.catalogue.parameters.name')}`),
      }),
    ).toHaveValue('period');
    const sticksOut = await parameters.evaluate((element) => {
      const right = element.getBoundingClientRect().right + 1;
      return Array.from(element.querySelectorAll('*'))
        .filter((inner) => inner.getBoundingClientRect().right > right)
        .map((inner) => inner.className);
    });
    expect(sticksOut).toEqual([]);
    await parameters.screenshot({
      path: test.info().outputPath(`dashboard-builder-parameters-${language}-390.png`),
    });
    const preview = dialog.getByTestId('tile-layout');
    await preview.scrollIntoViewIfNeeded();
    await expect(preview.getByTestId('layout-tile')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`dashboard-builder-dialog-${language}-390.png`) });
    await page.keyboard.press('Escape');

    await page.goto(`/dashboards/${layoutId}`);
    await expect(page.getByTestId('dashboard-grid').locator('.mantine-Grid-col')).toHaveCount(2, {
      timeout: 60_000,
    });
    await page.screenshot({
      path: test.info().outputPath(`dashboard-builder-page-${language}-390.png`),
      fullPage: true,
    });
  } finally {
    await context.close();
  }
}

for (const language of ['en', 'de-DE'] as const) {
  test(`an administrator builds a dashboard on the layout preview, by keyboard and mouse, and opens it (${language})`, async ({
    browser,
  }) => {
    const title = `Builder ${language} ${run}`;
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    let layoutId: number | null = null;
    try {
      await signInWithLanguage(page, demoUsers.admin, language);
      await openDashboardsTab(page, language);
      const headers = await bearerOf(page);
      const before = (await (
        await page.request.get(apiRoutes.exportCatalogue.path, { headers })
      ).json()) as CatalogueDocument;
      const nextId =
        Math.max(
          ...before.dashboards.flatMap((group) => group.dashboards.map((dashboard) => dashboard.layoutId)),
        ) + 1;

      // The layout id is assigned, not asked for.
      await page
        .getByRole('button', {
          name: text(language, 'management.catalogue.dashboards.addDashboardTo', {
            group: groupTitles[language],
          }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: text(language, 'management.catalogue.dashboard.createTitle'),
      });
      const idField = dialog.getByRole('textbox', {
        name: text(language, 'management.catalogue.fields.layoutId'),
      });
      await expect(idField).toHaveValue(String(nextId));
      await expect(idField).toHaveAttribute('readonly', '');
      layoutId = nextId;
      await dialog
        .getByRole('textbox', {
          name: text(language, 'management.catalogue.fields.inEnglish', {
            label: text(language, 'management.catalogue.fields.title'),
          }),
          exact: true,
        })
        .fill(title);

      // Two tiles of the sales overview: "Revenue" (KPIs) and "Trend" (a line chart).
      const tileTitle = text(language, 'management.catalogue.fields.inEnglish', {
        label: text(language, 'management.catalogue.tiles.title'),
      });
      const rows = dialog.getByTestId('tile-row');
      for (const [index, name] of ['Revenue', 'Trend'].entries()) {
        await dialog.getByRole('button', { name: text(language, 'management.catalogue.tiles.add') }).click();
        const row = rows.nth(index);
        await row.getByRole('textbox', { name: tileTitle, exact: true }).fill(name);
        await row
          .getByRole('combobox', {
            name: new RegExp(`^${text(language, 'management.catalogue.tiles.shows')}`),
          })
          .click();
        await page.getByRole('option', { name: 'sales-overview', exact: true }).click();
      }
      await rows
        .nth(1)
        .getByRole('combobox', { name: text(language, 'management.catalogue.tiles.type') })
        .click();
      await page
        .getByRole('option', { name: text(language, 'management.catalogue.tileType.line'), exact: true })
        .click();

      const preview = dialog.getByTestId('tile-layout');
      const announcement = dialog.getByTestId('layout-announcement');
      await preview.scrollIntoViewIfNeeded();
      expect(await layoutOf(preview)).toEqual(['Revenue:6', 'Trend:6']);

      // Keyboard: Shift + → twice makes "Revenue" 8 columns wide, → moves it after "Trend".
      await preview.getByTestId('layout-tile').first().focus();
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await expect(announcement).toHaveText(
        text(language, 'management.catalogue.layout.resized', { title: 'Revenue', width: 8 }),
      );
      await page.keyboard.press('ArrowRight');
      await expect(announcement).toHaveText(
        text(language, 'management.catalogue.layout.moved', { title: 'Revenue', position: 2, total: 2 }),
      );
      await expect(preview.getByTestId('layout-tile').nth(1)).toBeFocused();
      expect(await layoutOf(preview)).toEqual(['Trend:6', 'Revenue:8']);

      // Mouse: "Trend"'s right edge dragged two columns to the left, then "Revenue" dragged onto its place.
      const gridBox = (await preview.boundingBox())!;
      const column = gridBox.width / 12;
      const trendEdge = preview.getByTestId('layout-tile').first().getByTestId('layout-resize');
      const edgeBox = (await trendEdge.boundingBox())!;
      await drag(page, trendEdge, {
        x: edgeBox.x + edgeBox.width / 2 - 2 * column,
        y: edgeBox.y + edgeBox.height / 2,
      });
      expect(await layoutOf(preview)).toEqual(['Trend:4', 'Revenue:8']);
      const trendBox = (await preview.getByTestId('layout-tile').first().boundingBox())!;
      await drag(page, preview.getByTestId('layout-tile').nth(1), {
        x: trendBox.x + 20,
        y: trendBox.y + trendBox.height / 2,
      });
      expect(await layoutOf(preview)).toEqual(['Revenue:8', 'Trend:4']);
      // The tile row's width field follows the preview.
      await expect(
        rows.first().getByRole('textbox', { name: text(language, 'management.catalogue.tiles.width') }),
      ).toHaveValue('8');

      // The dashboard's own period (decision 027): both tiles' definition has a `period` that follows it.
      const periodLabel = language === 'en' ? 'Period' : 'Zeitraum';
      const parameters = dialog.getByRole('group', {
        name: text(language, 'management.catalogue.parameters.legend'),
        exact: true,
      });
      await parameters
        .getByRole('button', { name: text(language, 'management.catalogue.parameters.add') })
        .click();
      await parameters
        .getByRole('group', {
          name: text(language, 'management.data.parameter.legend', { name: '1' }),
          exact: true,
        })
        .getByRole('textbox', {
          name: new RegExp(`^${text(language, 'management.catalogue.parameters.name')}`),
        })
        .fill('period');
      const period = parameters.getByRole('group', {
        name: text(language, 'management.data.parameter.legend', { name: 'period' }),
        exact: true,
      });
      const parameterLabel = text(language, 'management.data.parameter.label');
      await period
        .getByRole('textbox', {
          name: text(language, 'management.data.fields.inEnglish', { label: parameterLabel }),
        })
        .fill('Period');
      await period
        .getByRole('textbox', {
          name: text(language, 'management.data.fields.inGerman', { label: parameterLabel }),
        })
        .fill('Zeitraum');
      await period
        .getByRole('combobox', { name: text(language, 'management.data.parameter.default') })
        .click();
      await page
        .getByRole('option', { name: text(language, 'reports.range.last-year'), exact: true })
        .click();
      await expect(dialog.getByTestId('tile-follows')).toHaveText([
        text(language, 'management.catalogue.tiles.follows', { names: 'period' }),
        text(language, 'management.catalogue.tiles.follows', { names: 'period' }),
      ]);
      await parameters.scrollIntoViewIfNeeded();
      await parameters.screenshot({
        path: test.info().outputPath(`dashboard-builder-parameters-${language}-1440.png`),
      });

      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await dialog.getByText(text(language, 'management.catalogue.layout.heading')).scrollIntoViewIfNeeded();
      await page.screenshot({
        path: test.info().outputPath(`dashboard-builder-dialog-${language}-1440.png`),
      });
      await dialog.getByRole('button', { name: text(language, 'management.save') }).click();
      await expect(dialog).toBeHidden();

      // The new dashboard is scrolled to and marked for a moment.
      const row = page.getByTestId('catalogue-dashboards-child').filter({ hasText: title });
      await expect(row.locator('[data-highlighted]')).toBeVisible();
      await expect(row).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`dashboard-builder-added-${language}-1440.png`) });

      // A mouse drag of its row to the top of the group: one save, when the row is dropped.
      const saves: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().includes('/api/management/catalogue/dashboards/'))
          saves.push(request.url());
      });
      const group = page.getByTestId('catalogue-dashboards-group').filter({ hasText: groupTitles[language] });
      await settled(row);
      // The confirmation of the save sits over the row's buttons for a moment (the mouse off it, so that
      // it is not held open).
      await page.mouse.move(400, 10);
      await expect(page.getByText(text(language, 'management.catalogue.saved'), { exact: true })).toBeHidden({
        timeout: 30_000,
      });
      const firstBox = (await group.getByTestId('catalogue-dashboards-child').first().boundingBox())!;
      const answer = page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' &&
          response.url().includes('/api/management/catalogue/dashboards/'),
      );
      await drag(
        page,
        row.getByRole('button', { name: text(language, 'management.catalogue.reorder.handle', { title }) }),
        {
          x: firstBox.x + firstBox.width / 2,
          y: firstBox.y + 4,
        },
      );
      expect((await answer).status()).toBe(200);
      await expect(
        page.getByText(text(language, 'management.catalogue.reorder.saved'), { exact: true }),
      ).toBeVisible();
      await expect(group.getByTestId('catalogue-dashboards-child').first()).toContainText(title);
      expect(saves).toEqual([expect.stringContaining(`/dashboards/${layoutId}`)]);
      await expect(
        page.getByText(text(language, 'management.catalogue.reorder.saved'), { exact: true }),
      ).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'main');

      // "Open" shows the dashboard page with the same layout: 8 and 4 of 12 columns side by side.
      await row
        .getByRole('link', { name: text(language, 'management.catalogue.openTitle', { title }) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/dashboards/${layoutId}$`));
      const columns = page.getByTestId('dashboard-grid').locator('.mantine-Grid-col');
      await expect(columns).toHaveCount(2, { timeout: 60_000 });
      const [revenue, trend] = [(await columns.nth(0).boundingBox())!, (await columns.nth(1).boundingBox())!];
      expect(Math.abs(revenue.y - trend.y)).toBeLessThan(2);
      expect(revenue.width / trend.width).toBeGreaterThan(1.8);
      expect(revenue.width / trend.width).toBeLessThan(2.2);
      await expect(columns.nth(0)).toContainText('Revenue');
      await expect(columns.nth(1)).toContainText('Trend');
      // The dashboard's period is a control above the tiles, on the default it was given.
      const periodControl = page
        .getByTestId('report-parameters')
        .getByRole('radiogroup', { name: new RegExp(`^${periodLabel}`) });
      await expect(periodControl).toBeVisible();
      await expect(
        periodControl.getByRole('radio', { name: text(language, 'reports.range.last-year') }),
      ).toBeChecked();
      await page.screenshot({ path: test.info().outputPath(`dashboard-builder-page-${language}-1440.png`) });

      await phoneScreens(browser, language, title, layoutId);
    } finally {
      if (layoutId !== null) await deleteDashboard(page, layoutId).catch(() => undefined);
      await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName }).catch(
        () => undefined,
      );
      await context.close();
    }
  });
}

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiRoutes, pathOf } from '@cockpit/contracts';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// Readers are not misled (docs/decisions/046-broken-reports-and-their-owners.md), in English and German,
// axe clean: a number typed as the language writes it changes the report and anything else is refused
// under the field; three regions picked in a list that stays open run the report once, on Apply; a tile
// whose type does not match its visual is refused naming the tile, and the tile editor takes the type
// from the visual.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const languages = ['en', 'de-DE'] as const;
type Language = (typeof languages)[number];
const run = Date.now().toString(36);

const locales = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../packages/contracts/src/locales/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>;

function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const template = locales[language][key];
  if (template === undefined) throw new Error(`no text ${key} in ${language}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const clientBody = (language: Language) => ({
  useBackendTranslation: false,
  isoLanguageName: language,
  cultureName: language === 'en' ? 'en-GB' : 'de-DE',
  currencySymbol: '€',
});

/** A report with a number parameter (the demo has none), made as Management → Data makes it. */
async function createNumberReport(admin: Page, name: string): Promise<void> {
  const headers = await bearerOf(admin);
  const definition = {
    ...clientBody('en'),
    name,
    source: 'uploads',
    sql: 'select {{minimum}} as minimum, {{minimum}} * 2 as doubled',
    parameters: [
      {
        name: 'minimum',
        type: 'number',
        label: { en: 'Minimum', de: 'Mindestwert' },
        required: false,
        default: 100,
      },
    ],
    columns: [],
    visuals: [],
    cacheSeconds: 0,
  };
  const created = await admin.request.post(apiRoutes.createDefinition.path, { headers, data: definition });
  expect(created.status(), await created.text()).toBe(201);
  const item = {
    ...clientBody('en'),
    name,
    group: 'sales',
    title: { en: `Numbers ${name}`, de: `Zahlen ${name}` },
    report: { kind: 'query', definition: name },
  };
  const added = await admin.request.post(apiRoutes.createItem.path, { headers, data: item });
  expect(added.status(), await added.text()).toBe(200);
}

async function removeNumberReport(admin: Page, name: string): Promise<void> {
  const headers = await bearerOf(admin);
  await admin.request.delete(pathOf(apiRoutes.deleteItem, { name }), { headers });
  await admin.request.delete(pathOf(apiRoutes.deleteDefinition, { name }), { headers });
}

for (const language of languages) {
  test(`a reader types a number as the language writes it and picks three regions applied once (${language})`, async ({
    page,
    browser,
  }) => {
    const name = `readers-${language.toLowerCase()}-${run}`;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, demoUsers.admin);
    await createNumberReport(admin, name);
    await signInWithLanguage(page, demoUsers.member, language);
    try {
      await page.goto(`/reports/${name}`);
      const table = page.getByTestId('data-table');
      await expect(table).toContainText(language === 'en' ? '200' : '200');
      const field = page.getByRole('textbox', { name: language === 'en' ? 'Minimum' : 'Mindestwert' });

      // The other language's writing is no number here: refused under the field, the report unchanged.
      const wrong = language === 'en' ? '1.500,50' : '1.5';
      await field.fill(wrong);
      await field.press('Enter');
      const example = language === 'en' ? '1,500.5' : '1.500,5';
      await expect(
        page.getByText(text(language, 'reports.parameters.numberInvalid', { example })),
      ).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(page.url()).not.toContain('values=');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: test.info().outputPath(`readers-number-refused-${language}.png`),
        fullPage: true,
      });

      // As the language writes it: applied, the report follows.
      await field.fill(language === 'en' ? '1,500.50' : '1.500,50');
      await field.press('Enter');
      await expect(page).toHaveURL(/values=.*1500\.5/);
      await expect(table).toContainText(language === 'en' ? '3,001' : '3.001');
      await expect(field).toHaveValue(language === 'en' ? '1,500.5' : '1.500,5');
      await expect(
        page.getByText(text(language, 'reports.parameters.numberInvalid', { example })),
      ).toHaveCount(0);
      await page.screenshot({
        path: test.info().outputPath(`readers-number-applied-${language}.png`),
        fullPage: true,
      });

      // Three regions of the demo's monthly sales: the list stays open, the report runs once, on Apply.
      await page.goto('/reports/monthly-sales');
      await expect(page.getByTestId('data-table')).toBeVisible();
      const runs: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === pathOf(apiRoutes.getReport, { name: 'monthly-sales' }))
          runs.push(request.url());
      });
      const parameters = page.getByTestId('report-parameters');
      const regionsLabel = language === 'en' ? 'Regions' : 'Regionen';
      const regionsId = await parameters.locator('label', { hasText: regionsLabel }).getAttribute('for');
      // The multi-select's field, found through its label's `for`; opened by keyboard (its input is hidden).
      await page.locator(`[id="${regionsId}"]`).focus();
      await page.keyboard.press('ArrowDown');
      const options = page.getByRole('listbox').getByRole('option');
      const picked: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const option = options.nth(index);
        picked.push((await option.innerText()).trim());
        await option.click();
        await expect(page.getByRole('listbox')).toBeVisible();
      }
      await page.screenshot({ path: test.info().outputPath(`readers-regions-picked-${language}.png`) });
      expect(runs).toEqual([]);
      const answered = page.waitForResponse((response) =>
        response.url().includes('/api/reports/monthly-sales'),
      );
      await parameters
        .getByRole('button', {
          name: text(language, 'reports.parameters.applyLabel', { label: regionsLabel }),
        })
        .click();
      expect((await answered).ok()).toBe(true);
      for (const region of picked) await expect(page).toHaveURL(new RegExp(encodeURIComponent(region)));
      await expect(page.getByTestId('data-table')).toBeVisible();
      // Nothing more follows the one run.
      await page.waitForTimeout(1_000);
      expect(runs).toHaveLength(1);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: test.info().outputPath(`readers-regions-applied-${language}.png`),
        fullPage: true,
      });
    } finally {
      await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
      await removeNumberReport(admin, name);
      await adminContext.close();
    }
  });

  test(`a tile's type follows its visual, and a misfitting tile is refused by name (${language})`, async ({
    page,
  }) => {
    await signInWithLanguage(page, demoUsers.admin, language);
    try {
      // The API refuses a KPI tile that shows a chart, naming the tile in the editor's language.
      const tileTitle = language === 'en' ? 'Revenue trend' : 'Umsatzverlauf';
      const refused = await page.request.post(apiRoutes.createDashboard.path, {
        headers: await bearerOf(page),
        data: {
          ...clientBody(language),
          layoutId: 990_000 + languages.indexOf(language),
          group: 'management',
          title: { en: `Misfit ${run}` },
          tiles: [
            {
              type: 'kpi',
              definition: 'sales-overview',
              visual: 'trend',
              title: { en: 'Revenue trend', de: 'Umsatzverlauf' },
              width: 6,
            },
          ],
        },
      });
      expect(refused.status()).toBe(400);
      const message = ((await refused.json()) as { error: { message: string } }).error.message;
      expect(message).toContain(language === 'en' ? `“${tileTitle}”` : `„${tileTitle}“`);
      expect(message).toContain(text(language, 'management.catalogue.tileType.line'));

      // The tile editor cannot make that tile: choosing the chart visual makes it a line chart.
      await page.goto('/management/catalogue');
      await page.getByRole('tab', { name: text(language, 'management.catalogue.tabs.dashboards') }).click();
      const groupTitle = language === 'en' ? 'Operations' : 'Betrieb';
      await page
        .getByRole('button', {
          name: text(language, 'management.catalogue.dashboards.addDashboardTo', { group: groupTitle }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: text(language, 'management.catalogue.dashboard.createTitle'),
      });
      await dialog.getByRole('button', { name: text(language, 'management.catalogue.tiles.add') }).click();
      const row = dialog.getByTestId('tile-row').first();
      await row
        .getByRole('combobox', { name: new RegExp(`^${text(language, 'management.catalogue.tiles.shows')}`) })
        .click();
      await page.getByRole('option', { name: 'sales-overview', exact: true }).click();
      const type = row.getByRole('combobox', { name: text(language, 'management.catalogue.tiles.type') });
      await expect(type).toHaveValue(text(language, 'management.catalogue.tileType.kpi'));
      await row.getByRole('combobox', { name: text(language, 'management.catalogue.tiles.visual') }).click();
      await page.getByRole('option', { name: 'trend (chart)', exact: true }).click();
      await expect(type).toHaveValue(text(language, 'management.catalogue.tileType.line'));
      await expect(type).toBeDisabled();
      await expect(row.getByText(text(language, 'management.catalogue.tiles.typeFollows'))).toBeVisible();
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`readers-tile-type-${language}.png`) });
      await page.keyboard.press('Escape');
    } finally {
      await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });
}

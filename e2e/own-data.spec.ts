import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from '@playwright/test';
import { apiRoutes, pathOf, type CatalogueDocument, type ManagedUsersResponse } from '@cockpit/contracts';
import { demoUsers, expect, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// Reports over the organisation's own data, end to end in a real browser (decision 027): an administrator
// uploads a CSV, defines a report over it that filters by the reader's `region` attribute, previews it as
// a user, and publishes it as an "SQL report" menu item and a dashboard tile; a reader with region North
// sees only North's rows on the page, in the tile and in both downloads, and a reader without the
// attribute is told the report is not available for their account — never unfiltered rows.
// English and German; each language builds its own table, definition, item and dashboard, removed again
// at the end (the journeys share the server's database with the other specs).
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const languages = ['en', 'de-DE'] as const;
type Language = (typeof languages)[number];

/** The UI's own texts, read from the locale files, so the journey follows what a person reads. */
const locales = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../packages/contracts/src/locales/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>;

function textOf(language: Language) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    const plural = typeof values.count === 'number' ? `${key}_${values.count === 1 ? 'one' : 'other'}` : null;
    const text = (plural ? locales[language][plural] : undefined) ?? locales[language][key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** Four stores in three regions; the reader with region North may see Hamburg and Kiel only. */
const csv =
  'Region,Store,Revenue,Opened\nNorth,Hamburg,1200.50,2024-03-01\nSouth,Munich,980.25,2023-05-10\nNorth,Kiel,450,2025-01-15\nWest,Cologne,700,2022-09-30\n';
const northStores = ['Hamburg', 'Kiel'];
const otherStores = ['Munich', 'Cologne'];

const run = Date.now().toString(36);
/** What each language's administrator journey made, for its reader journey and the clean-up. */
const made: Partial<
  Record<
    Language,
    {
      table: string;
      definition: string;
      item: string;
      itemTitle: string;
      layoutId: string;
      dashboardTitle: string;
    }
  >
> = {};

const suffix = (language: Language) => language.replace('-', '_').toLowerCase();

/** Screenshots of a new screen on a desktop and a phone, for a person to look at (in the test's output folder); neither scrolls sideways. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [device, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    // The side panel open on the desktop covers a phone's page: collapsed, as a person on a phone would.
    const collapse = page.getByRole('button', { name: /^(Collapse side panel|Seitenleiste einklappen)$/ });
    if (
      device === 'phone' &&
      (await page.getByRole('dialog').count()) === 0 &&
      (await collapse.isVisible())
    ) {
      await collapse.click();
      await expect(
        page.getByRole('button', { name: /^(Expand side panel|Seitenleiste ausklappen)$/ }),
      ).toBeVisible();
    }
    // Two frames: the layout has followed the new width before the picture is taken.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({ path: test.info().outputPath(`own-data-${name}-${device}.png`), fullPage: true });
    // Nothing runs past the screen's edge: wide content scrolls inside its own box.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} is wider than the ${device}`,
    ).toBeLessThanOrEqual(viewport.width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Gives a demo user the attribute `region` (or takes all of them away) through the management API
 * `PATCH /api/management/users/:id` with `attributes`: set-up and clean-up only (the journey uses Users).
 */
async function setRegion(admin: Page, email: string, region: string | null): Promise<void> {
  const headers = await bearerOf(admin);
  const list = await admin.request.get(`${apiRoutes.listUsers.path}?search=${encodeURIComponent(email)}`, {
    headers,
  });
  expect(list.ok(), `listing users: ${list.status()}`).toBe(true);
  const found = ((await list.json()) as ManagedUsersResponse).items.find(
    (candidate) => candidate.email === email,
  );
  expect(found, email).toBeTruthy();
  const response = await admin.request.patch(pathOf(apiRoutes.updateUser, { id: found!.id }), {
    headers,
    data: { attributes: region === null ? {} : { region: [region] } },
  });
  expect(response.ok(), `setting ${email}'s attributes: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
}

async function catalogueDocument(page: Page): Promise<CatalogueDocument> {
  const response = await page.request.get(apiRoutes.exportCatalogue.path, { headers: await bearerOf(page) });
  return (await response.json()) as CatalogueDocument;
}

/** A reader in a browser of their own, in the journey's language; page errors fail the journey. */
async function openReader(browser: Browser, user: { email: string; password: string }, language: Language) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithLanguage(page, user, language);
  return { context, page, errors };
}

for (const language of languages) {
  const t = textOf(language);

  test(`[${language}] an administrator uploads a CSV, defines a report filtered by the reader's region, previews it as a user and publishes it as a menu item and a dashboard tile`, async ({
    page,
  }) => {
    const table = `e2e_stores_${suffix(language)}_${run}`;
    const definition = `e2e-stores-${suffix(language).replace('_', '-')}-${run}`;
    const itemTitle = `E2E Stores ${language} ${run}`;
    const dashboardTitle = `E2E Store board ${language} ${run}`;
    await signInWithLanguage(page, demoUsers.admin, language);
    try {
      // Both readers start without attributes (set-up through the API) …
      await setRegion(page, demoUsers.member.email, null);
      await setRegion(page, demoUsers.basic.email, null);
      // … then Management → Users gives the member region North: the reader of the preview and of the
      // second journey (the basic subscription has no dashboards: the basic user is the one without it).
      await page.goto('/management/users');
      await page.getByRole('textbox', { name: t('management.users.search') }).fill(demoUsers.member.email);
      await page
        .getByRole('button', { name: t('management.users.editUser', { name: demoUsers.member.displayName }) })
        .click();
      const userDialog = page.getByRole('dialog', {
        name: t('management.users.editTitle', { name: demoUsers.member.displayName }),
      });
      await userDialog.getByRole('textbox', { name: t('management.users.attributeKey') }).fill('region');
      await userDialog.getByRole('button', { name: t('management.users.addAttribute') }).click();
      const regionValues = userDialog.getByLabel(t('management.users.attributeValues', { key: 'region' }), {
        exact: true,
      });
      await regionValues.fill('North');
      await regionValues.press('Enter');
      await userDialog.getByRole('button', { name: t('management.save'), exact: true }).click();
      await expect(userDialog).toBeHidden();
      await expect(page.getByTestId('user-row').filter({ hasText: demoUsers.member.email })).toContainText(
        'North',
      );

      // Management → Data → Uploaded tables: choose the file, check the detected types, import.
      await page.goto('/management/data/sources/uploads');
      await expect(page.getByRole('heading', { name: t('management.data.upload.title') })).toBeVisible();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'Stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByTestId('upload-detected')).toBeVisible();
      await expect(page.getByTestId('upload-preview').getByRole('cell', { name: 'Hamburg' })).toBeVisible();
      await expect(
        page.getByRole('combobox', { name: t('management.data.upload.columnType', { column: 'Revenue' }) }),
      ).toHaveValue(t('management.data.upload.type.decimal'));
      await expect(
        page.getByRole('combobox', { name: t('management.data.upload.columnType', { column: 'Opened' }) }),
      ).toHaveValue(t('management.data.upload.type.date'));
      await expect(
        page.getByRole('combobox', { name: t('management.data.upload.columnType', { column: 'Region' }) }),
      ).toHaveValue(t('management.data.upload.type.text'));
      await page.getByTestId('upload-table-name').fill(table);
      await expectNoSeriousA11yViolations(page, 'main');
      await shoot(page, `upload-preview-${language}`);
      await page.getByTestId('upload-import').click();
      await expect(page.getByTestId('upload-done')).toHaveText(
        t('management.data.upload.done', { count: 4, table, total: 4 }),
      );
      await expect(page.getByTestId('uploaded-table-row').filter({ hasText: table })).toBeVisible();
      await shoot(page, `upload-done-${language}`);

      // A definition over the new table: no parameters of its own, the reader's region as its filter.
      await page.goto('/management/data');
      await page.getByRole('link', { name: t('management.data.definitions.add') }).click();
      await expect(page).toHaveURL(/\/management\/data\/new-definition$/);
      await page
        .getByRole('textbox', { name: t('management.data.fields.name'), exact: true })
        .fill(definition);
      // The only source is chosen already (clicking it again would clear it); with others, choose it.
      const source = page.getByRole('combobox', { name: t('management.data.definition.source') });
      if (!/\(uploads\)$/.test(await source.inputValue())) {
        await source.click();
        await page.getByRole('option', { name: /\(uploads\)$/ }).click();
      }
      await expect(source).toHaveValue(/\(uploads\)$/);
      const editor = page.getByRole('textbox', { name: t('management.data.definition.sql') });
      await editor.click();
      await page.keyboard.insertText(
        [
          'select region, store, revenue, opened',
          `from ${table}`,
          'where region = any({{user.attributes.region}})',
          'order by store',
        ].join('\n'),
      );
      await page.keyboard.press('Escape');
      await expect(page.getByText(t('management.data.definition.noParameters'))).toBeVisible();

      // As the administrator, who has no region: refused, never unfiltered.
      await page.getByRole('button', { name: t('management.data.preview.run'), exact: true }).click();
      await expect(page.getByTestId('preview-error')).toContainText(/not available for your account/i);
      await expect(page.getByTestId('preview-result')).toHaveCount(0);

      // "Preview as" the reader with region North: North's stores only.
      const previewAs = page.getByRole('combobox', { name: t('management.data.preview.as') });
      await previewAs.click();
      await previewAs.fill('member@');
      await page
        .getByRole('option', { name: new RegExp(demoUsers.member.email.replace('.', '\\.')) })
        .click();
      await page.getByRole('button', { name: t('management.data.preview.run'), exact: true }).click();
      const rows = page
        .getByTestId('preview-result')
        .getByRole('table', { name: t('management.data.preview.tableLabel') });
      for (const store of northStores) await expect(rows).toContainText(store);
      for (const store of otherStores) await expect(rows).not.toContainText(store);

      await page.getByRole('button', { name: t('management.data.columns.fromPreview') }).click();
      await expect(page.getByTestId('column-fields')).toHaveCount(4);
      await page.getByRole('button', { name: t('management.data.visual.addTable'), exact: true }).click();
      await expectNoSeriousA11yViolations(page, 'main');
      await shoot(page, `definition-preview-${language}`);
      await page.getByRole('button', { name: t('management.data.save'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/management/data/definitions/${definition}$`));

      // Management → Catalogue: an "SQL report" item in the first menu group …
      const document = await catalogueDocument(page);
      const titleIn = (title: { en: string; de?: string }) =>
        language === 'en' ? title.en : (title.de ?? title.en);
      const menuGroup = document.menu[0]!;
      await page.goto('/management/catalogue');
      await page
        .getByRole('button', {
          name: t('management.catalogue.menu.addItemTo', { group: titleIn(menuGroup.title) }),
        })
        .click();
      const itemDialog = page.getByRole('dialog', { name: t('management.catalogue.item.createTitle') });
      await itemDialog
        .getByRole('textbox', {
          name: t('management.catalogue.fields.inEnglish', { label: t('management.catalogue.fields.title') }),
          exact: true,
        })
        .fill(itemTitle);
      await itemDialog.getByRole('radio', { name: t('management.catalogue.kind.query') }).check();
      await itemDialog.getByRole('combobox', { name: t('management.catalogue.fields.definition') }).click();
      await page.getByRole('option', { name: definition, exact: true }).click();
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await shoot(page, `catalogue-item-${language}`);
      await itemDialog.getByRole('button', { name: t('management.save'), exact: true }).click();
      await expect(itemDialog).toBeHidden();
      const item = (await catalogueDocument(page)).menu
        .flatMap((group) => group.items)
        .find((candidate) => candidate.title.en === itemTitle);
      expect(item?.report).toMatchObject({ kind: 'query', definition });

      // … and a dashboard for everyone (Operations) with one tile showing the definition's table.
      const dashboardGroup =
        document.dashboards.find((group) => group.name === 'operations') ?? document.dashboards[0]!;
      await page.getByRole('tab', { name: t('management.catalogue.tabs.dashboards') }).click();
      await page
        .getByRole('button', {
          name: t('management.catalogue.dashboards.addDashboardTo', { group: titleIn(dashboardGroup.title) }),
        })
        .click();
      const dashboardDialog = page.getByRole('dialog', {
        name: t('management.catalogue.dashboard.createTitle'),
      });
      const layoutId = await dashboardDialog
        .getByRole('textbox', { name: t('management.catalogue.fields.layoutId') })
        .inputValue();
      await dashboardDialog
        .getByRole('textbox', {
          name: t('management.catalogue.fields.inEnglish', { label: t('management.catalogue.fields.title') }),
          exact: true,
        })
        .fill(dashboardTitle);
      await dashboardDialog.getByRole('button', { name: t('management.catalogue.tiles.add') }).click();
      const tile = dashboardDialog.getByTestId('tile-row').first();
      await tile
        .getByRole('textbox', {
          name: t('management.catalogue.fields.inEnglish', { label: t('management.catalogue.tiles.title') }),
          exact: true,
        })
        .fill('North stores');
      await tile.getByRole('combobox', { name: t('management.catalogue.tiles.shows') }).click();
      await page.getByRole('option', { name: definition, exact: true }).click();
      // The tile's type, then which of the definition's visuals it shows.
      await tile.getByRole('combobox', { name: t('management.catalogue.tiles.type'), exact: true }).click();
      await page.getByRole('option', { name: t('management.catalogue.tileType.table'), exact: true }).click();
      await tile.getByRole('combobox', { name: t('management.catalogue.tiles.visual'), exact: true }).click();
      await page.getByRole('option', { name: /^table\d* \(table\)$/ }).click();
      await tile.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await shoot(page, `catalogue-dashboard-${language}`);
      await dashboardDialog.getByRole('button', { name: t('management.save'), exact: true }).click();
      await expect(dashboardDialog).toBeHidden();
      const dashboard = (await catalogueDocument(page)).dashboards
        .flatMap((group) => group.dashboards)
        .find((candidate) => String(candidate.layoutId) === layoutId);
      expect(dashboard?.tiles[0]).toMatchObject({
        type: 'table',
        definition,
        visual: expect.stringMatching(/^table/),
      });

      made[language] = { table, definition, item: item!.name, itemTitle, layoutId, dashboardTitle };
    } finally {
      if (language !== 'en')
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });

  test(`[${language}] a reader with region North sees only North's rows in the report, the tile and the CSV and XLSX downloads; a reader without it is told it is not available`, async ({
    browser,
    page,
  }) => {
    const ours = made[language];
    expect(ours, 'the administrator journey of this language ran').toBeTruthy();
    const { item, itemTitle, layoutId } = ours!;

    const north = await openReader(browser, demoUsers.member, language);
    try {
      const { page } = north;
      await page.goto(`/reports/${item}`);
      await expect(page.getByRole('heading', { name: itemTitle, level: 1 })).toBeVisible();
      const table = page.getByRole('main').getByRole('table');
      for (const store of northStores) await expect(table).toContainText(store);
      for (const store of otherStores) await expect(table).not.toContainText(store);
      await expectNoSeriousA11yViolations(page, 'main');
      await shoot(page, `report-north-${language}`);

      // The downloads are written by the server for this reader: the same rows, nothing more.
      let downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: t('reports.table.downloadCsv') }).click();
      const csvFile = await readFile((await (await downloading).path())!, 'utf8');
      for (const store of northStores) expect(csvFile).toContain(store);
      for (const store of otherStores) expect(csvFile).not.toContain(store);
      expect(csvFile.trim().split(/\r?\n/)).toHaveLength(1 + northStores.length);

      downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: t('reports.table.downloadXlsx') }).click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await (await downloading).path())!);
      const cells: string[] = [];
      workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
      expect(cells).toEqual(expect.arrayContaining(northStores));
      for (const store of otherStores) expect(cells).not.toContain(store);

      await page.goto(`/dashboards/${layoutId}`);
      const tile = page.getByRole('table', { name: 'North stores' });
      for (const store of northStores) await expect(tile).toContainText(store);
      for (const store of otherStores) await expect(page.getByRole('main')).not.toContainText(store);
      await expectNoSeriousA11yViolations(page, 'main');
      await shoot(page, `dashboard-north-${language}`);
      expect(north.errors).toEqual([]);
    } finally {
      await restoreSettings(north.page, { ...englishDefaults, displayName: demoUsers.member.displayName });
      await north.context.close();
    }

    const without = await openReader(browser, demoUsers.basic, language);
    try {
      const { page } = without;
      await page.goto(`/reports/${item}`);
      await expect(page.getByText(t('reports.state.notForAccountHeadline'))).toBeVisible();
      for (const store of [...northStores, ...otherStores])
        await expect(page.getByRole('main')).not.toContainText(store);
      await expectNoSeriousA11yViolations(page, 'main');
      await shoot(page, `report-without-region-${language}`);
      // Nor through the download's address.
      const download = await page.request.get(
        `${pathOf(apiRoutes.downloadReport, { name: item })}?format=csv`,
        {
          headers: await bearerOf(page),
        },
      );
      expect(download.status()).toBe(403);
      expect(await download.text()).not.toContain('Hamburg');

      expect(without.errors).toEqual([]);
    } finally {
      await restoreSettings(without.page, { ...englishDefaults, displayName: demoUsers.basic.displayName });
      await without.context.close();
    }

    // The basic subscription has no dashboards: the tile without the attribute is the administrator's.
    await signInWithLanguage(page, demoUsers.admin, language);
    try {
      await page.goto(`/dashboards/${layoutId}`);
      await expect(page.getByRole('heading', { name: 'North stores' })).toBeVisible();
      // The tile says why, as the report page does: never unfiltered data.
      await expect(page.getByText(t('reports.state.notForAccountHeadline'))).toBeVisible();
      for (const store of [...northStores, ...otherStores])
        await expect(page.getByRole('main')).not.toContainText(store);
      await shoot(page, `dashboard-without-region-${language}`);
    } finally {
      if (language !== 'en')
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });
}

// What the journeys made goes again, and the readers lose their region (the other specs expect the seed).
test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInWithLanguage(page, demoUsers.admin, 'en');
    const headers = await bearerOf(page);
    for (const ours of Object.values(made)) {
      await page.request.delete(pathOf(apiRoutes.deleteDashboard, { layoutId: ours.layoutId }), { headers });
      await page.request.delete(pathOf(apiRoutes.deleteItem, { name: ours.item }), { headers });
      await page.request.delete(pathOf(apiRoutes.deleteDefinition, { name: ours.definition }), { headers });
      await page.request.delete(
        pathOf(apiRoutes.removeUploadedTable, { name: 'uploads', table: ours.table }),
        { headers },
      );
    }
    await setRegion(page, demoUsers.member.email, null);
  } finally {
    await context.close();
  }
});

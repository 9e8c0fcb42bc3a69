import { readFile, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  apiRoutes,
  type CatalogueDocument,
  type CataloguePreview,
  type MenuResponse,
} from '@cockpit/contracts';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  restoreSettings,
  signInWithLanguage,
  type ShellLanguage,
} from './shell-support';

// Management → Catalogue and Activity journeys (decision 015): an administrator builds the menu, a member
// sees it change live and pins from it; audiences hide items (and their URLs) from those outside them;
// "Preview as" shows what a user sees; export, edit, import with the change summary; the activity list.
// The journeys share the seeded catalogue with the other specs: every object made here is removed again.
// Two or three browsers and axe on big pages: more time than the default on this slow, shared machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = Date.now().toString(36);

/** The management texts the journeys look for (the same keys as the locale files). */
const texts = {
  en: {
    management: 'Management',
    sections: 'Management sections',
    catalogue: 'Catalogue',
    activity: 'Activity',
    menuHeading: 'Menu groups and reports',
    addMenuGroup: 'Add menu group',
    addMenuGroupTitle: 'Add a menu group',
    titleEnglish: 'Title (English)',
    titleGerman: 'Title (German)',
    save: 'Save',
    addReportTo: (group: string) => `Add a report to ${group}`,
    addReportTitle: 'Add a report',
    embedded: 'Embedded page',
    frameUrl: 'Frame URL',
    deleteObject: (title: string) => `Delete “${title}”`,
    deleteTitle: (title: string) => `Delete “${title}”?`,
    deleteButton: 'Delete',
    onePin: '1 pin',
    pin: (title: string) => `Pin ${title} to favorites`,
    favorites: 'Favorites',
    menu: 'Menu',
  },
  'de-DE': {
    management: 'Verwaltung',
    sections: 'Bereiche der Verwaltung',
    catalogue: 'Katalog',
    activity: 'Aktivität',
    menuHeading: 'Menügruppen und Berichte',
    addMenuGroup: 'Menügruppe hinzufügen',
    addMenuGroupTitle: 'Menügruppe hinzufügen',
    titleEnglish: 'Titel (Englisch)',
    titleGerman: 'Titel (Deutsch)',
    save: 'Speichern',
    addReportTo: (group: string) => `Bericht zu ${group} hinzufügen`,
    addReportTitle: 'Bericht hinzufügen',
    embedded: 'Eingebettete Seite',
    frameUrl: 'Frame-URL',
    deleteObject: (title: string) => `„${title}“ löschen`,
    deleteTitle: (title: string) => `„${title}“ löschen?`,
    deleteButton: 'Löschen',
    onePin: '1 Favoriten-Eintrag',
    pin: (title: string) => `${title} zu den Favoriten hinzufügen`,
    favorites: 'Favoriten',
    menu: 'Menü',
  },
} satisfies Record<Exclude<ShellLanguage, 'de-AT'>, unknown>;

/**
 * axe-core on a part of the page: no serious or critical violations. Frames are left out: the frame
 * preview is a sandboxed page without scripts, where axe cannot run (the report page checks its own).
 */
async function expectNoSeriousA11yViolations(page: Page, include: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(include)
    .exclude('iframe')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A second person in a browser of their own; uncaught page errors fail the journey as in the fixture. */
async function openSecondBrowser(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function openCatalogue(page: Page, t: (typeof texts)[keyof typeof texts]) {
  await page.goto('/management/catalogue');
  await expect(page.getByRole('heading', { name: t.management, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: t.sections }).getByRole('link', { name: t.catalogue, exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: t.menuHeading })).toBeVisible();
}

/** The catalogue through the API of the administrator's browser (set-up and clean-up only). */
async function catalogueApi(page: Page) {
  const headers = await bearerOf(page);
  return {
    document: async () =>
      (await (
        await page.request.get(apiRoutes.exportCatalogue.path, { headers })
      ).json()) as CatalogueDocument,
    deleteGroup: async (name: string) =>
      page.request.delete(`${apiRoutes.createMenuGroup.path}/${name}`, { headers }),
    preview: async (roleKey: string, subscription: string) =>
      (await (
        await page.request.get(
          `${apiRoutes.previewCatalogueAudience.path}?roleKey=${roleKey}&subscription=${subscription}`,
          { headers },
        )
      ).json()) as CataloguePreview,
  };
}

async function expandGroup(menu: Locator, title: string) {
  const group = menu.getByRole('button', { name: title, exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
}

for (const language of ['en', 'de-DE'] as const) {
  test(`[${language}] an administrator adds a group and an embedded report; a member sees it live, pins it, and loses the pin when it is deleted`, async ({
    page,
    browser,
  }) => {
    const t = texts[language];
    const groupTitle = `E2E Markets ${language} ${run}`;
    const itemTitle = `E2E Glossary ${language} ${run}`;
    await signInWithLanguage(page, demoUsers.admin, language);
    const member = await openSecondBrowser(browser);
    try {
      await signIn(member.page, demoUsers.member);
      const memberMenu = member.page.getByTestId('menu-panel');

      await openCatalogue(page, t);
      await expectNoSeriousA11yViolations(page, 'main');
      await page.screenshot({
        path: test.info().outputPath(`catalogue-tree-${language}.png`),
        fullPage: true,
      });

      // A group …
      await page.getByRole('button', { name: t.addMenuGroup }).click();
      const groupDialog = page.getByRole('dialog', { name: t.addMenuGroupTitle });
      await groupDialog.getByRole('textbox', { name: t.titleEnglish, exact: true }).fill(groupTitle);
      await groupDialog.getByRole('textbox', { name: t.titleGerman, exact: true }).fill(`${groupTitle} (de)`);
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await page.screenshot({ path: test.info().outputPath(`catalogue-group-dialog-${language}.png`) });
      await groupDialog.getByRole('button', { name: t.save }).click();
      await expect(groupDialog).toBeHidden();
      const groupName = (await catalogueApi(page).then((api) => api.document())).menu.find(
        (g) => g.title.en === groupTitle,
      )!.name;

      // … and an embedded report in it, previewed in the dialog.
      await page
        .getByRole('button', { name: t.addReportTo(language === 'en' ? groupTitle : `${groupTitle} (de)`) })
        .click();
      const itemDialog = page.getByRole('dialog', { name: t.addReportTitle });
      await itemDialog.getByRole('textbox', { name: t.titleEnglish, exact: true }).fill(itemTitle);
      await itemDialog.getByRole('radio', { name: t.embedded }).check();
      await itemDialog.getByRole('textbox', { name: t.frameUrl }).fill('/embedded/kpi-glossary?lang={lang}');
      const preview = itemDialog.getByTestId('frame-preview').locator('iframe');
      await expect(preview).toHaveAttribute('src', `/embedded/kpi-glossary?lang=${language}`);
      await expect(preview).toHaveAttribute('sandbox', 'allow-same-origin');
      await expect(preview.contentFrame().locator('body')).not.toBeEmpty();
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`catalogue-item-dialog-${language}.png`) });
      await itemDialog.getByRole('button', { name: t.save }).click();
      await expect(itemDialog).toBeHidden();
      const itemName = (await catalogueApi(page).then((api) => api.document())).menu
        .find((g) => g.name === groupName)!
        .items.find((i) => i.title.en === itemTitle)!.name;

      // The member's menu has it within a few seconds, without a reload (the live catalogue event).
      await expect(memberMenu.getByRole('button', { name: groupTitle, exact: true })).toBeVisible({
        timeout: 5_000,
      });
      await expandGroup(memberMenu, groupTitle);
      await memberMenu.getByRole('button', { name: `Pin ${itemTitle} to favorites` }).click();
      await member.page.getByRole('button', { name: 'Favorites', exact: true }).click();
      const favorites = member.page.getByTestId('favorites-panel');
      await expect(favorites.getByRole('link', { name: new RegExp(itemTitle) })).toBeVisible();

      // The administrator deletes it; the confirmation says a pin goes with it.
      await page.getByRole('button', { name: t.deleteObject(itemTitle) }).click();
      const confirm = page.getByRole('dialog', { name: t.deleteTitle(itemTitle) });
      await expect(confirm).toContainText(t.onePin);
      await page.screenshot({ path: test.info().outputPath(`catalogue-delete-${language}.png`) });
      await confirm.getByRole('button', { name: t.deleteButton }).click();
      await expect(confirm).toBeHidden();

      // The member's favourite disappears, again without a reload.
      await expect(favorites.getByRole('link', { name: new RegExp(itemTitle) })).toBeHidden({
        timeout: 5_000,
      });
      expect(itemName).toBeTruthy();

      await (await catalogueApi(page)).deleteGroup(groupName);
      expect(member.errors).toEqual([]);
    } finally {
      await member.context.close();
      if (language !== 'en')
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });
}

test('an item limited to pro is absent for the basic user, its URL is page-not-found, and "Preview as" agrees', async ({
  page,
  browser,
}) => {
  const t = texts.en;
  const groupTitle = `E2E Pro Corner ${run}`;
  const itemTitle = `E2E Pro Forecast ${run}`;
  await signIn(page, demoUsers.admin);
  await openCatalogue(page, t);

  await page.getByRole('button', { name: t.addMenuGroup }).click();
  const groupDialog = page.getByRole('dialog', { name: t.addMenuGroupTitle });
  await groupDialog.getByRole('textbox', { name: t.titleEnglish, exact: true }).fill(groupTitle);
  await groupDialog.getByRole('button', { name: t.save }).click();
  await expect(groupDialog).toBeHidden();

  await page.getByRole('button', { name: t.addReportTo(groupTitle) }).click();
  const itemDialog = page.getByRole('dialog', { name: t.addReportTitle });
  await itemDialog.getByRole('textbox', { name: t.titleEnglish, exact: true }).fill(itemTitle);
  await itemDialog.getByRole('checkbox', { name: 'Pro' }).check();
  // A new item opens a report definition of Management → Data (decision 027).
  await itemDialog.getByRole('combobox', { name: 'Report definition' }).click();
  await page.getByRole('option', { name: 'sales-trend', exact: true }).click();
  await itemDialog.getByRole('button', { name: t.save }).click();
  await expect(itemDialog).toBeHidden();
  const row = page.getByTestId('catalogue-menu-child').filter({ hasText: itemTitle });
  await expect(row).toContainText('Pro only');
  const api = await catalogueApi(page);
  const group = (await api.document()).menu.find((g) => g.title.en === groupTitle)!;
  const itemName = group.items[0]!.name;

  const basic = await openSecondBrowser(browser);
  try {
    await signIn(basic.page, demoUsers.basic);
    // The group holds only the pro item, so for basic users it is not there at all.
    const basicMenu = basic.page.getByTestId('menu-panel');
    await expect(basicMenu.getByRole('button', { name: 'Sales', exact: true })).toBeVisible();
    await expect(basicMenu.getByRole('button', { name: groupTitle, exact: true })).toHaveCount(0);
    await basic.page.goto(`/reports/${itemName}`);
    await expect(basic.page.getByText('Oops, page not found')).toBeVisible();
    await basic.page.screenshot({ path: test.info().outputPath('catalogue-basic-not-found.png') });

    // "Preview as" member + basic lists exactly the groups and items the basic user's menu has.
    const basicMenuAnswer = (await (
      await basic.page.request.get('/api/navigation/menu', { headers: await bearerOf(basic.page) })
    ).json()) as MenuResponse;
    await page.getByRole('tab', { name: 'Preview as' }).click();
    const previewMenu = page.getByTestId('preview-menu');
    await expect(previewMenu.getByText('Sales', { exact: true })).toBeVisible();
    await expect(previewMenu.getByText(groupTitle)).toHaveCount(0);
    const shownGroups = await previewMenu.locator(':scope > ul > li').evaluateAll((groups) =>
      groups.map((li) => ({
        title: li.querySelector(':scope > div')?.textContent?.trim() ?? '',
        items: Array.from(li.querySelectorAll(':scope > ul > li')).map(
          (item) => item.querySelector('span')?.textContent?.trim() ?? '',
        ),
      })),
    );
    expect(shownGroups).toEqual(
      basicMenuAnswer.groups.map((g) => ({ title: g.title, items: g.items.map((item) => item.title) })),
    );
    // The basic user's own menu shows the same group titles.
    for (const shown of shownGroups) {
      await expect(basicMenu.getByRole('button', { name: shown.title, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, 'main');
    await page.screenshot({ path: test.info().outputPath('catalogue-preview-basic.png'), fullPage: true });

    // As a pro member, the item is there.
    await page.getByRole('combobox', { name: 'Subscription' }).click();
    await page.getByRole('option', { name: 'Pro' }).click();
    await expect(previewMenu.getByText(itemTitle)).toBeVisible();
    expect((await api.preview('organisationmember', 'pro')).menu.some((g) => g.title === groupTitle)).toBe(
      true,
    );
    expect(basic.errors).toEqual([]);
  } finally {
    await basic.context.close();
    await api.deleteGroup(group.name);
  }
});

test('export, edit the file, import with the change summary; an invalid file changes nothing', async ({
  page,
}) => {
  const t = texts.en;
  const groupTitle = `E2E Import ${run}`;
  await signIn(page, demoUsers.admin);
  await openCatalogue(page, t);

  // Export: the document as catalogue-YYYY-MM-DD.json.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as CatalogueDocument;
  expect(exported.format).toBe('report-cockpit.catalogue');

  // Edit: a new group with one external report, and a changed title of a seeded report.
  const edited: CatalogueDocument = structuredClone(exported);
  edited.menu.push({
    name: `e2e-import-${run}`,
    title: { en: groupTitle },
    items: [
      {
        name: `e2e-import-link-${run}`,
        title: { en: `E2E Link ${run}` },
        report: { kind: 'external', url: 'https://example.com/' },
      },
    ],
  });
  const sales = edited.menu.find((g) => g.name === 'sales')!;
  const trend = sales.items.find((i) => i.name === 'sales-trend')!;
  const originalTrendTitle = trend.title.en;
  trend.title = { ...trend.title, en: `${originalTrendTitle} (E2E)` };
  const editedPath = test.info().outputPath('edited.json');
  await writeFile(editedPath, JSON.stringify(edited));

  // An invalid file first: the server names the path of the problem; nothing is applied.
  const invalid: CatalogueDocument = structuredClone(edited);
  invalid.menu.at(-1)!.items[0]!.report = { kind: 'external', url: 'javascript:alert(1)' };
  const invalidPath = test.info().outputPath('invalid.json');
  await writeFile(invalidPath, JSON.stringify(invalid));
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles(invalidPath);
  const invalidDialog = page.getByRole('dialog', { name: 'Import invalid.json' });
  await expect(invalidDialog.getByRole('alert')).toContainText(/\$\.menu\[\d+\]\.items\[0\]\.report\.url/);
  await expect(invalidDialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('catalogue-import-invalid.png') });
  await invalidDialog.getByRole('button', { name: 'Cancel' }).click();

  // The edited file: the summary lists what would change; only "Apply" changes the catalogue.
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles(editedPath);
  const dialog = page.getByRole('dialog', { name: 'Import edited.json' });
  await expect(dialog.getByRole('heading', { name: 'Added (2)' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Changed (1)' })).toBeVisible();
  await expect(dialog).toContainText(`${originalTrendTitle} (E2E)`);
  await expect(dialog).toContainText(groupTitle);
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('catalogue-import-summary.png') });
  expect((await (await catalogueApi(page)).document()).menu.some((g) => g.title.en === groupTitle)).toBe(
    false,
  );
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('catalogue-menu-group').filter({ hasText: groupTitle })).toBeVisible();
  await expect(
    page.getByTestId('catalogue-menu-child').filter({ hasText: `${originalTrendTitle} (E2E)` }),
  ).toBeVisible();

  // Back to the exported document (the other journeys expect the seeded catalogue).
  await writeFile(editedPath, JSON.stringify(exported));
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles(editedPath);
  await expect(dialog.getByRole('heading', { name: 'Removed (2)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('catalogue-menu-group').filter({ hasText: groupTitle })).toHaveCount(0);
});

test('dashboards: a new dashboard with tiles gets the next layout id, reorders by keyboard, and is deleted again', async ({
  page,
}) => {
  const title = `E2E Board ${run}`;
  await signIn(page, demoUsers.admin);
  await openCatalogue(page, texts.en);
  await page.getByRole('tab', { name: 'Dashboards' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard groups and dashboards' })).toBeVisible();
  const ids = (await (await catalogueApi(page)).document()).dashboards.flatMap((g) =>
    g.dashboards.map((d) => d.layoutId),
  );

  await page.getByRole('button', { name: 'Add a dashboard to Operations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a dashboard' });
  await expect(dialog.getByRole('textbox', { name: 'Layout id' })).toHaveValue(String(Math.max(...ids) + 1));
  await dialog.getByRole('textbox', { name: 'Title (English)', exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Add tile' }).click();
  await dialog.getByRole('button', { name: 'Add tile' }).click();
  const tiles = dialog.getByTestId('tile-row');
  await tiles.nth(0).getByRole('textbox', { name: 'Tile title (English)' }).fill('Revenue');
  await tiles.nth(1).getByRole('textbox', { name: 'Tile title (English)' }).fill('Trend');
  // Every tile shows a visual of one of the catalogue's report definitions (decision 027).
  for (const [index, definition] of ['sales-figures', 'sales-per-period'].entries()) {
    await tiles.nth(index).getByRole('combobox', { name: 'Shows' }).click();
    await page.getByRole('option', { name: definition, exact: true }).click();
  }
  await tiles.nth(1).getByRole('combobox', { name: 'Tile type' }).click();
  await page.getByRole('option', { name: 'Line chart' }).click();
  await tiles.nth(1).getByRole('button', { name: 'Move “Trend” up' }).click();
  await expect(tiles.nth(0)).toHaveAttribute('aria-label', 'Trend');
  await tiles.nth(1).scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('catalogue-dashboard-dialog-en.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Reorder with the keyboard: the focus stays on the button that moved it.
  const row = page.getByTestId('catalogue-dashboards-child').filter({ hasText: title });
  await expect(row).toContainText('2 tiles');
  const up = row.getByRole('button', { name: `Move “${title}” up` });
  await up.focus();
  await page.keyboard.press('Enter');
  const group = page.getByTestId('catalogue-dashboards-group').filter({ hasText: 'Operations' });
  await expect(group.getByTestId('catalogue-dashboards-child').first()).toContainText(title);
  await expect(up).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'main');
  await page.screenshot({ path: test.info().outputPath('catalogue-dashboards-en.png'), fullPage: true });

  await row.getByRole('button', { name: `Delete “${title}”` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await expect(confirm).toContainText('with its tiles and 0 pins');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('the Activity list shows these actions, newest first, filterable, imports with their changes', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  await page.goto('/management/activity');
  await expect(
    page.getByRole('navigation', { name: 'Management sections' }).getByRole('link', { name: 'Activity' }),
  ).toHaveAttribute('aria-current', 'page');
  const rows = page.getByTestId('activity-row');
  const table = page.getByTestId('activity-table');
  // Newest first: the dashboard deleted last is above the import before it, which is above the reports.
  await expect(rows.first()).toContainText('Anna Admin');
  for (const action of [
    'Deleted a dashboard',
    'Added a dashboard',
    'Imported the catalogue',
    'Deleted a report',
    'Added a menu group',
  ]) {
    await expect(table).toContainText(action);
  }
  const firstIndexOf = async (action: string) =>
    (await rows.allTextContents()).findIndex((text) => text.includes(action));
  expect(await firstIndexOf('Deleted a dashboard')).toBeLessThan(
    await firstIndexOf('Imported the catalogue'),
  );
  expect(await firstIndexOf('Imported the catalogue')).toBeLessThan(await firstIndexOf('Deleted a report'));
  const lastImport = rows.filter({ hasText: 'Imported the catalogue' }).first();
  await expect(lastImport).toContainText('The whole catalogue');
  await lastImport.getByRole('button', { name: /changes?$/ }).click();
  await expect(page.getByRole('list', { name: /^Changes: Imported the catalogue/ }).first()).toContainText(
    'Removed',
  );
  await expectNoSeriousA11yViolations(page, 'main');
  await page.screenshot({ path: test.info().outputPath('catalogue-activity-en.png'), fullPage: true });

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Users' }).click();
  await expect(page.getByTestId('activity-table').or(page.getByText('No activity yet'))).toBeVisible();
  await expect(rows.filter({ hasText: 'Imported the catalogue' })).toHaveCount(0);
});

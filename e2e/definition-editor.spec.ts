import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import type { Page } from '@playwright/test';
import { apiRoutes, pathOf, type ManagedDataSourcesResponse } from '@cockpit/contracts';
import { demoUsers, expect, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// The report definition editor that shows its result (decision 045), end to end on a real MariaDB: an
// author writes a definition with a column taken from the schema browser beside the SQL, adds key figures
// and a bar chart (their columns offered from the SQL before any preview), runs the preview with
// Ctrl+Enter, sees the chart appear the moment it is added — without the SQL running again — and is asked
// before saving SQL changed since it ran. And "Test connection" in the add-source form shows a wrong
// password's error before anything is saved. English and German; the server allows 127.0.0.1 through
// DATA_SOURCE_HOSTS (playwright.config.ts).
test.describe.configure({ mode: 'serial', timeout: 180_000 });
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
    const text = locales[language][key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

const mariaDb = { host: '127.0.0.1', port: 3306, database: 'test' };
/** An account that may only SELECT (created by the database's root, as the README's recipe does). */
const reader = { user: 'cockpit_e2e_editor', password: 'E2e-editor-pass-1' };
const table = 'e2e_editor_sales';
const run = Date.now().toString(36);
const source = { name: `e2e-editor-${run}`, title: `Editor shop ${run}` };

test.beforeAll(async () => {
  const root = await mysql.createConnection({ ...mariaDb, user: 'root' });
  try {
    await root.query(
      `CREATE TABLE IF NOT EXISTS ${table} (day DATE NOT NULL, region VARCHAR(20) NOT NULL, amount DECIMAL(10, 2) NOT NULL)`,
    );
    await root.query(`DELETE FROM ${table}`);
    await root.query(`INSERT INTO ${table} (day, region, amount) VALUES ?`, [
      [
        ['2026-01-15', 'North', 1200.5],
        ['2026-02-15', 'North', 800],
        ['2026-01-20', 'South', 950.25],
        ['2026-03-02', 'West', 400],
      ],
    ]);
    await root.query(`CREATE USER IF NOT EXISTS '${reader.user}'@'%' IDENTIFIED BY '${reader.password}'`);
    await root.query(`GRANT SELECT ON ${mariaDb.database}.* TO '${reader.user}'@'%'`);
  } finally {
    await root.end();
  }
});

/** The journey's data source, added through the API once (set-up; adding one in the UI is data-sources.spec.ts). */
async function ensureSource(page: Page): Promise<void> {
  const headers = await bearerOf(page);
  const list = (await (
    await page.request.get(apiRoutes.listDataSources.path, { headers })
  ).json()) as ManagedDataSourcesResponse;
  if (list.items.some((item) => item.name === source.name)) return;
  const created = await page.request.post(apiRoutes.createDataSource.path, {
    headers,
    data: {
      name: source.name,
      title: { en: source.title },
      kind: 'mysql',
      connection: { ...mariaDb, user: reader.user },
      password: reader.password,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

for (const language of languages) {
  const t = textOf(language);

  test(`[${language}] an author builds a definition with key figures and a bar chart and sees both before saving`, async ({
    page,
  }, testInfo) => {
    const definition = `e2e-editor-${language.toLowerCase()}-${run}`;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Every run of the SQL is a preview request: the visuals must not cause one.
    let previews = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === apiRoutes.previewDefinition.path)
        previews += 1;
    });
    await signInWithLanguage(page, demoUsers.admin, language);
    await ensureSource(page);
    try {
      await page.goto('/management/data/new-definition');
      await page
        .getByRole('textbox', { name: t('management.data.fields.name'), exact: true })
        .fill(definition);
      await page.getByRole('combobox', { name: t('management.data.definition.source') }).click();
      await page.getByRole('option', { name: `${source.title} (${source.name})` }).click();

      // The schema browser beside the SQL: the table opens to its columns; a click writes a name at the cursor.
      const schema = page.getByRole('region', { name: t('management.data.schemaPanel.title') });
      await schema
        .getByRole('button', { name: t('management.data.schemaPanel.columnsOf', { table }) })
        .click();
      await expect(schema.getByText('decimal', { exact: false }).first()).toBeVisible();
      const editor = page.getByRole('textbox', { name: t('management.data.definition.sql'), exact: true });
      await editor.click();
      await page.keyboard.insertText('SELECT ');
      await schema.getByRole('button', { name: /^region/ }).click();
      await expect(editor).toContainText('SELECT region');
      await page.keyboard.insertText(', SUM(amount) AS revenue, COUNT(*) AS orders\nFROM ');
      await schema.getByRole('button', { name: table, exact: true }).click();
      await page.keyboard.insertText('\nGROUP BY region\nORDER BY region');
      // The completion list marks keywords and tables with icons drawn by the page, not glyphs a font may lack.
      await page.keyboard.type(' e');
      const completion = page.locator('.cm-tooltip-autocomplete');
      for (const kind of ['keyword', 'type']) {
        const icon = completion.locator(`.cm-completionIcon-${kind}`).first();
        await expect(icon).toBeVisible();
        expect(
          await icon.evaluate((element) => getComputedStyle(element, '::after').maskImage),
          kind,
        ).toContain('svg');
      }
      await page.screenshot({ path: testInfo.outputPath(`definition-editor-completion-${language}.png`) });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Escape');
      await expect(editor).toContainText(`FROM ${table}`);

      // Key figures and a bar chart, their columns offered from the SQL before any preview.
      await page.getByRole('button', { name: t('management.data.visual.addKpi'), exact: true }).click();
      const kpi = page.getByTestId('visual-fields').first();
      const kpiColumns = kpi.getByLabel(t('management.data.visual.kpiColumns'), { exact: true });
      await kpiColumns.click();
      await kpiColumns.press('Backspace');
      await page.getByRole('option', { name: 'revenue', exact: true }).click();
      await kpiColumns.press('Escape');
      await page.getByRole('button', { name: t('management.data.visual.addChart'), exact: true }).click();
      const chartFields = page.getByTestId('visual-fields').nth(1);
      await expect(chartFields.getByRole('combobox', { name: t('management.data.visual.x') })).toHaveValue(
        'region',
      );
      // The chart's kind is a list (line, bar, area, bars and lines, pie, donut: decision 047).
      const chooseKind = async (kind: 'line' | 'bar') => {
        await chartFields.getByRole('combobox', { name: t('management.data.visual.chartKind') }).click();
        await page.getByRole('option', { name: t(`management.data.visual.${kind}`), exact: true }).click();
      };
      await chooseKind('bar');
      await expect(page.getByText(t('management.data.errors.columnsNeeded'))).toHaveCount(0);
      await expect(page.getByText(t('management.data.visual.fromSql'))).toBeVisible();

      // Ctrl+Enter in the SQL runs the preview: both drawn as the report page will draw them.
      await editor.click();
      await page.keyboard.press('Control+Enter');
      const result = page.getByTestId('preview-result');
      await expect(result.getByTestId('kpi-cards')).toContainText('revenue');
      await expect(result.getByTestId('report-chart')).toHaveCount(1);
      expect(previews).toBe(1);
      // … and inserts no line there: the statement keeps its four lines.
      await expect(editor.locator('.cm-line')).toHaveCount(4);

      // The chart changes and a table joins at once, from the rows the preview returned: no new run.
      await chooseKind('line');
      await chooseKind('bar');
      await page.getByRole('button', { name: t('management.data.visual.addTable'), exact: true }).click();
      await expect(
        result.getByRole('table', { name: t('management.data.preview.tableLabel') }),
      ).toContainText('South');
      await expect(result.getByTestId('report-chart')).toHaveCount(1);
      expect(previews).toBe(1);
      await expectNoSeriousA11yViolations(page, 'main');
      await page.screenshot({
        path: testInfo.outputPath(`definition-editor-${language}.png`),
        fullPage: true,
      });

      // Changed SQL that has not run: saving asks first, naming why.
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.insertText(' ');
      await page.getByRole('button', { name: t('management.data.save'), exact: true }).click();
      const confirm = page.getByRole('dialog', { name: t('management.data.confirmSave.title') });
      await expect(confirm).toContainText(t('management.data.confirmSave.neverRun'));
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await page.screenshot({ path: testInfo.outputPath(`definition-editor-confirm-${language}.png`) });
      await confirm.getByRole('button', { name: t('management.data.confirmSave.save') }).click();
      await expect(page).toHaveURL(new RegExp(`/management/data/definitions/${definition}$`));
      expect(previews).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.request.delete(pathOf(apiRoutes.deleteDefinition, { name: definition }), {
        headers: await bearerOf(page),
      });
      // The journeys share the server's database: the administrator reads English again.
      if (language !== 'en')
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });

  test(`[${language}] a wrong password shows its error in the add-source form before anything is saved`, async ({
    page,
  }, testInfo) => {
    await signInWithLanguage(page, demoUsers.admin, language);
    const headers = await bearerOf(page);
    const sourceNames = async () =>
      (
        (await (
          await page.request.get(apiRoutes.listDataSources.path, { headers })
        ).json()) as ManagedDataSourcesResponse
      ).items.map((item) => item.name);
    const before = await sourceNames();
    try {
      await page.goto('/management/data');
      await page.getByRole('button', { name: t('management.data.sources.add') }).click();
      const dialog = page.getByRole('dialog', { name: t('management.data.source.newTitle') });
      await dialog.getByText(t('management.data.kind.mysql'), { exact: true }).click();
      await dialog.getByRole('textbox', { name: t('management.data.fields.host') }).fill(mariaDb.host);
      await dialog
        .getByRole('textbox', { name: t('management.data.fields.database') })
        .fill(mariaDb.database);
      await dialog.getByRole('textbox', { name: t('management.data.fields.user') }).fill(reader.user);
      await dialog.getByTestId('data-source-password').fill('Not-the-password-1');
      await dialog.getByRole('button', { name: t('management.data.test.run') }).click();
      await expect(dialog.getByTestId('test-message')).toContainText(/access denied/i);
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await page.screenshot({ path: testInfo.outputPath(`unsaved-test-${language}.png`) });
      await dialog.getByRole('button', { name: t('common.cancel') }).click();
      await expect(dialog).toBeHidden();
      // Nothing was saved.
      expect(await sourceNames()).toEqual(before);
    } finally {
      if (language !== 'en')
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInWithLanguage(page, demoUsers.admin, 'en');
  await page.request.delete(pathOf(apiRoutes.deleteDataSource, { name: source.name }), {
    headers: await bearerOf(page),
  });
  await page.close();
});

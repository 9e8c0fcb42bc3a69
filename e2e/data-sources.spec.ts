import mysql from 'mysql2/promise';
import type { Page } from '@playwright/test';
import { demoUsers, expect, signIn, test } from './fixtures';
import { apiRoutes } from '@cockpit/contracts';
import { expectNoSeriousA11yViolations, languageLabels, texts } from './shell-support';

// Management → Data, the administrator's journey (decision 027): connect a MariaDB database with a
// read-only account, prove it with "Test connection", browse its tables, write a report definition with
// a date range and a region choice, preview it on the real data, save it, and find the runs in the query
// log. The journeys build on each other, so they run in order. The server allows 127.0.0.1 through
// DATA_SOURCE_HOSTS (playwright.config.ts). Last, an account with FILE is refused, naming the privilege
// (decision 041).
// Each journey is long (a real database, axe scans on every screen): more time than the default 60 s.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const mariaDb = { host: '127.0.0.1', port: 3306, database: 'test' };
/** The README's read-only recipe: an account that may only SELECT (created by the database's root). */
const reader = { user: 'cockpit_e2e_reader', password: 'E2e-reader-pass-1' };
const source = { name: 'e2e-shop', title: 'Shop (MariaDB)' };
const definition = 'e2e-orders-by-region';
const table = 'e2e_orders';

const sql = [
  'SELECT region, SUM(amount) AS revenue, COUNT(*) AS orders',
  `FROM ${table}`,
  'WHERE day BETWEEN {{range.from}} AND {{range.to}}',
  '[[AND region IN ({{region}})]]',
  'GROUP BY region',
  'ORDER BY region',
].join('\n');

test.beforeAll(async () => {
  const root = await mysql.createConnection({ ...mariaDb, user: 'root' });
  try {
    await root.query(
      `CREATE TABLE IF NOT EXISTS ${table} (day DATE NOT NULL, region VARCHAR(20) NOT NULL, amount DECIMAL(10, 2) NOT NULL)`,
    );
    await root.query(`DELETE FROM ${table}`);
    // This year's orders, whenever the journey runs: the definition's default range is "This year".
    const year = new Date().getFullYear();
    const rows = ['North', 'South', 'West'].flatMap((region, index) =>
      [1, 2, 3].map((month) => [`${year}-0${month}-15`, region, 100 * (index + 1) + month]),
    );
    await root.query(`INSERT INTO ${table} (day, region, amount) VALUES ?`, [rows]);
    await root.query(`CREATE USER IF NOT EXISTS '${reader.user}'@'%' IDENTIFIED BY '${reader.password}'`);
    await root.query(`GRANT SELECT ON ${mariaDb.database}.* TO '${reader.user}'@'%'`);
  } finally {
    await root.end();
  }
});

async function openData(page: Page) {
  await signIn(page, demoUsers.admin);
  await page.goto('/management/data');
  await expect(page.getByRole('heading', { name: 'Data sources' })).toBeVisible();
}

test('an administrator connects MariaDB, proves it read-only and browses its tables', async ({ page }) => {
  await openData(page);
  await expectNoSeriousA11yViolations(page, 'main');

  await page.getByRole('button', { name: 'Add database' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a database' });
  await dialog.getByText('MySQL / MariaDB', { exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Port' })).toHaveValue('3306');
  await dialog.getByRole('textbox', { name: 'Title (English)' }).fill(source.title);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(source.name);
  await dialog.getByRole('textbox', { name: 'Host' }).fill(mariaDb.host);
  await dialog.getByRole('textbox', { name: 'Database' }).fill(mariaDb.database);
  await dialog.getByRole('textbox', { name: 'User' }).fill(reader.user);
  await dialog.getByLabel(/^Password/).fill(reader.password);
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('data-source-row').filter({ hasText: source.title });
  await expect(row).toContainText('127.0.0.1:3306/test');
  await expect(row).not.toContainText('Needs password');
  await row.getByRole('link', { name: source.title }).click();
  await expect(page).toHaveURL(new RegExp(`/management/data/sources/${source.name}$`));

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText(/Server version: .*MariaDB/)).toBeVisible();
  await expect(page.getByText('Read-only proven: the session refused a write.')).toBeVisible();
  // The account may only SELECT: no advice to create a read-only one.
  await expect(page.getByTestId('account-can-write')).toHaveCount(0);

  await page.getByRole('button', { name: new RegExp(`\\.${table}`) }).click();
  await expect(page.getByRole('cell', { name: 'amount', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');
});

test('an administrator writes a definition with a date range and a region choice and previews it', async ({
  page,
}) => {
  await openData(page);
  await page.getByRole('link', { name: 'New definition' }).click();
  await expect(page).toHaveURL(/\/management\/data\/new-definition$/);

  await page.getByRole('textbox', { name: 'Name' }).fill(definition);
  await page.getByRole('combobox', { name: 'Data source' }).click();
  await page.getByRole('option', { name: `${source.title} (${source.name})` }).click();

  const editor = page.getByRole('textbox', { name: 'SQL' });
  await editor.click();
  await page.keyboard.insertText(sql);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('detected-parameters')).toHaveText('Found in the SQL: range, region');

  const range = page.getByRole('group', { name: 'Parameter range' });
  await expect(range.getByRole('combobox', { name: 'Type' })).toHaveValue('Date range');
  await range.getByRole('combobox', { name: 'Default' }).click();
  await page.getByRole('option', { name: 'This year' }).click();

  const region = page.getByRole('group', { name: 'Parameter region' });
  await region.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Several choices' }).click();
  await region.getByRole('textbox', { name: 'Label (English)' }).fill('Region');
  await region.getByRole('textbox', { name: 'Choices' }).fill('North\nSouth\nWest');
  await region.getByRole('textbox', { name: 'Default' }).fill('North\nSouth');

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const result = page.getByTestId('preview-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText('Region: North, South');
  const rows = result.getByRole('table', { name: 'Preview rows' });
  await expect(rows).toContainText('North');
  await expect(rows).toContainText('South');
  await expect(rows).not.toContainText('West');

  await page.getByRole('button', { name: 'Take columns from the preview' }).click();
  await expect(page.getByTestId('column-fields')).toHaveCount(3);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expectNoSeriousA11yViolations(page, 'main');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/management/data/definitions/${definition}$`));
  await page.goto('/management/data');
  await expect(page.getByTestId('definition-row').filter({ hasText: definition })).toContainText(source.name);
  await expect(page.getByTestId('data-source-row').filter({ hasText: source.title })).toContainText(
    definition,
  );
});

test('the query log lists the preview runs, filtered by definition', async ({ page }) => {
  await openData(page);
  await page.getByRole('link', { name: 'Query log' }).click();
  await expect(page).toHaveURL(/\/management\/data\/query-log$/);
  await page.getByRole('combobox', { name: 'Report definition' }).click();
  await page.getByRole('option', { name: definition }).click();
  const run = page.getByTestId('query-log-row').first();
  await expect(run).toContainText(definition);
  await expect(run).toContainText('Preview');
  await expect(run).toContainText('Anna Admin');
  await expectNoSeriousA11yViolations(page, 'main');
});

test('an administrator adds a MariaDB account with FILE and sees it refused, naming the privilege (en, de-DE)', async ({
  page,
}, testInfo) => {
  // FILE lets `SELECT … INTO OUTFILE` write on the database's host: the cockpit refuses such an account.
  const fileUser = { user: `cockpit_e2e_file_${Date.now().toString(36)}`, password: 'E2e-file-pass-1' };
  const fileSource = { name: 'e2e-file-account', title: 'Shop with FILE' };
  const root = await mysql.createConnection({ ...mariaDb, user: 'root' });
  try {
    await root.query(`CREATE USER '${fileUser.user}'@'%' IDENTIFIED BY '${fileUser.password}'`);
    await root.query(`GRANT SELECT ON ${mariaDb.database}.* TO '${fileUser.user}'@'%'`);
    await root.query(`GRANT FILE ON *.* TO '${fileUser.user}'@'%'`);

    await openData(page);
    await page.getByRole('button', { name: 'Add database' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a database' });
    await dialog.getByText('MySQL / MariaDB', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Title (English)' }).fill(fileSource.title);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(fileSource.name);
    await dialog.getByRole('textbox', { name: 'Host' }).fill(mariaDb.host);
    await dialog.getByRole('textbox', { name: 'Database' }).fill(mariaDb.database);
    await dialog.getByRole('textbox', { name: 'User' }).fill(fileUser.user);
    await dialog.getByLabel(/^Password/).fill(fileUser.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByTestId('data-source-row')
      .filter({ hasText: fileSource.title })
      .getByRole('link', { name: fileSource.title })
      .click();
    await expect(page).toHaveURL(new RegExp(`/management/data/sources/${fileSource.name}$`));

    await page.getByRole('button', { name: 'Test connection' }).click();
    const refused = page.getByTestId('account-refused');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('This account is refused');
    await expect(refused).toContainText('privileges a reporting account must not have: FILE.');
    await expect(refused).toContainText(`GRANT SELECT ON <database>.* TO 'cockpit_reader'@'%';`);
    // Refused before anything was read: no tables, no "Connected".
    await expect(page.getByText('Connected', { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'main');
    await page.screenshot({ path: testInfo.outputPath('account-refused-en.png'), fullPage: true });

    // The same in German (the header's choice is saved to the account: wait for it).
    const settingsSaved = () =>
      page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' &&
          new URL(response.url()).pathname === apiRoutes.updateUserSettings.path,
      );
    const sourcePage = page.url();
    // The language dropdown is in the header of the start page.
    await page.goto('/');
    const savedGerman = settingsSaved();
    await page.getByRole('combobox', { name: texts.en.language }).selectOption(languageLabels['de-DE']);
    expect((await savedGerman).ok()).toBe(true);
    await page.goto(sourcePage);
    await page.getByRole('button', { name: 'Verbindung testen' }).click();
    await expect(refused).toContainText('Dieses Konto wird abgewiesen');
    await expect(refused).toContainText('Rechte, die ein Konto für Berichte nicht haben darf: FILE.');
    await expectNoSeriousA11yViolations(page, 'main');
    await page.screenshot({ path: testInfo.outputPath('account-refused-de-DE.png'), fullPage: true });

    await page.goto('/');
    const savedEnglish = settingsSaved();
    await page.getByRole('combobox', { name: texts['de-DE'].language }).selectOption(languageLabels.en);
    expect((await savedEnglish).ok()).toBe(true);
  } finally {
    await root.query(`DROP USER IF EXISTS '${fileUser.user}'@'%'`);
    await root.end();
  }
});

import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { Page } from '@playwright/test';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// Management → Data → Uploaded tables (decision 027), in a real browser: the file goes as multipart
// through XMLHttpRequest (upload progress), the preview's types can be changed, and a bad value names its
// row and column at that column with nothing imported. English and German.
test.describe.configure({ mode: 'serial' });

const uploadsPage = '/management/data/sources/uploads';

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
}

test('an administrator uploads a German CSV, makes the postcode text and imports it', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  await page.goto(uploadsPage);
  await expect(page.getByRole('heading', { name: 'Upload a table' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');

  const csv =
    'PLZ;Ort;Umsatz;Stichtag\r\n01067;Dresden;1.234,56;31.12.2026\r\n80331;München;7,5;01.02.2026\r\n';
  await chooseFile(page, 'Umsätze 2026.csv', iconv.encode(csv, 'windows-1252'));
  await expect(page.getByTestId('upload-detected')).toHaveText(
    'CSV file separated by semicolons, encoding windows-1252',
  );
  await expect(page.getByTestId('upload-preview').getByRole('cell', { name: 'München' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Type of Umsatz' })).toHaveValue('Number');
  await expect(page.getByRole('combobox', { name: 'Type of Stichtag' })).toHaveValue('Date');
  await page.getByRole('combobox', { name: 'Type of PLZ' }).click();
  await page.getByRole('option', { name: 'Text' }).click();
  await expect(page.getByTestId('upload-table-name')).toHaveValue('umsaetze_2026');
  await expectNoSeriousA11yViolations(page, 'main');
  await page.screenshot({ path: test.info().outputPath('uploads-preview-en.png'), fullPage: true });

  await page.getByTestId('upload-import').click();
  await expect(page.getByTestId('upload-done')).toHaveText(
    '2 rows imported into umsaetze_2026 (2 in the table)',
  );
  const row = page.getByTestId('uploaded-table-row').filter({ hasText: 'umsaetze_2026' });
  await expect(row).toContainText('plz: Text');
  await expect(row).toContainText('umsatz: Number');
  await expect(row).toContainText('stichtag: Date');
});

test('auf Deutsch: ein Blatt einer Arbeitsmappe, dann ein falscher Wert mit Zeile und Spalte', async ({
  page,
}) => {
  await signInWithLanguage(page, demoUsers.admin, 'de-DE');
  try {
    await page.goto(uploadsPage);
    await expect(page.getByRole('heading', { name: 'Tabelle hochladen' })).toBeVisible();

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notizen').addRow(['nichts']);
    const sheet = workbook.addWorksheet('Filialen');
    sheet.addRow(['Filiale', 'Eröffnet', 'Fläche']);
    sheet.addRow(['Nord', new Date(Date.UTC(2020, 4, 1)), { formula: '100*2', result: 200 }]);
    await chooseFile(page, 'Filialen.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    await expect(page.getByTestId('upload-detected')).toHaveText('Excel-Arbeitsmappe mit 2 Blättern');
    await page.getByRole('combobox', { name: 'Blatt' }).click();
    await page.getByRole('option', { name: 'Filialen' }).click();
    await expect(page.getByTestId('upload-preview').getByRole('cell', { name: '2020-05-01' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Typ von Fläche' })).toHaveValue('Ganze Zahl');
    await page.getByTestId('upload-import').click();
    await expect(page.getByTestId('upload-done')).toHaveText(
      '1 Zeile in filialen importiert (1 in der Tabelle)',
    );
    await expectNoSeriousA11yViolations(page, 'main');

    // The same table again, with a bad value in the third data row: nothing changes.
    const bad = 'Filiale;Eröffnet;Fläche\nSüd;01.06.2021;150\nOst;01.07.2021;170\nWest;01.08.2021;viel\n';
    await chooseFile(page, 'Filialen.csv', Buffer.from(bad));
    await expect(page.getByRole('combobox', { name: 'Typ von Fläche' })).toHaveValue('Text');
    await page.getByRole('combobox', { name: 'Typ von Fläche' }).click();
    await page.getByRole('option', { name: 'Ganze Zahl' }).click();
    await page.getByTestId('upload-table-name').fill('filialen');
    await page.getByTestId('upload-import').click();
    // At the column, focused, with the row as a spreadsheet numbers it (the header is row 1).
    const type = page.getByRole('combobox', { name: 'Typ von Fläche' });
    await expect(type).toBeFocused();
    await expect(type).toHaveAttribute('aria-invalid', 'true');
    const error = page.getByTestId('upload-preview').getByText(/Es wurde nichts importiert/);
    await expect(error).toContainText('Zeile 4, Spalte „Fläche“: „viel“ passt nicht zum Typ der Spalte.');
    await page.screenshot({ path: test.info().outputPath('uploads-bad-value-de.png'), fullPage: true });
    await expect(page.getByTestId('uploaded-table-row').filter({ hasText: 'filialen' })).toContainText('1');
  } finally {
    await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
  }
});

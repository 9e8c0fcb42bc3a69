import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// Management → Data → Uploaded tables (decision 027) with spreadsheets as people write them: a title above
// the header (skipped, as the preview suggests), percentages and amounts of money as text (read as numbers,
// with their format), a totals row (left out), and a bad value named by the row the spreadsheet shows, at
// its column. English and German.
test.describe.configure({ mode: 'serial' });

const uploadsPage = '/management/data/sources/uploads';

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
}

/** A sheet with a title in A1, an empty row 2, the header in row 3 and the given rows below. */
async function titledWorkbook(title: string, header: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report');
  sheet.getCell('A1').value = title;
  sheet.getRow(3).values = header;
  rows.forEach((row, index) => {
    sheet.getRow(4 + index).values = row as ExcelJS.CellValue[];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('an administrator uploads an XLSX report with a title, percentages and a totals row', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  await page.goto(uploadsPage);
  await expect(page.getByRole('heading', { name: 'Upload a table' })).toBeVisible();

  const file = await titledWorkbook(
    'Sales report 2026',
    ['Region', 'Share', 'Revenue'],
    [
      ['North', '11.0%', '$1,234.50'],
      ['South', '89.0%', '$2,000.00'],
      ['Total', '100.0%', '$3,234.50'],
    ],
  );
  await chooseFile(page, 'Sales report.xlsx', file);
  const skip = page.getByRole('textbox', { name: 'Rows to skip above the table' });
  await expect(skip).toHaveValue('2');
  await expect(page.getByText('Suggested: 2 rows (a title or notes above the table)')).toBeVisible();
  await expect(page.getByTestId('upload-header-at')).toHaveText('Header: row 3 of the file');
  const preview = page.getByTestId('upload-preview');
  await expect(preview.getByRole('rowheader', { name: '4' })).toBeVisible();
  await expect(preview.getByRole('cell', { name: '11.0%' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Type of Share' })).toHaveValue('Number');
  await expect(page.getByRole('combobox', { name: 'Type of Revenue' })).toHaveValue('Number');
  await expect(preview.getByTestId('upload-column-format')).toHaveText(['Percent', 'Currency']);
  const totals = page.getByRole('checkbox', { name: 'Leave out the totals row (row 6: Total)' });
  await expect(totals).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'main');
  await page.screenshot({ path: test.info().outputPath('spreadsheet-preview-en.png'), fullPage: true });

  await page.getByTestId('upload-table-name').fill('sales_shares');
  await page.getByTestId('upload-import').click();
  await expect(page.getByTestId('upload-done')).toHaveText(
    '2 rows imported into sales_shares (2 in the table)',
  );
  const row = page.getByTestId('uploaded-table-row').filter({ hasText: 'sales_shares' });
  await expect(row).toContainText('region: Text');
  await expect(row).toContainText('share: Number (Percent)');
  await expect(row).toContainText('revenue: Number (Currency)');
  await expectNoSeriousA11yViolations(page, 'main');
  await page.screenshot({ path: test.info().outputPath('spreadsheet-imported-en.png'), fullPage: true });
});

test('auf Deutsch: Prozente und Euro als Zahlen, ein falscher Wert mit der Zeile des Blatts an seiner Spalte', async ({
  page,
}) => {
  await signInWithLanguage(page, demoUsers.admin, 'de-DE');
  try {
    await page.goto(uploadsPage);
    await expect(page.getByRole('heading', { name: 'Tabelle hochladen' })).toBeVisible();

    const header = ['Region', 'Anteil', 'Umsatz'];
    const good = await titledWorkbook('Umsatzbericht 2026', header, [
      ['Nord', '11,0 %', '€ 1.234,50'],
      ['Süd', '89,0 %', '2.000,00 €'],
    ]);
    await chooseFile(page, 'Umsatz Regionen.xlsx', good);
    await expect(page.getByRole('textbox', { name: 'Zeilen über der Tabelle überspringen' })).toHaveValue(
      '2',
    );
    await expect(page.getByTestId('upload-header-at')).toHaveText('Kopfzeile: Zeile 3 der Datei');
    await expect(page.getByRole('combobox', { name: 'Typ von Anteil' })).toHaveValue('Zahl');
    await expect(page.getByTestId('upload-preview').getByTestId('upload-column-format')).toHaveText([
      'Prozent',
      'Währung',
    ]);
    await expectNoSeriousA11yViolations(page, 'main');
    await page.screenshot({ path: test.info().outputPath('spreadsheet-preview-de.png'), fullPage: true });
    await page.getByTestId('upload-import').click();
    await expect(page.getByTestId('upload-done')).toHaveText(
      '2 Zeilen in umsatz_regionen importiert (2 in der Tabelle)',
    );
    await expect(page.getByTestId('uploaded-table-row').filter({ hasText: 'umsatz_regionen' })).toContainText(
      'anteil: Zahl (Prozent)',
    );

    // A bad share in the spreadsheet's row 5: named so, at its column, focused; nothing imported.
    const bad = await titledWorkbook('Umsatzbericht 2026', header, [
      ['Nord', '11,0 %', '€ 1.234,50'],
      ['Süd', 'viel', '2.000,00 €'],
    ]);
    await chooseFile(page, 'Umsatz Regionen.xlsx', bad);
    await expect(page.getByRole('combobox', { name: 'Typ von Anteil' })).toHaveValue('Text');
    await page.getByRole('combobox', { name: 'Typ von Anteil' }).click();
    await page.getByRole('option', { name: 'Zahl', exact: true }).click();
    await page.getByTestId('upload-import').click();
    const type = page.getByRole('combobox', { name: 'Typ von Anteil' });
    await expect(type).toBeFocused();
    await expect(page.getByTestId('upload-preview').getByText(/Es wurde nichts importiert/)).toContainText(
      'Zeile 5, Spalte „Anteil“: „viel“ passt nicht zum Typ der Spalte.',
    );
    await expectNoSeriousA11yViolations(page, 'main');
    await page.screenshot({ path: test.info().outputPath('spreadsheet-bad-value-de.png'), fullPage: true });
    await expect(page.getByTestId('uploaded-table-row').filter({ hasText: 'umsatz_regionen' })).toContainText(
      '2',
    );
  } finally {
    await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
  }
});

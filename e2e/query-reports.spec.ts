import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { demoUsers, expect, test } from './fixtures';
import {
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// A query report as a reader uses it (decision 027): the demo's "Monthly Sales (SQL)" with its period and
// region parameters above it, the choices kept in the address, the table following them, the data time
// with Refresh, and the XLSX download written by the server — in English and German, axe clean.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const languages = ['en', 'de-DE'] as const;
type Language = (typeof languages)[number];

const locales = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../packages/contracts/src/locales/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>;

const textOf = (language: Language) => (key: string) => {
  const text = locales[language][key];
  if (text === undefined) throw new Error(`no text ${key} in ${language}`);
  return text;
};

/** The demo definition's parameter labels (the catalogue's, not the UI's texts). */
const regionsLabel = { en: 'Regions', 'de-DE': 'Regionen' } as const;
const monthLabel = { en: 'Month', 'de-DE': 'Monat' } as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const [device, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    // The side panel open on the desktop covers a phone's page: collapsed, as a person on a phone would.
    const collapse = page.getByRole('button', { name: /^(Collapse side panel|Seitenleiste einklappen)$/ });
    if (device === 'phone' && (await collapse.isVisible())) {
      await collapse.click();
      await expect(
        page.getByRole('button', { name: /^(Expand side panel|Seitenleiste ausklappen)$/ }),
      ).toBeVisible();
    }
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({
      path: test.info().outputPath(`query-report-${name}-${device}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const tableText = (page: Page) => page.getByTestId('data-table').innerText();

for (const language of languages) {
  test(`a member changes the period and a region of a SQL report and downloads it as XLSX (${language})`, async ({
    page,
  }) => {
    const t = textOf(language);
    await signInWithLanguage(page, demoUsers.member, language);
    try {
      await page.goto('/reports/monthly-sales');
      await expect(page.getByTestId('data-table')).toBeVisible();
      await expect(page.getByTestId('report-data-time')).toContainText(
        t('reports.info.dataAsOf').replace(' {{time}}', ''),
      );
      const parameters = page.getByTestId('report-parameters');
      await expect(parameters.getByRole('radio', { name: t('reports.range.this-year') })).toBeChecked();

      // Another period: the address carries it and the table follows.
      const before = await tableText(page);
      await parameters.getByText(t('reports.range.last-year'), { exact: true }).click();
      await expect(page).toHaveURL(/values=.*last-year/);
      await expect.poll(() => tableText(page)).not.toBe(before);
      await expect(page.getByTestId('table-row-count')).toContainText('12');

      // One region: the table changes again, the period stays.
      const allRegions = await tableText(page);
      // The multi-select's field, found through its label's `for` (its input carries no name of its own).
      const regionsId = await parameters
        .locator('label', { hasText: regionsLabel[language] })
        .getAttribute('for', { timeout: 15_000 });
      // By keyboard: focus the field, open the list with the arrow key.
      await page.locator(`[id="${regionsId}"]`).focus({ timeout: 15_000 });
      await page.keyboard.press('ArrowDown');
      const first = page.getByRole('listbox').getByRole('option').first();
      const region = (await first.innerText({ timeout: 15_000 })).trim();
      await first.click({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(new RegExp(`values=.*${encodeURIComponent(region)}`));
      await expect.poll(() => tableText(page)).not.toBe(allRegions);
      await expect(page).toHaveURL(/last-year/);

      // A link with these values opens the same view.
      const address = page.url();
      await page.reload();
      await expect(page.getByTestId('data-table')).toBeVisible();
      expect(page.url()).toBe(address);
      await expect(parameters.getByRole('radio', { name: t('reports.range.last-year') })).toBeChecked();

      // Refresh reads the data afresh (the time is shown again after it).
      await page.getByRole('button', { name: t('reports.info.refresh') }).click();
      await expect(page.getByTestId('report-data-time')).toBeVisible();

      await expectNoSeriousA11yViolations(page);
      await shoot(page, language);

      // The download is the server's file of the same values.
      const shownRows = (await tableText(page)).split('\n').length;
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: t('reports.table.downloadXlsx') }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('monthly-sales.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await download.path())!);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header[0]).toBe(monthLabel[language]);
      expect(sheet.actualRowCount - 1).toBe(12);
      const months = new Set<string>();
      for (let row = 2; row <= sheet.actualRowCount; row += 1) {
        const month = sheet.getRow(row).getCell(1).value;
        months.add(month instanceof Date ? month.toISOString().slice(0, 4) : String(month).slice(0, 4));
      }
      expect([...months]).toEqual([String(new Date().getUTCFullYear() - 1)]);
      expect(shownRows).toBeGreaterThan(0);
    } finally {
      await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
    }
  });
}

// Decision 038: a choice from a query is one of the reader's own options — a value outside them, put into
// the address by hand, is refused with a message naming it, in the reader's language, axe clean.
for (const language of languages) {
  test(`a member who puts a region outside their options into the address is told so (${language})`, async ({
    page,
  }) => {
    const t = textOf(language);
    await signInWithLanguage(page, demoUsers.member, language);
    try {
      await page.goto(
        `/reports/monthly-sales?values=${encodeURIComponent(JSON.stringify({ regions: ['Atlantis'] }))}`,
      );
      await expect(page.getByText(t('reports.state.choiceNotOfferedHeadline'))).toBeVisible();
      const text = t('reports.state.choiceNotOfferedText')
        .replace('{{value}}', 'Atlantis')
        .replace('{{parameter}}', 'regions');
      await expect(page.getByText(text)).toBeVisible();
      // No data of the choice came along.
      await expect(page.getByTestId('data-table')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `choice-not-offered-${language}`);
      // The way back: the report with its own values.
      await page.getByRole('button', { name: t('reports.state.reset') }).click();
      await expect(page.getByTestId('data-table')).toBeVisible();
    } finally {
      await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
    }
  });
}

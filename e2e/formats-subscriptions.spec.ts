import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { pickDate } from './date-field';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// One format rule and subscriptions that say what they do (decisions 029 and 030): a German date picker
// writes dd.mm.yyyy and the report takes the picked dates; a dashboard's Subscribe button makes a
// subscription in the browser's time zone; Management → Mail lists a subscription for another user by
// their name, with its actions there (and not a second time in the administrator's own list).
test.describe.configure({ mode: 'serial', timeout: 150_000 });
test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'Europe/Vienna' });

type Language = 'en' | 'de-DE';
const locales = Object.fromEntries(
  (['en', 'de-DE'] as const).map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../packages/contracts/src/locales/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>;
const textOf =
  (language: Language) =>
  (key: string, values: Record<string, string> = {}) => {
    const text = locales[language][key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
const en = textOf('en');
const de = textOf('de-DE');

const report = { name: 'monthly-sales', title: { en: 'Monthly Sales (SQL)', 'de-DE': 'Monatsumsatz (SQL)' } };

async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  if (part) await part.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('in German a date is picked as dd.mm.yyyy from a German calendar and the report takes it', async ({
  page,
}) => {
  await signInWithLanguage(page, demoUsers.member, 'de-DE');
  try {
    await page.goto(`/reports/${report.name}`);
    await expect(page.getByTestId('data-table')).toBeVisible({ timeout: 60_000 });
    const parameters = page.getByTestId('report-parameters');
    await parameters
      .locator('label')
      .filter({ hasText: new RegExp(`^${de('reports.range.custom')}$`) })
      .click();
    const from = parameters.getByLabel(de('reports.range.from'), { exact: true });
    const to = parameters.getByLabel(de('reports.range.to'), { exact: true });
    await expect(from).toHaveText(de('common.pickDate'));
    const turn = { previous: de('common.previousMonth'), next: de('common.nextMonth') };
    await from.click();
    await expect(page.locator('.mantine-Popover-dropdown').last()).toContainText(
      /Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember/,
    );
    await shoot(page, 'date-picker-de');
    await page.keyboard.press('Escape');
    await pickDate(page, from, '03.02.2025', turn);
    await pickDate(page, to, '27.03.2025', turn);
    // The culture's writing, not the browser's mm/dd/yyyy.
    await expect(from).toHaveText('03.02.2025');
    await expect(to).toHaveText('27.03.2025');
    await expectNoSeriousA11yViolations(page, '[data-testid="report-parameters"]');
    await parameters.getByRole('button', { name: de('reports.range.apply') }).click();
    await expect(page).toHaveURL(/values=.*2025-02-03.*2025-03-27/);
    await expect(page.getByTestId('data-table')).toBeVisible();
    await shoot(page, 'report-picked-range-de');
  } finally {
    await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
  }
});

test('a dashboard’s Subscribe button makes a subscription in the browser’s time zone', async ({ page }) => {
  await signIn(page, demoUsers.member);
  await page.goto('/dashboards');
  const title = 'Sales Performance';
  await page.getByRole('region', { name: 'Dashboards' }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/dashboards\/\d+/);
  await page.getByTestId('subscribe-button').click();
  const dialog = page.getByRole('dialog', { name: en('subscriptions.dashboardDialogTitle') });
  await expect(dialog.getByLabel(en('subscriptions.scheduleTimeZone'), { exact: true })).toHaveValue(
    'Europe/Vienna',
  );
  // English (en-GB) tells the time on a 24-hour clock, as German does.
  await expect(dialog.getByLabel(en('subscriptions.timeHours'))).toHaveValue('07');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await shoot(page, 'dashboard-subscribe-en');
  await dialog.getByTestId('subscribe-save').click();
  await expect(dialog).toBeHidden();

  await page.goto('/settings');
  const row = page
    .getByTestId('my-subscriptions-table')
    .getByTestId('subscription-row')
    .filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('(Europe/Vienna)');
  await shoot(page, 'dashboard-subscription-en', page.getByTestId('my-subscriptions'));
  await row.getByRole('button', { name: en('subscriptions.delete') }).click();
  await page
    .getByRole('dialog', { name: en('subscriptions.deleteTitle') })
    .getByRole('button', { name: en('subscriptions.delete') })
    .click();
  await expect(row).toHaveCount(0);
});

test('Management → Mail lists a subscription for another user by their name, with its actions', async ({
  page,
}) => {
  await signInWithLanguage(page, demoUsers.admin, 'de-DE');
  try {
    await page.goto('/management/mail');
    await page.getByTestId('subscribe-others').click();
    const dialog = page.getByRole('dialog', { name: de('subscriptions.others.dialogTitle') });
    await dialog.getByTestId('others-report').click();
    await page.getByRole('option', { name: report.title['de-DE'], exact: true }).click();
    await dialog.getByTestId('others-users').click();
    await dialog.getByTestId('others-users').pressSequentially('member');
    await page.getByRole('option', { name: new RegExp(demoUsers.member.displayName) }).click();
    await page.keyboard.press('Escape');
    // The German time field: 24 hours, no AM/PM.
    await expect(dialog.getByLabel(de('subscriptions.timeHours'))).toHaveValue('07');
    await expect(dialog.getByLabel(de('subscriptions.timeAmPm'))).toHaveCount(0);
    await shoot(page, 'subscribe-member-de');
    await dialog.getByTestId('subscribe-save').click();
    await expect(dialog).toBeHidden();

    const row = page
      .getByTestId('organisation-subscriptions')
      .getByTestId('organisation-subscription-row')
      .filter({ hasText: demoUsers.member.displayName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(report.title['de-DE']);
    await expect(row.getByRole('button', { name: de('subscriptions.sendNow') })).toBeVisible();
    await expect(row.getByRole('button', { name: de('subscriptions.edit') })).toBeVisible();
    await row.getByRole('button', { name: de('subscriptions.pause') }).click();
    await expect(row).toContainText(de('subscriptions.paused'));
    await expect(page.getByText(de('subscriptions.saved'))).toBeHidden();
    await expectNoSeriousA11yViolations(page, '[data-testid="organisation-subscriptions"]');
    await shoot(page, 'mail-management-by-name-de', page.getByTestId('organisation-subscriptions'));

    // Not a second, identical row in the administrator's own list.
    await page.goto('/settings');
    await expect(
      page
        .getByTestId('my-subscriptions-table')
        .getByTestId('subscription-row')
        .filter({ hasText: report.title['de-DE'] }),
    ).toHaveCount(0);

    await page.goto('/management/mail');
    await row.getByRole('button', { name: de('subscriptions.delete') }).click();
    await page
      .getByRole('dialog', { name: de('subscriptions.deleteTitle') })
      .getByRole('button', { name: de('subscriptions.delete') })
      .click();
    await expect(row).toHaveCount(0);
  } finally {
    await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
  }
});

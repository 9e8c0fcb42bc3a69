import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { demoUsers, expect, signIn, test } from './fixtures';
import {
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// Reports that come to people (docs/decisions/029-subscriptions-alerts-and-background-work.md), as people
// use them: a member subscribes to the demo's "Monthly Sales (SQL)" with "Last month", changes it in place
// and sends it now — the administrator reads the mail in Management → Mail's outbox (no SMTP_URL in the
// journeys); an administrator subscribes an audience (in German); a member sets an alert and its live
// notification arrives when it is checked; pausing, and the mail's unsubscribe link, which works without
// signing in. The background jobs run in the journeys' server as they do after `npm start`.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
test.use({ viewport: { width: 1440, height: 900 } });

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

const report = {
  name: 'monthly-sales',
  title: { en: 'Monthly Sales (SQL)', 'de-DE': 'Monatsumsatz (SQL)' },
} as const;

/** Deliveries and the lists refresh every 15 s: statuses and mails are waited for well beyond that. */
const backgroundWork = { timeout: 90_000 };

/** The window as the person sees it, scrolled to `part` where given. */
async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  if (part) await part.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** A Mantine select: open it by its label and choose an option by its name. */
async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The administrator, in a browser of their own, opens Management → Mail's outbox. */
async function openOutbox(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, demoUsers.admin);
  await page.goto('/management/mail');
  await expect(page.getByRole('heading', { name: en('subscriptions.outbox') })).toBeVisible();
  return { context, page };
}

const myRow = (page: Page, table: 'my-subscriptions-table' | 'my-alerts-table', title: string) =>
  page.getByTestId(table).getByTestId('subscription-row').filter({ hasText: title });

/** The unsubscribe link of the member's mail, read where the administrator reads the mail. */
let unsubscribeLink = '';

test('a member subscribes to a report with "Last month", changes it, sends it now, and the mail is in the outbox', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, demoUsers.member);
  await page.goto(`/reports/${report.name}`);
  await expect(page.getByTestId('data-table')).toBeVisible();

  // The dialog offers the report's own parameters: "Last month" among the period's presets.
  await page.getByTestId('subscribe-button').click();
  const dialog = page.getByRole('dialog', { name: en('subscriptions.dialogTitle') });
  const values = dialog.getByTestId('subscription-parameters');
  await expect(values.getByRole('radio', { name: en('reports.range.this-year') })).toBeChecked();
  await values.getByText(en('reports.range.last-month'), { exact: true }).click();
  await expect(values.getByRole('radio', { name: en('reports.range.last-month') })).toBeChecked();
  await dialog.getByLabel(en('subscriptions.attachment')).click();
  await page.getByRole('option', { name: 'CSV', exact: true }).click();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await shoot(page, 'subscribe-dialog-en');
  await dialog.getByTestId('subscribe-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en('subscriptions.saved'))).toBeVisible();

  // Settings → My subscriptions: edited in place (the same dialog, filled in), then sent now.
  await page.goto('/settings');
  const row = myRow(page, 'my-subscriptions-table', report.title.en);
  await expect(row).toContainText(en('subscriptions.schedule.daily', { time: '07:00' }));
  await row.getByRole('button', { name: en('subscriptions.edit') }).click();
  const edit = page.getByRole('dialog', { name: en('subscriptions.editTitle') });
  await expect(
    edit.getByTestId('subscription-parameters').getByRole('radio', { name: en('reports.range.last-month') }),
  ).toBeChecked();
  // The time picker has an hours and a minutes field (24-hour in en-GB and German).
  await edit.getByLabel(en('subscriptions.timeHours')).fill('06');
  await edit.getByLabel(en('subscriptions.timeMinutes')).fill('30');
  await edit.getByRole('button', { name: en('subscriptions.saveChanges') }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(en('subscriptions.schedule.daily', { time: '06:30' }));

  await row.getByRole('button', { name: en('subscriptions.sendNow') }).click();
  await expect(page.getByText(en('subscriptions.sendingNow'))).toBeVisible();
  await expect(row.getByTestId('delivery-status')).toHaveText(
    en('subscriptions.status.sent'),
    backgroundWork,
  );
  await expectNoSeriousA11yViolations(page, '[data-testid="my-subscriptions"]');
  await shoot(page, 'my-subscriptions-en', page.getByTestId('my-subscriptions'));

  // The administrator reads the mail: to the member, the report's title, the values used, the CSV.
  const admin = await openOutbox(browser);
  try {
    const subject = en('subscriptions.mail.subject', { title: report.title.en });
    const mail = admin.page
      .getByTestId('outbox-row')
      .filter({ hasText: demoUsers.member.email })
      .filter({ hasText: subject });
    await expect(mail).toHaveCount(1, backgroundWork);
    await expect(mail).toContainText(`${report.name}.csv`);
    await mail.getByRole('button', { name: subject }).click();
    const body = admin.page.getByTestId('outbox-mail');
    await expect(body).toContainText(report.title.en);
    await expect(body).toContainText(en('reports.range.last-month'));
    const text = await body.innerText();
    unsubscribeLink = /https?:\/\/\S+\/unsubscribe\?\S+/.exec(text)?.[0] ?? '';
    expect(unsubscribeLink, 'the mail has an unsubscribe link').not.toBe('');
    await expectNoSeriousA11yViolations(admin.page);
    await shoot(admin.page, 'outbox-en', admin.page.getByTestId('outbox-mail'));
  } finally {
    await admin.context.close();
  }
});

test('an administrator subscribes an audience to a report (German)', async ({ page }) => {
  test.slow();
  const de = textOf('de-DE');
  await signInWithLanguage(page, demoUsers.admin, 'de-DE');
  try {
    await page.goto('/management/mail');
    await page.getByTestId('subscribe-others').click();
    const dialog = page.getByRole('dialog', { name: de('subscriptions.others.dialogTitle') });
    await choose(page, dialog.getByTestId('others-report'), report.title['de-DE']);
    await expect(dialog.getByTestId('subscription-parameters')).toBeVisible();
    // Nobody chosen yet: nothing to save.
    await expect(dialog.getByTestId('subscribe-save')).toBeDisabled();
    await dialog.getByLabel(de('subscriptions.others.byAudience')).check();
    await dialog.getByRole('checkbox', { name: de('subscription.pro'), exact: true }).check();
    await dialog
      .getByTestId('subscription-parameters')
      .getByText(de('reports.range.last-month'), { exact: true })
      .click();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await shoot(page, 'subscribe-others-de');
    await dialog.getByTestId('subscribe-save').click();
    await expect(dialog).toBeHidden();

    const row = page
      .getByTestId('organisation-subscriptions')
      .getByTestId('organisation-subscription-row')
      .filter({
        hasText: de('subscriptions.recipientsAudience', { audience: de('subscription.pro') }),
      });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(report.title['de-DE']);
    // Judged once the confirmation toast has gone (its close button is the toaster's, lib/toast.tsx).
    await expect(page.getByText(de('subscriptions.saved'))).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'mail-management-de');

    // Sent now (in Management → Mail: a subscription for others is not in the administrator's own
    // list), each person of the audience gets a mail of their own.
    const outboxRows = page.getByTestId('outbox-row');
    await expect(outboxRows.first()).toBeVisible();
    const before = await outboxRows.count();
    await row.getByRole('button', { name: de('subscriptions.sendNow') }).click();
    await expect(row.getByTestId('delivery-status')).toHaveText(
      de('subscriptions.status.sent'),
      backgroundWork,
    );
    await page.reload();
    await expect.poll(() => outboxRows.count(), backgroundWork).toBeGreaterThan(before);

    // Deleted after asking.
    await row.getByRole('button', { name: de('subscriptions.delete') }).click();
    const confirm = page.getByRole('dialog', { name: de('subscriptions.deleteTitle') });
    await expect(confirm).toContainText(report.title['de-DE']);
    await shoot(page, 'delete-confirm-de');
    await confirm.getByRole('button', { name: de('subscriptions.delete') }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
  }
});

test('a member sets an alert and its notification arrives live when it is checked', async ({ page }) => {
  test.slow();
  await signIn(page, demoUsers.member);
  await page.goto(`/reports/${report.name}`);
  await expect(page.getByTestId('data-table')).toBeVisible();
  await page.getByTestId('set-alert-button').click();
  const dialog = page.getByRole('dialog', { name: en('subscriptions.alerts.dialogTitle') });
  // A condition on a column of the result offers its columns of numbers.
  await expect(dialog.getByLabel(en('subscriptions.alerts.column'))).toHaveValue(/Revenue/);
  await choose(
    page,
    dialog.getByLabel(en('subscriptions.alerts.when')),
    en('subscriptions.alerts.test.has-rows'),
  );
  await expect(dialog.getByLabel(en('subscriptions.alerts.column'))).toHaveCount(0);
  await dialog.getByLabel(en('subscriptions.alerts.byMail')).check();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await shoot(page, 'alert-dialog-en');
  await dialog.getByTestId('subscribe-save').click();
  await expect(dialog).toBeHidden();

  await page.goto('/settings');
  const row = myRow(page, 'my-alerts-table', report.title.en);
  await expect(row).toContainText(en('subscriptions.condition.hasRows'));
  await expect(row.getByTestId('alert-state')).toHaveText(en('subscriptions.alerts.state.normal'));
  // Checked now instead of at its time: the data has rows, so the live notification arrives.
  await row.getByRole('button', { name: en('subscriptions.checkNow') }).click();
  const toast = page
    .locator('[role="status"], [role="alert"]')
    .filter({ hasText: en('notifications.toast.message') });
  await expect(toast).toBeVisible(backgroundWork);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const card = page
    .getByTestId('notifications-panel')
    .getByTestId('notification-card')
    .filter({ hasText: en('subscriptions.notice.alert.title', { title: report.title.en }) });
  await expect(card).toHaveCount(1);
  await shoot(page, 'alert-notification-en');
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('alert-state')).toHaveText(
    en('subscriptions.alerts.state.triggered'),
    backgroundWork,
  );
  await expectNoSeriousA11yViolations(page, '[data-testid="my-subscriptions"]');
  await shoot(page, 'my-alerts-en', page.getByTestId('my-subscriptions'));

  // Checked again while it still holds: once per crossing, no second notification.
  await row.getByRole('button', { name: en('subscriptions.checkNow') }).click();
  await expect(page.getByText(en('subscriptions.checkingNow')).first()).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(card).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Deleted after asking.
  await row.getByRole('button', { name: en('subscriptions.delete') }).click();
  await page
    .getByRole('dialog', { name: en('subscriptions.deleteTitle') })
    .getByRole('button', { name: en('subscriptions.delete') })
    .click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(en('subscriptions.alerts.none'))).toBeVisible();
});

test('a member pauses and resumes a subscription and unsubscribes with the mail’s link, without signing in', async ({
  page,
  browser,
}) => {
  test.slow();
  expect(unsubscribeLink, 'the first journey read the mail').not.toBe('');
  await signIn(page, demoUsers.member);
  await page.goto('/settings');
  const row = myRow(page, 'my-subscriptions-table', report.title.en);
  await row.getByRole('button', { name: en('subscriptions.pause') }).click();
  await expect(row.getByTestId('paused')).toHaveText(en('subscriptions.paused'));
  await shoot(page, 'paused-en', page.getByTestId('my-subscriptions'));
  await row.getByRole('button', { name: en('subscriptions.resume') }).click();
  await expect(row.getByTestId('paused')).toHaveCount(0);

  // The link from the mail, in a browser that is not signed in: a page that asks, then unsubscribes once.
  const stranger = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const link = await stranger.newPage();
    await link.goto(unsubscribeLink);
    await expect(link.getByRole('heading', { name: en('subscriptions.unsubscribe.title') })).toBeVisible();
    await expect(link.getByText(en('subscriptions.unsubscribe.question'))).toBeVisible();
    await expectNoSeriousA11yViolations(link);
    await shoot(link, 'unsubscribe-page-en');
    await link.getByRole('button', { name: en('subscriptions.unsubscribe.confirm') }).click();
    await expect(
      link.getByRole('heading', { name: en('subscriptions.unsubscribe.doneTitle') }),
    ).toBeVisible();
    await expect(link.getByText(en('subscriptions.unsubscribe.done'))).toBeVisible();
    await shoot(link, 'unsubscribed-en');
    // The same link a second time: already used.
    await link.goto(unsubscribeLink);
    await link.getByRole('button', { name: en('subscriptions.unsubscribe.confirm') }).click();
    await expect(link.getByText(en('subscriptions.unsubscribe.used'))).toBeVisible();
  } finally {
    await stranger.close();
  }

  // Gone from the list too, after asking.
  await page.reload();
  await row.getByRole('button', { name: en('subscriptions.delete') }).click();
  await page
    .getByRole('dialog', { name: en('subscriptions.deleteTitle') })
    .getByRole('button', { name: en('subscriptions.delete') })
    .click();
  await expect(page.getByText(en('subscriptions.none'))).toBeVisible();
});

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { apiRoutes } from '@cockpit/contracts';
import { demoUsers, expect, signIn, test } from './fixtures';

// Live notifications journeys: live notifications in the side panel (docs/product.md §2 Notifications and detail dialog, §4,
// §9), fed by the server-sent events stream and the demo seed (4 per user: 2 read, 2 unread, one with a
// link, one long enough to be clamped).

const titles = {
  link: 'New: export tables to CSV',
  long: 'Planned maintenance on Saturday night',
  welcome: 'Welcome to your report cockpit',
};

async function openNotifications(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByTestId('notifications-panel');
  await expect(panel.getByTestId('notification-card').first()).toBeVisible();
  return panel;
}

// Cards of the notifications panel (the reports home lists the newest ones too).
const cards = (page: Page) => page.getByTestId('notifications-panel').getByTestId('notification-card');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });

async function expectNoSeriousA11yViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** An organisation administrator in a browser of their own sends through the admin API. */
async function sendAsAdmin(browser: Browser, body: object) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, demoUsers.admin);
    const { token } = (await (await page.request.get(apiRoutes.getToken.path)).json()) as { token: string };
    const response = await page.request.post(apiRoutes.listSentNotifications.path, {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    expect(response.status()).toBe(201);
  } finally {
    await context.close();
  }
}

test.describe('notifications', () => {
  test('unread dots and the bell; a click reads the notification and opens its dialog', async ({ page }) => {
    await signIn(page, demoUsers.member);
    const bell = page.getByRole('button', { name: 'Notifications (unread)' });
    await expect(bell).toBeVisible();
    const panel = await openNotifications(page);
    await expect(panel.getByTestId('unread-dot')).toHaveCount(2);
    await expect(card(page, titles.welcome).getByTestId('unread-dot')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('notifications-panel.png') });
    await expectNoSeriousA11yViolations(page, '[data-testid="notifications-panel"]');

    await card(page, titles.link).click();
    const dialog = page.getByRole('dialog', { name: titles.link });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Every report table can now be exported.')).toBeVisible();
    const link = dialog.getByRole('link', { name: /^Link/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/release-notes');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await page.screenshot({ path: test.info().outputPath('notification-dialog.png') });
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, titles.link).getByTestId('unread-dot')).toHaveCount(0);

    // The long one is still unread: the bell still says so. Reading it (keyboard) changes the bell.
    await expect(bell).toBeVisible();
    await card(page, titles.long).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: titles.long })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(panel.getByTestId('unread-dot')).toHaveCount(0);

    // Stored on the server: still read after a reload.
    await page.reload();
    await openNotifications(page);
    await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  });

  test('"read more" only where the text is really cut', async ({ page }) => {
    await signIn(page, demoUsers.admin);
    await openNotifications(page);
    await expect(card(page, titles.long).getByTestId('read-more')).toBeVisible();
    await expect(card(page, titles.welcome).getByTestId('read-more')).toHaveCount(0);
    await expect(card(page, titles.link).getByTestId('read-more')).toHaveCount(0);
    // Clamped at 4 lines: the card's text is cut, the dialog shows all of it.
    const text = card(page, titles.long).locator('p').last();
    const { scrollHeight, clientHeight } = await text.evaluate((el) => ({
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    await card(page, titles.long).click();
    await expect(page.getByTestId('notification-dialog-text')).toContainText('at what time.');
  });

  test('a notification sent while the panel is open appears live, with the toast', async ({
    page,
    browser,
  }) => {
    await signIn(page, demoUsers.basic);
    await openNotifications(page);
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByText('New Notification', { exact: true })).toHaveCount(0);

    await sendAsAdmin(browser, {
      recipients: 'all',
      title: { en: 'Quarter closed', de: 'Quartal abgeschlossen' },
      text: { en: 'All figures for the quarter are final.', de: 'Alle Zahlen des Quartals sind endgültig.' },
      url: 'https://example.com/quarter',
    });

    await expect(cards(page)).toHaveCount(5);
    const newest = cards(page).first();
    await expect(newest).toContainText('Quarter closed');
    await expect(newest.getByTestId('unread-dot')).toBeVisible();
    // The toast of docs/product.md §4, in a live region so screen readers announce it.
    const toast = page
      .locator('[role="status"], [role="alert"]')
      .filter({ hasText: 'You have received a new Notification.' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('New Notification');
    await page.screenshot({ path: test.info().outputPath('notification-toast.png') });
  });

  test('German content in German', async ({ page }) => {
    await signIn(page, demoUsers.otherAdmin);
    await page.getByTestId('language-select').selectOption('de-DE');
    await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
    const panel = page.getByTestId('notifications-panel');
    await expect(panel.getByRole('heading', { name: 'Benachrichtigungen' })).toBeVisible();
    await expect(panel.getByText('Geplante Wartung in der Nacht auf Sonntag')).toBeVisible();
    await expect(panel.getByText('Willkommen in Ihrem Report-Cockpit')).toBeVisible();
    await expect(panel.getByText(titles.welcome)).toHaveCount(0);
    await expect(panel.getByText('weiterlesen')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('notifications-german.png') });
    // Leave the account as it was for other journeys.
    await page.getByTestId('language-select').selectOption('en');
    await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  });
});

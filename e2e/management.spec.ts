import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { demoUsers, expect, signIn, test } from './fixtures';

// Management area journeys: the management area (users, notifications, banner messages, contract center), the
// message banner and the new-contract notice in the shell (docs/product.md §2, §4, §6, §7). The journeys build on
// each other (the user created first is used later), so they run in order.
// Several people in their own browsers walk through management: two minutes each on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The person the administrator creates: German UI, so the live notification must arrive in German. */
const newcomer = {
  email: `nina.neu.${Date.now()}@example.com`,
  /** Given by the administrator: a one-time password, replaced at the first sign-in (decision 022). */
  initialPassword: 'Nina-initial-pass-1',
  password: 'Nina-own-password-2',
  displayName: 'Nina Neu',
};

const e2eBanner = {
  en: {
    title: 'Quarter closing on Friday',
    body: 'Reports are frozen from 18:00.',
    secondary: 'Open settings',
  },
  de: {
    title: 'Quartalsabschluss am Freitag',
    body: 'Berichte sind ab 18:00 Uhr eingefroren.',
    secondary: 'Zu den Einstellungen',
  },
};
const seededBannerGerman = 'Benachrichtigungen kommen jetzt live';

async function expectNoSeriousA11yViolations(page: Page, include = 'main') {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A second person in a browser of their own; uncaught page errors fail the test as in the fixture. */
async function openSecondBrowser(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The first sign-in: the initial password is a one-time one, so Nina chooses her own first (decision 022). */
async function firstSignInOfNewcomer(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(newcomer.email);
  await page.getByLabel('Password', { exact: true }).fill(newcomer.initialPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/change-password/);
  await page.getByLabel(/^(One-time password|Einmalpasswort)$/).fill(newcomer.initialPassword);
  await page.getByLabel(/^(New password|Neues Passwort)$/).fill(newcomer.password);
  await page.getByLabel(/^(Repeat the new password|Neues Passwort wiederholen)$/).fill(newcomer.password);
  await page.getByRole('button', { name: /^(Save and continue|Speichern und fortfahren)$/ }).click();
  await expect(page.getByTestId('menu-panel')).toBeVisible();
}

async function signInNewcomer(page: Page) {
  await signIn(page, newcomer);
}

/**
 * Text that only the management code contains: the translation keys of its screens (the texts
 * themselves come from the API, so no other bundle holds these keys).
 */
const managementCodeMarker = /management\.(users|banners|contract|sections|notifications)\./;

/** The JavaScript files a page requested, and whether each holds management code. */
function collectScripts(page: Page): () => Promise<{ path: string; management: boolean }[]> {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return () =>
    Promise.all(
      [...urls].map(async (url) => ({
        path: new URL(url).pathname,
        management: managementCodeMarker.test(await (await page.request.get(url)).text()),
      })),
    );
}

test('a member typing /management sees page-not-found and never downloads the management code', async ({
  page,
  browser,
}) => {
  // The marker really identifies management code: the administrator's browser loads some.
  const admin = await openSecondBrowser(browser);
  const adminScripts = collectScripts(admin.page);
  await signIn(admin.page, demoUsers.admin);
  await admin.page.goto('/management');
  await expect(admin.page.getByRole('heading', { name: 'Management', level: 1 })).toBeVisible();
  const sections = admin.page.getByRole('navigation', { name: 'Management sections' });
  for (const section of ['Notifications', 'Banner messages', 'Contract center']) {
    await sections.getByRole('link', { name: section, exact: true }).click();
    await expect(sections.getByRole('link', { name: section, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  expect((await adminScripts()).filter((script) => script.management).length).toBeGreaterThan(0);
  await admin.context.close();
  expect(admin.errors).toEqual([]);

  const memberScripts = collectScripts(page);
  await signIn(page, demoUsers.member);
  await page.goto('/management');
  await expect(page.getByText('Oops, page not found')).toBeVisible();
  await page.goto('/management/administrator/contractcenter');
  await expect(page.getByText('Oops, page not found')).toBeVisible();
  await page.goto('/management/users');
  await expect(page.getByText('Oops, page not found')).toBeVisible();
  expect((await memberScripts()).filter((script) => script.management)).toEqual([]);
});

test('the administrator creates a user who can then sign in', async ({ page, browser }) => {
  await signIn(page, demoUsers.admin);
  await page.goto('/management');
  await expect(page).toHaveURL(/\/management\/users$/);
  const table = page.getByTestId('users-table');
  await expect(table.getByRole('row', { name: /Max Member/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('users.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Search narrows the list.
  await page.getByLabel('Search users').fill('bea');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByLabel('Search users').fill('');

  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a user' });
  await dialog.getByLabel('Name').fill(newcomer.displayName);
  await dialog.getByLabel('E-mail').fill(newcomer.email);
  await dialog.getByLabel('Initial password').fill('too-short');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('The password needs 12 to 128 characters.')).toBeVisible();
  await dialog.getByLabel('Initial password').fill(newcomer.initialPassword);
  await dialog.getByLabel('Language').click();
  await page
    .getByRole('listbox', { name: 'Language' })
    .getByRole('option', { name: 'Deutsch (Deutschland)' })
    .click();
  await page.screenshot({ path: test.info().outputPath('create-user.png') });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(newcomer.displayName) })).toBeVisible();

  const newcomerBrowser = await openSecondBrowser(browser);
  await firstSignInOfNewcomer(newcomerBrowser.page);
  // Their saved language is applied: the shell speaks German.
  await expect(newcomerBrowser.page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(newcomerBrowser.page.getByTestId('menu-header')).toContainText(newcomer.displayName);
  await newcomerBrowser.context.close();
  expect(newcomerBrowser.errors).toEqual([]);
});

test('a banner message shows, its secondary action works, closing hides it and it stays closed', async ({
  page,
  browser,
}) => {
  await signIn(page, demoUsers.admin);
  await page.goto('/management/banners');
  await expect(page.getByTestId('banners-table')).toBeVisible();
  await page.getByRole('button', { name: 'New banner message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New banner message' });
  // The German tab, not the Austrian override beside it.
  for (const [tab, texts] of [
    [/^English/, e2eBanner.en],
    [/^German(?! for Austria)/, e2eBanner.de],
  ] as const) {
    await dialog.getByRole('tab', { name: tab }).click();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(texts.title);
    await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill(texts.body);
    await dialog.getByLabel('Add a second button').check();
    const second = dialog.getByRole('group', { name: 'Second button' });
    await second.getByRole('textbox', { name: 'Label', exact: true }).fill(texts.secondary);
    await second.getByText('Open a link').click();
    await second.getByRole('textbox', { name: 'Link', exact: true }).fill('/settings');
  }
  // The preview is the real card; an empty main label shows the global "OK".
  const preview = dialog.getByTestId('banner-preview');
  await expect(preview.getByRole('article', { name: e2eBanner.de.title })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'OK' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('banner-form.png') });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('banner-row').filter({ hasText: e2eBanner.en.title })).toContainText(
    'Active',
  );
  await page.screenshot({ path: test.info().outputPath('banners.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  const reader = await openSecondBrowser(browser);
  await signInNewcomer(reader.page);
  const banner = reader.page.getByTestId('message-banner');
  const newest = banner.getByRole('article', { name: e2eBanner.de.title });
  await expect(newest).toContainText(e2eBanner.de.body);
  await reader.page.screenshot({ path: test.info().outputPath('message-banner.png') });
  await expectNoSeriousA11yViolations(reader.page, '[data-testid="message-area"]');

  // The secondary action follows its link and ends the card; the next message takes its place.
  await newest.getByRole('button', { name: e2eBanner.de.secondary }).click();
  await expect(reader.page).toHaveURL(/\/settings$/);
  await expect(newest).toBeHidden();
  const seeded = banner.getByRole('article', { name: seededBannerGerman });
  await expect(seeded).toBeVisible();
  // The primary button without a label of its own says "OK" and closes the card; no card, no banner.
  await seeded.getByRole('button', { name: 'OK' }).click();
  await expect(banner).toBeHidden();

  // After a reload the message service answers "nothing" for this user: both stay closed.
  const reloadedAt = Date.now();
  const answered = reader.page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/messages/current' && r.request().timing().startTime >= reloadedAt,
  );
  await reader.page.reload();
  expect(((await (await answered).json()) as { item: unknown }).item).toBeNull();
  await expect(reader.page.getByTestId('menu-panel')).toBeVisible();
  await expect(reader.page.getByTestId('message-banner')).toBeHidden();
  await reader.context.close();
  expect(reader.errors).toEqual([]);
});

test('a notification composed in management arrives live, in German for a German UI', async ({
  page,
  browser,
}) => {
  const reader = await openSecondBrowser(browser);
  await signInNewcomer(reader.page);
  await reader.page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
  await expect(reader.page.getByTestId('notifications-panel')).toBeVisible();

  await signIn(page, demoUsers.admin);
  await page.goto('/management/notifications');
  await page.getByText('Chosen users').click();
  await page.getByRole('combobox', { name: 'Users', exact: true }).fill('Nina');
  await page.getByRole('option', { name: new RegExp(newcomer.displayName) }).click();
  const titles = { en: 'Board meeting moved', de: 'Vorstandssitzung verschoben' };
  const titleFields = page.getByRole('textbox', { name: 'Title', exact: true });
  const textFields = page.getByRole('textbox', { name: 'Text', exact: true });
  await titleFields.first().fill(titles.en);
  await textFields.first().fill('The board meeting is now on Thursday at 10:00.');
  await titleFields.nth(1).fill(titles.de);
  await textFields.nth(1).fill('Die Vorstandssitzung ist jetzt am Donnerstag um 10:00 Uhr.');
  await page.getByLabel('Link (optional)').fill('javascript:alert(1)');
  await expect(page.getByTestId('notification-preview-de-DE')).toContainText(titles.de);
  await expect(page.getByTestId('notification-preview-en')).toContainText(titles.en);
  await page.getByRole('button', { name: 'Send notification' }).click();
  await expect(
    page.getByText('Only web addresses starting with https:// or http:// are allowed.'),
  ).toBeVisible();
  await page.getByLabel('Link (optional)').fill('https://example.com/board');
  await page.screenshot({ path: test.info().outputPath('notification-compose.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Send notification' }).click();
  await expect(page.getByText('Sent to 1 user.')).toBeVisible();
  const sentRow = page.getByTestId('sent-notification-row').filter({ hasText: titles.en });
  await expect(sentRow).toContainText('0 of 1 read');

  // Live: the German title appears in the open panel without a reload.
  const card = reader.page
    .getByTestId('notifications-panel')
    .getByTestId('notification-card')
    .filter({ hasText: titles.de });
  await expect(card).toBeVisible();
  await card.click();
  await expect(reader.page.getByRole('dialog', { name: titles.de })).toBeVisible();
  await reader.page.keyboard.press('Escape');
  await reader.context.close();
  expect(reader.errors).toEqual([]);

  // The read count follows.
  await page.reload();
  await expect(page.getByTestId('sent-notification-row').filter({ hasText: titles.en })).toContainText(
    '1 of 1 read',
  );
  await page.screenshot({ path: test.info().outputPath('notifications-sent.png'), fullPage: true });
});

test('deactivating a user signs them out on their next call', async ({ page, browser }) => {
  const leaver = await openSecondBrowser(browser);
  await signInNewcomer(leaver.page);

  await signIn(page, demoUsers.admin);
  await page.goto('/management/users');
  await page.getByLabel('Search users').fill(newcomer.email);
  // The row's secondary actions are behind "⋯".
  await page.getByRole('button', { name: `More actions for ${newcomer.displayName}` }).click();
  await page.getByRole('menuitem', { name: `Deactivate ${newcomer.displayName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${newcomer.displayName}?` });
  await page.screenshot({ path: test.info().outputPath('deactivate.png') });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('user-row').filter({ hasText: newcomer.email })).toContainText('Deactivated');

  // Their token has not expired, but their next API call (changing the language saves it) gets 401.
  await leaver.page.getByTestId('language-select').selectOption('en');
  await expect(leaver.page).toHaveURL(/\/login/);
  // The language change was refused with the 401, so the sign-in screen may still be in German.
  await leaver.page.getByLabel(/^E-mail$/i).fill(newcomer.email);
  await leaver.page.getByLabel(/^(Password|Passwort)$/).fill(newcomer.password);
  await leaver.page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await expect(leaver.page.getByRole('alert')).toBeVisible();
  await expect(leaver.page).toHaveURL(/\/login/);
  await leaver.context.close();

  // Reactivated, they can sign in again.
  await page.getByRole('button', { name: `More actions for ${newcomer.displayName}` }).click();
  await page.getByRole('menuitem', { name: `Reactivate ${newcomer.displayName}` }).click();
  await expect(page.getByTestId('user-row').filter({ hasText: newcomer.email })).toContainText('Active');
  const again = await openSecondBrowser(browser);
  await signInNewcomer(again.page);
  await again.context.close();
});

test('members never see the new-contract notice, not even while a contract is pending', async ({ page }) => {
  const contractChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/messages/contract') contractChecks.push(request.url());
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/messages/current');
  await signIn(page, demoUsers.basic);
  await answered;
  await expect(page.getByTestId('new-contract-notice')).toHaveCount(0);
  expect(contractChecks).toEqual([]);
});

test('the new-contract notice leads to the contract center and disappears after accepting', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  const notice = page.getByTestId('new-contract-notice');
  await expect(notice).toContainText('RC-2025-0342');
  await page.screenshot({ path: test.info().outputPath('contract-notice.png') });
  await notice.getByRole('link', { name: 'Open the contract center' }).click();
  await expect(page).toHaveURL(/\/management\/administrator\/contractcenter$/);
  const pending = page.getByTestId('pending-contract');
  await expect(pending).toContainText('RC-2025-0342');
  await expect(page.getByTestId('current-contract')).toContainText('RC-2024-0117');
  await page.screenshot({ path: test.info().outputPath('contract-center.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await pending.getByRole('button', { name: 'Accept contract' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept contract RC-2025-0342?' });
  await confirm.getByRole('button', { name: 'Accept contract' }).click();
  await expect(confirm).toBeHidden();
  await expect(notice).toBeHidden();
  await expect(pending).toBeHidden();
  await expect(page.getByTestId('current-contract')).toContainText('RC-2025-0342');
  await expect(page.getByTestId('current-contract')).toContainText('Anna Admin');
  await page.screenshot({ path: test.info().outputPath('contract-accepted.png'), fullPage: true });

  // It stays ended after a reload.
  await page.goto('/');
  await expect(page.getByTestId('menu-panel')).toBeVisible();
  await expect(page.getByTestId('new-contract-notice')).toBeHidden();
});

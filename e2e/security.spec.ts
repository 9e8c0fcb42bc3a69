import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoUsers, expect, settle, signInThroughForm, test } from './fixtures';

// Security hardening journeys: app integrity on the login screen, no Content-Security-Policy violations on the
// main screens, the sessions list on the settings page, stored markup shown as plain text.

/** Collects CSP violations: the browser's `securitypolicyviolation` events and its console reports. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) violations.push(`console: ${text}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

async function expectNoSeriousA11yViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('app integrity', () => {
  test('signing in sends the integrity token the worker obtained', async ({ page }) => {
    const signInRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/sign-in/email'));
    await signInThroughForm(page, demoUsers.member);
    expect((await signInRequest).headers()['x-integrity-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test('the login screen explains a sign-in refused for integrity and lets the user check again', async ({
    page,
  }) => {
    let refuse = true;
    await page.route('**/api/auth/sign-in/email', async (route) => {
      if (!refuse) return route.continue();
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'INTEGRITY_REQUIRED', message: 'This app could not be verified.' },
        }),
      });
    });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(demoUsers.member.email);
    await page.getByLabel('Password', { exact: true }).fill(demoUsers.member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const notice = page.getByTestId('integrity-notice');
    await expect(notice).toContainText('This app could not be verified');
    await expect(notice).toContainText('Your sign-in was refused');
    await expect(notice).toContainText('The check has succeeded');
    await page.screenshot({ path: test.info().outputPath('login-integrity-refused.png') });
    await expectNoSeriousA11yViolations(page, 'main');

    refuse = false;
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('menu-panel')).toBeVisible();
  });

  test('the login screen says so when the integrity check cannot be done', async ({ page }) => {
    test.setTimeout(90_000);
    await page.route('**/api/integrity/challenge**', (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    // Four attempts over about 20 s, then the notice.
    await expect(page.getByTestId('integrity-notice')).toContainText('did not finish', { timeout: 60_000 });
    await page.screenshot({ path: test.info().outputPath('login-integrity-failed.png') });
    await page.unroute('**/api/integrity/challenge**');
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByTestId('integrity-notice')).toHaveCount(0);
    await page.getByLabel('E-mail').fill(demoUsers.basic.email);
    await page.getByLabel('Password', { exact: true }).fill(demoUsers.basic.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('menu-panel')).toBeVisible();
  });
});

test.describe('content security policy', () => {
  test('the main screens load without a single CSP violation', async ({ page }) => {
    test.setTimeout(180_000); // nine screens on a slow shared machine
    const violations = await watchCsp(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await signInThroughForm(page, demoUsers.admin);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByTestId('notifications-panel')).toBeVisible();
    for (const path of [
      '/reports/totalviewlayout',
      '/dashboards',
      '/settings',
      '/management/users',
      '/management/notifications',
      '/management/banners',
      '/management/administrator/contractcenter',
      '/no/such/page',
    ]) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await settle(page);
    }
    await page.goto('/api/docs/');
    await expect(page.locator('#swagger-ui .info')).toBeVisible();
    await settle(page);
    expect(violations).toEqual([]);
  });
});

test.describe('sessions on the settings page', () => {
  test('lists this and another browser, and ending the other signs it out', async ({ page, browser }) => {
    const other = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const phone = await other.newPage();
    await signInThroughForm(phone, demoUsers.basic);

    await signInThroughForm(page, demoUsers.basic);
    await page.goto('/settings');
    const list = page.getByTestId('sessions-list');
    await expect(list.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
    const current = list.getByTestId('session-row').filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    // Playwright's desktop Chrome calls itself Chrome on Windows.
    await expect(current).toContainText('Chrome on Windows');
    const phoneRow = list.getByTestId('session-row').filter({ hasText: 'Safari on iOS' }).first();
    await expect(phoneRow).toBeVisible();
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('settings-sessions.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page, '[data-testid="sessions-list"]');

    await phoneRow.getByRole('button', { name: 'End the session of Safari on iOS' }).click();
    await expect(page.getByText('Session ended')).toBeVisible();

    // The phone's next call is refused and it lands on the login screen.
    await phone.reload();
    await expect(phone).toHaveURL(/\/login/);
    await other.close();
  });
});

test.describe('stored markup', () => {
  test('a display name full of markup is shown as text and never runs', async ({ page }) => {
    const hostile = '<img src=x onerror=window.__xss=1>';
    await signInThroughForm(page, demoUsers.member);
    await page.goto('/settings');
    const name = page.getByLabel('Display name');
    await name.fill(hostile);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.goto('/');
    await expect(page.getByTestId('menu-panel').getByText(hostile)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    // Put the demo name back for the other journeys.
    await page.goto('/settings');
    await page.getByLabel('Display name').fill(demoUsers.member.displayName);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByLabel('Display name')).toHaveValue(demoUsers.member.displayName);
  });
});

test.describe('changes the server did not confirm', () => {
  test('a pin and a read mark that fail are rolled back visibly', async ({ page }) => {
    await signInThroughForm(page, demoUsers.basic);
    const unavailable = {
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' },
      }),
    };
    await page.route('**/api/navigation/pins**', (route) => route.fulfill(unavailable));
    await page.route('**/api/notifications/*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(unavailable) : route.continue(),
    );

    const menu = page.getByTestId('menu-panel');
    await menu.getByRole('button', { name: 'Sales' }).click();
    const pin = menu.getByRole('button', { name: 'Pin Total View to favorites' });
    await pin.click();
    await expect(page.getByText('Could not pin')).toBeVisible();
    await expect(pin).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByTestId('notifications-panel');
    await expect(panel.getByTestId('notification-card').first()).toBeVisible();
    const unread = panel.getByTestId('notification-card').filter({ has: page.getByTestId('unread-dot') });
    const before = await unread.count();
    expect(before).toBeGreaterThan(0);
    let refusals = 0;
    page.on('response', (response) => {
      const request = response.request();
      if (
        request.method() === 'PATCH' &&
        response.status() === 503 &&
        request.postData()?.includes('wasRead')
      )
        refusals += 1;
    });
    await unread.first().click();
    await page.keyboard.press('Escape');
    // The read mark's PATCH is not tried again (docs/product.md §7 retries idempotent calls only): one refusal.
    await expect.poll(() => refusals).toBe(1);
    // Not confirmed by the server: still unread once the refusal is back.
    await expect(unread).toHaveCount(before);
  });
});

import type { Page } from '@playwright/test';
import { apiRoutes } from '@cockpit/contracts';
import { demoUsers, expect, signInThroughForm, test } from './fixtures';
import {
  bearerOf,
  expectNoSeriousA11yViolations,
  restoreSettings,
  englishDefaults,
  signInWithLanguage,
  texts,
} from './shell-support';

// Journeys that need other server settings: the idle timeout (docs/product.md §D.3) and analytics with
// a measurement id. They run against the second server of playwright.config.ts (port + 50) started with
// IDLE_TIMEOUT_SECONDS=4, IDLE_COUNTDOWN_SECONDS=12 (long enough for an accessibility scan on a slow
// machine) and GA_MEASUREMENT_ID=G-E2ETEST1.

const shellConfigBaseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 50}`;
test.use({ baseURL: shellConfigBaseUrl });

/**
 * The server ends a session after idle time plus countdown without an API call (decision 009); mouse
 * input alone is not an API call. With this server's 16 s, the journey makes a call after each step so
 * that the clean-up at its end still has a session.
 */
async function keepSessionAlive(page: Page): Promise<void> {
  const response = await page.request.get(apiRoutes.getUserSettings.path, { headers: await bearerOf(page) });
  expect(response.ok(), 'keeping the session alive').toBe(true);
}

const idleSeconds = 4;
const countdownSeconds = 12;
// Generous: the machine running the journeys may be slow (the values are seconds of the server config).
const dialogTimeout = (idleSeconds + 10) * 1000;
const signOutTimeout = (idleSeconds + countdownSeconds + 15) * 1000;

for (const language of ['en', 'de-DE'] as const) {
  test(`idle (${language}): the countdown dialog appears after the idle time and any input cancels it`, async ({
    page,
  }) => {
    const t = await signInWithLanguage(page, demoUsers.member, language);
    try {
      const dialog = page.getByRole('dialog', { name: t.stillThere });
      await expect(dialog).toBeVisible({ timeout: dialogTimeout });
      await keepSessionAlive(page);
      const seconds = Number(await page.getByTestId('idle-countdown').textContent());
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(countdownSeconds);
      await expect(dialog.getByRole('button', { name: t.stay })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`idle-${language}.png`) });

      // Any input cancels it: here a mouse movement.
      await page.mouse.move(400, 300);
      await page.mouse.move(420, 320);
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/\/login/);
      await keepSessionAlive(page);

      // And the button does too, when it comes back.
      await expect(dialog).toBeVisible({ timeout: dialogTimeout });
      await dialog.getByRole('button', { name: t.stay }).press('Enter');
      await expect(dialog).toBeHidden();
    } finally {
      await page.mouse.move(10, 10);
      if (language !== 'en') {
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
      }
    }
  });
}

test('idle: without input the countdown ends in a sign-out', async ({ page }) => {
  await signInThroughForm(page, demoUsers.basic);
  await expect(page.getByRole('dialog', { name: texts.en.stillThere })).toBeVisible({
    timeout: dialogTimeout,
  });
  await expect(page).toHaveURL(/\/login$/, { timeout: signOutTimeout });
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  // The session is over on the server too.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('idle: never on /login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // Longer than idle time plus countdown, in the page's time: nothing appears, nothing happens.
  await page.clock.runFor((idleSeconds + countdownSeconds + 2) * 1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('idle: input in one tab keeps the other tabs signed in', async ({ page, context }) => {
  // One clock for both tabs (it is the context's): the steps below run the tabs' timers, not wait for them.
  await page.clock.install();
  await signInThroughForm(page, demoUsers.admin);
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByTestId('menu-panel')).toBeVisible();
  const otherDialog = other.getByRole('dialog');

  // Work in the first tab for longer than idle time plus countdown; the second tab stays untouched.
  const stepMs = 700;
  const steps = Math.ceil(((idleSeconds + countdownSeconds + 4) * 1000) / stepMs);
  for (let step = 1; step <= steps; step += 1) {
    await page.mouse.move(200 + (step % 2) * 40, 300);
    await expect(otherDialog).toHaveCount(0);
    await page.clock.runFor(stepMs);
  }
  await expect(otherDialog).toHaveCount(0);
  await expect(other).not.toHaveURL(/\/login/);
  await expect(other.getByTestId('menu-panel')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  await other.close();
});

test('analytics with a measurement id: the tag loads and opening totalviewlayout sends report_open', async ({
  page,
  context,
}) => {
  const tagRequests: string[] = [];
  await context.route('https://www.googletagmanager.com/**', async (route) => {
    tagRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* gtag stub */' });
  });
  await signInThroughForm(page, demoUsers.member);
  await page.goto('/reports/totalviewlayout');
  await expect(page.getByTestId('menu-panel')).toBeVisible();

  const reportEvents = async () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((entry) => entry[0] === 'event'),
    );
  await expect.poll(reportEvents).toEqual([['event', 'report_open', { report_name: 'totalviewlayout' }]]);
  // Once per page load (the sign-in page load and this one), always the configured id.
  expect([...new Set(tagRequests)]).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1']);

  // Another report is not tracked; pmxlayout is (each load starts a new dataLayer).
  await page.goto('/reports/sales-by-region');
  await expect(page.getByTestId('menu-panel')).toBeVisible();
  await expect.poll(() => page.evaluate(() => 'gtag' in window)).toBe(true);
  expect(await reportEvents()).toEqual([]);
  await page.goto('/reports/pmxlayout');
  await expect.poll(reportEvents).toEqual([['event', 'report_open', { report_name: 'pmxlayout' }]]);
});

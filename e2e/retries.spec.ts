import type { Page } from '@playwright/test';
import { demoUsers, expect, signIn, test } from './fixtures';

// docs/product.md §7 "a failed call is retried once" — once in total, by the API client only, for calls that can
// safely be sent twice: a GET answered 503 reaches the server twice, a POST once (a password change or
// a notification batch must not happen twice).

const unavailable = {
  status: 503,
  contentType: 'application/json',
  headers: { 'retry-after': '1' },
  body: JSON.stringify({
    error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' },
  }),
};

/**
 * Runs the page's timers for two seconds of its time (the clock is installed): a retry still to come
 * (the client's waits 300 ms) is sent now, without waiting for it. Then one call to the server: by the
 * time it is answered, the routes have seen any call sent before it.
 */
async function runTimersPastRetries(page: Page): Promise<void> {
  await page.clock.runFor(2_000);
  await page.evaluate(async () => {
    await fetch('/api/health');
  });
}

test('a GET answered 503 is sent twice in all', async ({ page }) => {
  await page.clock.install();
  await signIn(page, demoUsers.member);
  let requests = 0;
  await page.route('**/api/reports/totalviewlayout*', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    requests += 1;
    await route.fulfill(unavailable);
  });
  await page.goto('/reports/totalviewlayout');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect.poll(() => requests).toBe(2);
  await runTimersPastRetries(page);
  expect(requests).toBe(2);
});

test('a POST answered 503 is sent once', async ({ page }) => {
  await page.clock.install();
  await signIn(page, demoUsers.member);
  let requests = 0;
  await page.route('**/api/user/password*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    requests += 1;
    await route.fulfill(unavailable);
  });
  await page.goto('/settings');
  await page.getByLabel('Current password').fill(demoUsers.member.password);
  await page.getByLabel('New password', { exact: true }).fill('Another-member-password-1');
  await page.getByLabel('Repeat the new password').fill('Another-member-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password could not be changed. Please try again later.')).toBeVisible();
  await expect.poll(() => requests).toBe(1);
  await runTimersPastRetries(page);
  expect(requests).toBe(1);
});

import type { BrowserContext } from '@playwright/test';

// The browser benchmarks measure pages as the demo member sees them: signed in through the login screen,
// so the context keeps the session cookie as a real browser would.

/** The demo member (apps/server/src/seed). */
export const benchMember = { email: 'member@example.com', password: 'Cockpit-member-1' };

/** Signs the demo member in through the login screen of `base`, in a page of its own that is closed after. */
export async function signInMember(context: BrowserContext, base: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(benchMember.email);
  await page.getByLabel('Password', { exact: true }).fill(benchMember.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/reports/, { timeout: 60_000 });
  await page.close();
}

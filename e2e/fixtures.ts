import { test as base, expect, type Page } from '@playwright/test';
import { demoUsers } from './demo-users';

/** Sign in through the login screen, as a person would, and wait for the signed-in shell. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('menu-panel')).toBeVisible();
}

type Fixtures = { consoleErrors: string[] };

/** Every test also fails on console errors the page did not expect. */
export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect, demoUsers };

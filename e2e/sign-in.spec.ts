import { test, expect, signInThroughForm, demoUsers } from './fixtures';

// Sign-in journeys: sign in as each demo user and see the real menu; wrong password; unknown path;
// reload keeps the session; sign-out returns to /login.
test.describe('sign-in', () => {
  for (const [role, user] of Object.entries(demoUsers)) {
    test(`${role} signs in and sees the menu from the server`, async ({ page }) => {
      await signInThroughForm(page, user);
      // The reports home (`/` redirects to it).
      await expect(page).toHaveURL(/\/reports$/);
      const panel = page.getByTestId('menu-panel');
      await expect(panel.getByText(user.displayName)).toBeVisible();
      if (role !== 'otherAdmin') {
        await expect(panel.locator('a[href="/reports/totalviewlayout"]')).toHaveCount(1);
        await expect(panel.locator('a[href="/reports/pmxlayout"]')).toHaveCount(1);
      }
    });
  }

  test('a wrong password shows a clear error and stays on the login screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(/Login/);
    await page.getByLabel('E-mail').fill(demoUsers.member.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('The e-mail or password is not correct.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out visitor is sent to the login screen', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('reload keeps the session', async ({ page }) => {
    await signInThroughForm(page, demoUsers.member);
    await page.reload();
    await expect(page.getByTestId('menu-panel')).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('log-out returns to /login and ends the session', async ({ page }) => {
    await signInThroughForm(page, demoUsers.member);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('page not found', () => {
  test('an unknown path shows the not-found texts and a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops, page not found')).toBeVisible();
    await expect(
      page.getByText(
        "Sorry, the page you are looking for doesn't exist or has been moved. Please return to home or contact support if you keep seeing this error.",
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'return to home' }).click();
    // Home is the reports area; signed out, its guard sends the visitor on to the login screen.
    await expect(page).toHaveURL(/\/login/);
  });
});

import { test, expect, signIn, demoUsers } from './fixtures';

// docs/product.md §2 routes and §6: the guards are real even while the areas behind them are still being built.
test('a basic user cannot open dashboards and is sent to the root, which is the reports home', async ({
  page,
}) => {
  await signIn(page, demoUsers.basic);
  await page.goto('/dashboards');
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('button', { name: 'Dashboards' })).toHaveCount(0);
});

test('a pro user opens dashboards', async ({ page }) => {
  await signIn(page, demoUsers.member);
  await page.goto('/dashboards');
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(page.getByRole('heading', { name: 'Dashboards' })).toBeVisible();
});

test('a member typing /management sees page-not-found and never downloads the management code', async ({
  page,
}) => {
  const managementChunks: string[] = [];
  page.on('request', (request) => {
    if (/management/i.test(new URL(request.url()).pathname) && request.resourceType() === 'script') {
      managementChunks.push(request.url());
    }
  });
  await signIn(page, demoUsers.member);
  await page.goto('/management');
  await expect(page.getByText('Oops, page not found')).toBeVisible();
  expect(managementChunks).toEqual([]);
});

test('the organisation administrator reaches management', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  await page.goto('/management');
  await expect(page.getByRole('heading', { name: 'Management' })).toBeVisible();
});

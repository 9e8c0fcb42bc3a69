import { test as base, expect, type Cookie, type Page, type Request } from '@playwright/test';
import { demoUsers } from './demo-users';

/**
 * Sign in through the login screen, as a person would (proof of work, password check), and wait for the
 * signed-in shell. The journeys of signing in itself use this every time; others use `signIn`.
 */
export async function signInThroughForm(
  page: Page,
  user: { email: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('menu-panel')).toBeVisible();
}

/** Session cookies this worker's journeys signed in with, per server and user (decision 040). */
const sessions = new Map<string, Cookie[]>();
/** The server of the running test (set by the `consoleErrors` fixture, which every test has). */
let currentBaseUrl = '';

/**
 * Signed in as `user` with the shell shown. The first time per worker, server and user through the login
 * screen; after that with the session cookie of that sign-in, as a returning browser would — unless a
 * journey has ended that session (sign-out, revocation, idle time), which sends the page to the login
 * screen: then through the form again.
 */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  const key = `${currentBaseUrl} ${user.email}`;
  const cookies = sessions.get(key);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto('/');
    const shell = page.getByTestId('menu-panel');
    await expect(shell.or(page.getByRole('textbox', { name: /^E-?mail/i }))).toBeVisible();
    if (await shell.isVisible()) return;
    sessions.delete(key);
  }
  await signInThroughForm(page, user);
  sessions.set(
    key,
    (await page.context().cookies()).filter((cookie) => cookie.name.endsWith('session_token')),
  );
}

const openRequests = new WeakMap<Page, Set<Request>>();

/**
 * Counts the page's requests in flight from now on. The notification stream stays open for as long as the
 * shell is shown, so it is left out — that is also why 'networkidle' never comes.
 */
export function trackRequests(page: Page): void {
  if (openRequests.has(page)) return;
  const open = new Set<Request>();
  openRequests.set(page, open);
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.endsWith('/notifications/stream')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Waits until the screen has finished loading: the document loaded, no request in flight (lazy scripts, API
 * calls; see trackRequests), nothing marked busy, and two frames painted after that.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const open = openRequests.get(page);
  if (open) await expect.poll(() => open.size, { message: 'requests still in flight' }).toBe(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

type Fixtures = { consoleErrors: string[] };

const defaultPort = Number(process.env.E2E_PORT ?? 3100);

/**
 * Every test also fails on console errors the page did not expect; and runs against its worker's own server
 * (playwright.config.ts: worker n on port + n), unless its file names another server.
 */
export const test = base.extend<Fixtures>({
  baseURL: async ({ baseURL }, use, testInfo) => {
    const url = new URL(baseURL ?? `http://localhost:${defaultPort}`);
    if (Number(url.port) === defaultPort) url.port = String(defaultPort + testInfo.parallelIndex);
    await use(url.origin);
  },
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      currentBaseUrl = baseURL ?? '';
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      trackRequests(page);
      await use(errors);
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect, demoUsers };

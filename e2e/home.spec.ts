import type { Browser, Page } from '@playwright/test';
import { apiRoutes } from '@cockpit/contracts';
import { demoUsers, expect, settle, signIn, test, trackRequests } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
  texts,
  unpin,
  type ShellLanguage,
} from './shell-support';

// The reports area's home and getting around (docs/product.md §D.3 routes; docs/product.md §2 Main layout on narrow
// screens): recents that follow the user to another browser, favourites and featured sections, the
// administrator's Management button, the overlaying side panel below 1024 px, no horizontal page scroll
// and touch targets ≥ 44 px at 390 × 844 — in English and German, axe-core clean.

const sizes = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
} as const;

const homeTexts = {
  en: {
    recents: 'Continue where you left off',
    favorites: 'Favorites',
    featured: 'Featured by your organisation',
    notifications: 'Latest notifications',
    reports: ['Total View', 'Sales Trend', 'Portfolio Matrix (PMX)'],
    management: 'Management',
    justNow: /^(now|\d+ minutes? ago)$/,
  },
  'de-DE': {
    recents: 'Weitermachen, wo Sie aufgehört haben',
    favorites: 'Favoriten',
    featured: 'Empfohlen von Ihrer Organisation',
    notifications: 'Neueste Benachrichtigungen',
    reports: ['Gesamtübersicht', 'Umsatzentwicklung', 'Portfolio-Matrix (PMX)'],
    management: 'Verwaltung',
    justNow: /^(jetzt|vor \d+ Minuten?)$/,
  },
} as const;

const reportNames = ['totalviewlayout', 'sales-trend', 'pmxlayout'];

/** A tile's link text starts with the title (the sub-title follows). */
const startingWith = (titles: readonly string[]) =>
  titles.map((title) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

/** Forgets the user's recent items (the journeys share the server's database with other specs). */
async function clearRecents(page: Page): Promise<void> {
  const response = await page.request.delete(apiRoutes.listRecents.path, { headers: await bearerOf(page) });
  expect(response.status()).toBe(204);
}

/** Whether the page scrolls sideways (its content wider than the window). */
async function scrollsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Visible controls smaller than 44 × 44 px (WCAG 2.5.5), except links inside running text. */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="combobox"]',
    );
    const small: string[] = [];
    for (const control of Array.from(controls)) {
      if (control.closest('[inert], [aria-hidden="true"]')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A link in a sentence is exempt (WCAG 2.5.5 "inline").
      if (control.tagName === 'A' && control.closest('p') && style.display === 'inline') continue;
      // A checkbox or radio counts with its label around it.
      const target = control.matches('input[type="checkbox"], input[type="radio"]')
        ? (control.closest('label') ?? control.parentElement ?? control).getBoundingClientRect()
        : box;
      if (target.width < 43.5 || target.height < 43.5) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30) ?? '';
        small.push(
          `${control.tagName.toLowerCase()} "${name}" ${Math.round(target.width)}×${Math.round(target.height)}`,
        );
      }
    }
    return small;
  });
}

async function newSignedInPage(
  browser: Browser,
  user: { email: string; password: string },
  size: { width: number; height: number } = sizes.desktop,
) {
  // The sign-in fixture waits for the side panel, which a phone starts with collapsed: sign in wide, then
  // load the page again at the size wanted (the panel's start state follows the width at load).
  const context = await browser.newContext({ viewport: sizes.desktop });
  const page = await context.newPage();
  trackRequests(page);
  await signIn(page, user);
  if (size.width !== sizes.desktop.width || size.height !== sizes.desktop.height) {
    await page.setViewportSize(size);
    await page.reload();
  }
  return { context, page };
}

for (const language of ['en', 'de-DE'] as const satisfies readonly ShellLanguage[]) {
  const h = homeTexts[language];

  test.describe(`reports home (${language})`, () => {
    // Several sign-ins, report pages and axe runs each: more than the default minute on a slow machine.
    test.describe.configure({ timeout: 180_000 });

    test('recents appear newest first after opening three reports, and follow the user to a new browser', async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: sizes.desktop });
      const first = { context, page: await context.newPage() };
      const { page } = first;
      await signInWithLanguage(page, demoUsers.member, language);
      await clearRecents(page);
      try {
        for (const [index, name] of reportNames.entries()) {
          await page.goto(`/reports/${name}`);
          await expect(page.getByRole('heading', { level: 1, name: h.reports[index] })).toBeVisible();
        }
        // The side menu's home link: the reports home (docs/product.md §2: the root redirects to it).
        await page.goto('/');
        await expect(page).toHaveURL(/\/reports$/);
        const recents = page.getByRole('list', { name: h.recents });
        await expect(recents.getByRole('link')).toHaveText(startingWith([...h.reports].reverse()));
        await expect(recents.locator('time').first()).toHaveText(h.justNow);
        await expectNoSeriousA11yViolations(page);

        // Signed out, then signed in again in another browser (a new context): the same list.
        await page.getByRole('button', { name: texts[language].logout }).click();
        await expect(page).toHaveURL(/\/login/);
        const second = await newSignedInPage(browser, demoUsers.member);
        try {
          await second.page.goto('/reports');
          const again = second.page.getByRole('list', { name: h.recents });
          await expect(again.getByRole('link')).toHaveText(startingWith([...h.reports].reverse()));
          // Opening one again moves it to the front.
          await again.getByRole('link', { name: startingWith([h.reports[0]])[0] }).click();
          await expect(second.page.getByRole('heading', { level: 1, name: h.reports[0] })).toBeVisible();
          await second.page.goBack();
          await expect(
            second.page.getByRole('list', { name: h.recents }).getByRole('link').first(),
          ).toHaveText(startingWith([h.reports[0]])[0]!);
        } finally {
          await clearRecents(second.page);
          if (language !== 'en') {
            await restoreSettings(second.page, {
              ...englishDefaults,
              displayName: demoUsers.member.displayName,
            });
          }
          await second.context.close();
        }
      } finally {
        // Left as found even when a step above failed (the journeys share the server's database).
        if (!page.url().includes('/login')) {
          await clearRecents(page);
          if (language !== 'en') {
            await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
          }
        }
        await first.context.close();
      }
    });

    test('favourites and featured sections; unpinning a favourite removes its tile', async ({ page }) => {
      await page.setViewportSize(sizes.desktop);
      await signInWithLanguage(page, demoUsers.member, language);
      const pin = await page.request.put(apiRoutes.updatePin.path, {
        headers: await bearerOf(page),
        data: { kind: 'report', name: 'sales-trend', isPinned: true },
      });
      expect(pin.ok()).toBe(true);
      try {
        await page.goto('/reports');
        const favorites = page.getByRole('list', { name: h.favorites, exact: true });
        await expect(favorites.getByRole('link', { name: startingWith([h.reports[1]])[0] })).toHaveAttribute(
          'href',
          '/reports/sales-trend',
        );
        await expect(page.getByRole('heading', { level: 2, name: h.featured })).toBeVisible();
        await expect(page.getByTestId('home-section-featured')).toHaveAttribute(
          'data-status',
          /^(success|empty)$/,
        );
        await expect(page.getByRole('heading', { level: 2, name: h.notifications })).toBeVisible();
        await expectNoSeriousA11yViolations(page);

        await favorites.getByRole('button', { name: new RegExp(h.reports[1]) }).click();
        await expect(page.getByTestId('home-section-favorites')).toHaveAttribute('data-status', 'empty');
      } finally {
        await unpin(page, 'report', 'sales-trend');
        if (language !== 'en') {
          await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
        }
      }
    });

    test("the administrator's Management button: tooltip, keyboard, active marker; a member has none", async ({
      browser,
    }) => {
      const adminContext = await browser.newContext({ viewport: sizes.desktop });
      const admin = { context: adminContext, page: await adminContext.newPage() };
      try {
        await signInWithLanguage(admin.page, demoUsers.admin, language);
        const button = admin.page.getByRole('link', { name: h.management, exact: true });
        await expect(button).toBeVisible();
        await button.hover();
        await expect(admin.page.locator('[data-tooltip]').filter({ hasText: h.management })).toBeVisible();
        await button.focus();
        await admin.page.keyboard.press('Enter');
        await expect(admin.page).toHaveURL(/\/management\/users$/);
        await expect(button).toHaveAttribute('aria-current', 'page');
        await expectNoSeriousA11yViolations(admin.page);
        if (language !== 'en') {
          await restoreSettings(admin.page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
        }
      } finally {
        await admin.context.close();
      }

      const member = await newSignedInPage(browser, demoUsers.member);
      try {
        await expect(member.page.getByRole('link', { name: texts.en.settings })).toBeVisible();
        await expect(
          member.page.getByRole('link', { name: homeTexts.en.management, exact: true }),
        ).toHaveCount(0);
      } finally {
        await member.context.close();
      }
    });
  });
}

test.describe('narrow screens', () => {
  test.describe.configure({ timeout: 180_000 });

  test('768 × 1024: the side panel lies over the page; Escape, the backdrop or a chosen item close it', async ({
    page,
  }) => {
    await signIn(page, demoUsers.member);
    await page.setViewportSize(sizes.tablet);
    await page.reload();
    const panel = page.locator('#side-panel');
    await expect(panel).toBeVisible();
    // The page keeps its width: only the 76 px menu beside it.
    await expect(page.locator('#main-content')).toHaveCSS('margin-left', '76px');
    const backdrop = page.getByTestId('side-panel-backdrop');
    await expect(backdrop).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(backdrop).toBeHidden();

    await page.getByRole('button', { name: texts.en.menu, exact: true }).click();
    await expect(panel).toBeVisible();
    await backdrop.click({ position: { x: 300, y: 300 } });
    await expect(panel).toBeHidden();

    await page.getByRole('button', { name: texts.en.menu, exact: true }).click();
    await panel.getByRole('button', { name: texts.en.salesGroup }).click();
    const item = panel.getByRole('link', { name: /Sales Trend/ });
    if (!(await item.isVisible())) await panel.getByRole('button', { name: texts.en.salesGroup }).click();
    await item.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales Trend' })).toBeVisible();
    await expect(panel).toBeHidden();
    await clearRecents(page);
  });

  test('390 × 844: the panel starts collapsed; every screen fits the width; touch targets ≥ 44 px', async ({
    browser,
  }) => {
    const { context, page } = await newSignedInPage(browser, demoUsers.admin, sizes.phone);
    try {
      await expect(page.locator('#side-panel')).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      const screens: { path: string; ready: () => Promise<void> }[] = [
        {
          path: '/reports',
          ready: () => expect(page.getByRole('heading', { name: homeTexts.en.recents })).toBeVisible(),
        },
        {
          path: '/reports/totalviewlayout',
          ready: () => expect(page.getByRole('heading', { level: 1, name: 'Total View' })).toBeVisible(),
        },
        {
          path: '/dashboards/101',
          ready: () =>
            expect(page.getByRole('heading', { level: 1, name: 'Executive Overview' })).toBeVisible(),
        },
        {
          path: '/settings',
          ready: () => expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(),
        },
        {
          path: '/management/users',
          ready: () => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
        },
        { path: '/no/such/page', ready: () => expect(page.getByText('Oops, page not found')).toBeVisible() },
      ];
      const problems: string[] = [];
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.ready();
        await settle(page);
        if (await scrollsHorizontally(page)) problems.push(`${screen.path}: scrolls sideways`);
        for (const small of await smallTouchTargets(page)) problems.push(`${screen.path}: ${small}`);
      }
      expect(problems).toEqual([]);
      await clearRecents(page);
    } finally {
      await context.close();
    }
  });

  test('screenshots of the home at 1440 × 900, 768 × 1024 and 390 × 844', async ({ browser }, testInfo) => {
    for (const [name, size] of Object.entries(sizes)) {
      const { context, page } = await newSignedInPage(browser, demoUsers.member, size);
      try {
        for (const report of reportNames) {
          await page.goto(`/reports/${report}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }
        await page.goto('/reports');
        await expect(page.getByRole('list', { name: homeTexts.en.recents }).getByRole('link')).toHaveCount(3);
        await settle(page);
        await page.screenshot({ path: testInfo.outputPath(`home-${name}.png`), fullPage: true });
        await clearRecents(page);
      } finally {
        await context.close();
      }
    }
  });
});

test('visiting /login signed out logs no console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiRoutes, pathOf, type ManagedUsersResponse } from '@cockpit/contracts';
import { test, expect, demoUsers, signIn } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  languageLabels,
  restoreSettings,
  texts,
} from './shell-support';

// What an organisation administrator uses every day, at 1440 × 900 and 390 × 844, in English and German:
// management tables that fit (e-mail addresses on one line, secondary actions behind "⋯", no word broken
// in the middle), the 76 px side menu on the desktop (docs/product.md §2) and a labelled bottom bar on a phone,
// stacked cards for management lists, no keyboard hints on touch screens and the period as one select.

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

const screenTexts = {
  en: {
    more: (name: string) => `More actions for ${name}`,
    deactivate: (name: string) => `Deactivate ${name}`,
    barMore: 'More',
    settings: 'Settings',
    navigation: 'Main navigation',
  },
  'de-DE': {
    more: (name: string) => `Weitere Aktionen für ${name}`,
    deactivate: (name: string) => `${name} deaktivieren`,
    barMore: 'Mehr',
    settings: 'Einstellungen',
    navigation: 'Hauptnavigation',
  },
} as const;
type Language = keyof typeof screenTexts;

/** Words of the text below `selector` that the browser laid out on more than one line. */
async function wordsBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const broken: string[] = [];
    for (const root of Array.from(document.querySelectorAll(rootSelector))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0 && rect.height > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}

/**
 * Two entries in Management → Activity on a fresh database: the member gets an attribute and loses it
 * again through the management API (set-up only; the journey looks at the list).
 */
async function recordActivity(page: Page): Promise<void> {
  const headers = await bearerOf(page);
  const list = await page.request.get(
    `${apiRoutes.listUsers.path}?search=${encodeURIComponent(demoUsers.member.email)}`,
    {
      headers,
    },
  );
  expect(list.ok()).toBe(true);
  const member = ((await list.json()) as ManagedUsersResponse).items.find(
    (user) => user.email === demoUsers.member.email,
  );
  expect(member).toBeTruthy();
  for (const attributes of [{ team: ['Administrator screens'] }, {}]) {
    const response = await page.request.patch(pathOf(apiRoutes.updateUser, { id: member!.id }), {
      headers,
      data: { attributes },
    });
    expect(response.ok(), `changing the member's attributes: ${response.status()}`).toBe(true);
  }
}

/** Whether the page is wider than the screen (it would scroll sideways). */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** Signs the administrator in at 1440 px in `language` (the header's dropdown saves it). */
async function signInAdmin(
  browser: Browser,
  language: Language,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await signIn(page, demoUsers.admin);
  if (language !== 'en') {
    await page.getByRole('combobox', { name: texts.en.language }).selectOption(languageLabels[language]);
    await expect(page.getByRole('button', { name: texts[language].favorites, exact: true })).toBeVisible();
  }
  return { context, page };
}

for (const language of ['en', 'de-DE'] as const) {
  const s = screenTexts[language];

  test.describe(`administrator screens (${language})`, () => {
    // Several screens with axe each: more than the default minute on a slow, shared machine.
    test.describe.configure({ timeout: 420_000 });

    test('1440 × 900: the 76 px side menu, management tables that fit, "⋯" by keyboard', async ({
      browser,
    }, testInfo) => {
      const { context, page } = await signInAdmin(browser, language);
      try {
        // docs/product.md §2: the fixed side menu is 76 px wide on the desktop; no bottom-bar "More" there.
        const rail = page.getByRole('navigation', { name: s.navigation });
        expect((await rail.boundingBox())?.width).toBe(76);
        await expect(page.getByTestId('side-menu-more')).toBeHidden();

        // Management gets the width: the side panel closes while it is open.
        await page.goto('/management/users');
        const rows = page.getByTestId('user-row');
        await expect(rows.first()).toBeVisible({ timeout: 60_000 });
        await expect(page.locator('#side-panel')).toBeHidden();

        // The member's e-mail address stays on one line; the whole address shows on keyboard focus.
        const memberRow = rows.filter({ hasText: demoUsers.member.email });
        const email = memberRow.getByText(demoUsers.member.email, { exact: true });
        const box = await email.boundingBox();
        expect(box?.height ?? 0).toBeLessThan(30);
        await email.focus();
        await expect(page.getByRole('tooltip')).toHaveText(demoUsers.member.email);

        // The row's secondary actions: "⋯" opens with Enter, the arrows move, Escape closes and the
        // focus is back on the button.
        const more = memberRow.getByRole('button', { name: s.more(demoUsers.member.displayName) });
        await more.focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('menu');
        await expect(menu).toBeVisible();
        await expect(
          menu.getByRole('menuitem', { name: s.deactivate(demoUsers.member.displayName) }),
        ).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await expect(menu.getByRole('menuitem').first()).toBeFocused();
        await page.screenshot({ path: testInfo.outputPath(`users-menu-${language}-1440.png`) });
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(more).toBeFocused();

        // No text in a management table breaks in the middle of a word; nothing scrolls sideways.
        expect(await wordsBrokenAcrossLines(page, 'main table')).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: testInfo.outputPath(`users-${language}-1440.png`), fullPage: true });
        await expectNoSeriousA11yViolations(page, 'main');

        await recordActivity(page);
        await page.goto('/management/activity');
        await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 60_000 });
        expect(await wordsBrokenAcrossLines(page, 'main table')).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: testInfo.outputPath(`activity-${language}-1440.png`), fullPage: true });
        await expectNoSeriousA11yViolations(page, 'main');

        await page.goto('/management/catalogue');
        const tree = page.getByTestId('catalogue-menu-group');
        await expect(tree.first()).toBeVisible({ timeout: 60_000 });
        expect(await wordsBrokenAcrossLines(page, '[data-testid="catalogue-menu-group"]')).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({
          path: testInfo.outputPath(`catalogue-${language}-1440.png`),
          fullPage: true,
        });

        // The side menu's arrow still opens the panel on a management page.
        await page.getByTestId('side-panel-toggle').click();
        await expect(page.locator('#side-panel')).toBeVisible();
        expect((await rail.boundingBox())?.width).toBe(76);
      } finally {
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
        await context.close();
      }
    });

    test('390 × 844 on a touch screen: bottom bar with labels, cards, no key hints, the period as one select', async ({
      browser,
    }, testInfo) => {
      const signedIn = await signInAdmin(browser, language);
      const storageState = await signedIn.context.storageState();
      const context = await browser.newContext({
        viewport: phone,
        hasTouch: true,
        isMobile: true,
        storageState,
      });
      const page = await context.newPage();
      try {
        await page.goto('/reports');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });

        // A labelled bar along the bottom instead of the 76 px rail.
        const bar = page.getByRole('navigation', { name: s.navigation });
        const barBox = await bar.boundingBox();
        expect(barBox?.width).toBe(phone.width);
        expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(phone.height);
        await expect(
          page.getByTestId('side-menu-favorites').getByText(texts[language].favorites, { exact: true }),
        ).toBeVisible();
        await expect(page.getByTestId('side-menu-more')).toHaveText(s.barMore);
        // Every name under the icons is whole, in German too (none cut with an ellipsis).
        const cutLabels = await bar
          .locator('span[aria-hidden="true"]')
          .evaluateAll((labels) =>
            labels
              .filter(
                (label) =>
                  label instanceof HTMLElement &&
                  label.offsetParent !== null &&
                  label.scrollWidth > label.clientWidth,
              )
              .map((label) => label.textContent),
          );
        expect(cutLabels).toEqual([]);

        // The menu opens from the bar; its search box shows no "Ctrl K" on a touch screen.
        await page.getByTestId('side-menu-menu').click();
        await expect(page.getByTestId('menu-panel')).toBeVisible({ timeout: 60_000 });
        await expect(page.getByTestId('menu-search-input')).toBeVisible();
        await expect(page.getByTestId('menu-search-key-hint')).toBeHidden();
        await page.screenshot({ path: testInfo.outputPath(`menu-${language}-390.png`) });
        await page.getByTestId('side-menu-menu').click();

        // "More" holds support, management, settings and log out, with their names.
        await page.getByTestId('side-menu-more').click();
        await expect(bar.getByRole('link', { name: s.settings })).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`more-${language}-390.png`) });
        await expectNoSeriousA11yViolations(page);
        await page.getByTestId('side-menu-management').click();

        // Management lists are stacked cards with "⋯"; nothing scrolls sideways.
        await expect(page).toHaveURL(/\/management/);
        await page.goto('/management/users');
        const cards = page.getByTestId('users-table-card');
        await expect(cards.first()).toBeVisible({ timeout: 60_000 });
        expect(await cards.count()).toBeGreaterThanOrEqual(2);
        await expect(
          cards
            .filter({ hasText: demoUsers.member.email })
            .getByRole('button', { name: s.more(demoUsers.member.displayName) }),
        ).toBeVisible();
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: testInfo.outputPath(`users-${language}-390.png`), fullPage: true });
        await expectNoSeriousA11yViolations(page, 'main');

        await page.goto('/management/activity');
        await expect(page.getByTestId('activity-table-card').first()).toBeVisible({ timeout: 60_000 });
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: testInfo.outputPath(`activity-${language}-390.png`), fullPage: true });
        await expectNoSeriousA11yViolations(page, 'main');

        await page.goto('/management/catalogue');
        await expect(page.getByTestId('catalogue-menu-group').first()).toBeVisible({ timeout: 60_000 });
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: testInfo.outputPath(`catalogue-${language}-390.png`), fullPage: true });

        // A report's six period choices are one select.
        await page.goto('/reports/totalviewlayout');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
        await expect(page.getByTestId('date-range-select')).toBeVisible({ timeout: 60_000 });
        await expect(page.getByRole('radiogroup')).toHaveCount(0);
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: testInfo.outputPath(`report-${language}-390.png`), fullPage: true });
        await expectNoSeriousA11yViolations(page, 'main');
      } finally {
        await restoreSettings(signedIn.page, {
          ...englishDefaults,
          displayName: demoUsers.admin.displayName,
        });
        await context.close();
        await signedIn.context.close();
      }
    });
  });
}

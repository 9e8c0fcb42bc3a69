import { apiRoutes, languageStorageKey } from '@cockpit/contracts';
import type { Page } from '@playwright/test';
import { test, expect, signIn, demoUsers } from './fixtures';
import {
  bearerOf,
  expectNoSeriousA11yViolations,
  languageLabels,
  restoreSettings,
  texts as shellTexts,
} from './shell-support';

// Decision 030 and the small things an administrator trusts the cockpit by: dates and numbers follow
// the UI language ("Automatic"), the login screen greets a German browser in German; one-time passwords
// shown once with Copy, the translation pattern of notifications, the frame URL checked at the field, the
// report page's favourites star, tables and bar charts that keep their labels, and the new-contract notice
// folded to one line. English and German, axe on each screen, screenshots at 1440 × 900 and 390 × 844.
// Each journey signs in on its own; a slow, shared machine needs more than the default time.
test.describe.configure({ timeout: 600_000 });
/** A page's first lazy chunk, or an argon2 hash, can take long on the shared machine. */
const firstLoad = { timeout: 60_000 };
const patient = expect.configure({ timeout: 60_000 });

const run = Date.now().toString(36);
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

const texts = {
  en: {
    culture: 'Format of dates and numbers',
    automatic: 'Automatic (follows the language)',
    createUser: 'Create user',
    createTitle: 'Create a user',
    name: 'Name',
    email: 'E-mail',
    generate: 'Generate a password',
    shownOnce: 'Shown once',
    copy: 'Copy',
    done: 'Done',
    safeWay: 'in a safe way',
    sendNotification: 'Send notification',
    chosenUsers: 'Chosen users',
    users: 'Users',
    sent: 'Notification sent',
    germanOptional: 'German (optional)',
    addReportTo: 'Add a report to Sales',
    addReportTitle: 'Add a report',
    embedded: 'Embedded page',
    frameUrl: 'Frame URL',
    frameRefused: /cannot be shown inside the cockpit/,
    cancel: 'Cancel',
    pin: 'Pin to favorites',
    unpin: 'Unpin from favorites',
    showLess: 'Show less',
    showAll: 'Show the whole notice',
    oneLine: /New contract .+ is waiting for your acceptance\./,
    moreColumns: 'More columns to the right: scroll sideways.',
    newBanner: 'New banner message',
    start: 'Start (optional)',
  },
  'de-DE': {
    culture: 'Format für Datum und Zahlen',
    automatic: 'Automatisch (folgt der Sprache)',
    createUser: 'Benutzer anlegen',
    createTitle: 'Benutzer anlegen',
    name: 'Name',
    email: 'E-Mail',
    generate: 'Passwort erzeugen',
    shownOnce: 'Wird nur einmal angezeigt',
    copy: 'Kopieren',
    done: 'Fertig',
    safeWay: 'auf sicherem Weg',
    sendNotification: 'Benachrichtigung senden',
    chosenUsers: 'Ausgewählte Benutzer',
    users: 'Benutzer',
    sent: 'Benachrichtigung gesendet',
    germanOptional: 'Deutsch (optional)',
    addReportTo: 'Bericht zu Vertrieb hinzufügen',
    addReportTitle: 'Bericht hinzufügen',
    embedded: 'Eingebettete Seite',
    frameUrl: 'Frame-URL',
    frameRefused: /kann nicht im Cockpit angezeigt werden/,
    cancel: 'Abbrechen',
    pin: 'An Favoriten anheften',
    unpin: 'Von Favoriten lösen',
    showLess: 'Weniger anzeigen',
    showAll: 'Ganzen Hinweis anzeigen',
    oneLine: /Neuer Vertrag .+ wartet auf Ihre Zustimmung\./,
    moreColumns: 'Weitere Spalten rechts: seitlich scrollen.',
    newBanner: 'Neue Bannermeldung',
    start: 'Beginn (optional)',
  },
} as const;
type Language = keyof typeof texts;
const languages = Object.keys(texts) as Language[];

/** Switches the signed-in UI with the header's dropdown (which also saves it). */
async function useLanguage(page: Page, language: Language): Promise<void> {
  if (language === 'en') return;
  // The choice is saved to the account: wait for it, or the next page load finds the old language there.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === apiRoutes.updateUserSettings.path,
  );
  await page.getByRole('combobox', { name: shellTexts.en.language }).selectOption(languageLabels[language]);
  await expect(page.getByRole('button', { name: shellTexts[language].favorites, exact: true })).toBeVisible();
  expect((await saved).ok()).toBe(true);
}

/** Back to English with the automatic culture, as the seed has it (other journeys share the database). */
async function restoreAdmin(page: Page): Promise<void> {
  await restoreSettings(page, {
    uiLanguage: 'en',
    uiCulture: 'auto',
    currencySymbol: '€',
    displayName: demoUsers.admin.displayName,
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [device, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`formats-${name}-${device}.png`), fullPage: true });
  }
  await page.setViewportSize(desktop);
}

test.use({ viewport: desktop });

test.describe('the login screen', () => {
  for (const [locale, title, lang] of [
    ['de-DE', 'Anmeldung', 'de-DE'],
    ['de-AT', 'Anmeldung', 'de-AT'],
    ['en-US', 'Login', 'en'],
  ] as const) {
    test(`follows a ${locale} browser when nothing is remembered`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: desktop });
      const page = await context.newPage();
      try {
        await page.goto('/login');
        await expect(page).toHaveTitle(new RegExp(title));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expectNoSeriousA11yViolations(page);
        if (locale !== 'en-US') await shoot(page, `login-${locale}`);
      } finally {
        await context.close();
      }
    });
  }

  test('keeps the remembered language over the browser’s', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: desktop });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await expect(page).toHaveTitle(/Anmeldung/);
      // Detected, not chosen: the browser's language is not remembered.
      expect(await page.evaluate((key) => localStorage.getItem(key), languageStorageKey)).toBeNull();
      await page.evaluate((key) => localStorage.setItem(key, 'en'), languageStorageKey);
      await page.reload();
      await expect(page).toHaveTitle(/Login/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    } finally {
      await context.close();
    }
  });
});

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test('numbers and dates follow the language with the automatic culture', async ({ page }) => {
      const t = texts[language];
      await signIn(page, demoUsers.admin);
      try {
        await useLanguage(page, language);
        await page.goto('/settings');
        const culture = page.getByLabel(t.culture);
        await patient(culture).toHaveValue('auto', firstLoad);
        await patient(culture.locator('option:checked')).toHaveText(t.automatic);
        await expectNoSeriousA11yViolations(page, 'main');

        await page.goto('/reports/totalviewlayout');
        // The first key figure is the revenue.
        const revenue = page.getByTestId('kpi-cards').getByTestId('kpi-value').first();
        // English: "€124,967,578.07"; German: "124.967.578,07 €" — never English inside German sentences.
        await patient(revenue).toBeVisible(firstLoad);
        await patient(revenue).toHaveText(
          language === 'en' ? /^€\d{1,3}(,\d{3})*\.\d{2}$/ : /^\d{1,3}(\.\d{3})*,\d{2}\s€$/,
        );
        await expectNoSeriousA11yViolations(page, 'main');
        await shoot(page, `report-${language}`);

        // A banner's start is picked from a calendar in the culture (unit test: culture-date-time-field),
        // never the browser's mm/dd/yyyy field.
        await page.goto('/management/banners');
        await page.getByRole('button', { name: t.newBanner }).click(firstLoad);
        const dialog = page.getByRole('dialog', { name: t.newBanner });
        await patient(dialog.getByRole('button', { name: t.start })).toBeVisible();
        await patient(dialog.locator('input[type="datetime-local"]')).toHaveCount(0);
        await dialog.getByRole('button', { name: t.start }).click();
        await page.screenshot({ path: test.info().outputPath(`formats-banner-dates-${language}.png`) });
        await page.keyboard.press('Escape');
      } finally {
        await restoreAdmin(page);
      }
    });

    test('small things: one-time password, translations, frame URL, star, tables, contract notice', async ({
      page,
      context,
    }) => {
      const t = texts[language];
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signIn(page, demoUsers.admin);
      try {
        await useLanguage(page, language);

        // "Create user" generates a password and shows it once, with Copy.
        await page.goto('/management/users');
        await page.getByRole('button', { name: t.createUser }).first().click(firstLoad);
        const create = page.getByRole('dialog', { name: t.createTitle });
        await create.getByRole('textbox', { name: t.name }).fill(`Trust ${run} ${language}`);
        await create
          .getByRole('textbox', { name: t.email })
          .fill(`trust-${run}-${language.toLowerCase()}@example.com`);
        await create.getByRole('button', { name: t.generate }).click();
        await patient(create).toContainText(t.safeWay);
        await create.getByRole('button', { name: t.createUser }).click();
        const shown = page.getByTestId('one-time-password-shown');
        await patient(shown.getByText(t.shownOnce)).toBeVisible();
        const password = await shown.getByRole('textbox').inputValue();
        expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
        await shown.getByRole('button', { name: t.copy }).click();
        await patient.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(password);
        await expectNoSeriousA11yViolations(page, '[role="dialog"]');
        await shoot(page, `password-shown-${language}`);
        await shown.getByRole('button', { name: t.done }).click();
        await patient(shown).toBeHidden();

        // Notifications: English alone is enough; German falls back to it.
        await page.goto('/management/notifications');
        await patient(page.getByText(t.germanOptional).first()).toBeVisible(firstLoad);
        // To the administrator alone: other journeys count the member's and basic user's notifications.
        await page.getByText(t.chosenUsers).click();
        await page.getByRole('combobox', { name: t.users, exact: true }).fill('Anna');
        await page.getByRole('option', { name: new RegExp(demoUsers.admin.displayName) }).click();
        await page
          .getByRole('textbox', { name: language === 'en' ? 'Title' : 'Titel' })
          .first()
          .fill(`Trust ${run}`);
        await page.getByRole('textbox', { name: 'Text' }).first().fill('English only.');
        await patient(page.getByTestId('notification-preview-de-AT')).toContainText(`Trust ${run}`);
        await expectNoSeriousA11yViolations(page, 'main');
        await shoot(page, `notification-composer-${language}`);
        await page.getByRole('button', { name: t.sendNotification }).click();
        await patient(page.getByText(t.sent).first()).toBeVisible();

        // A frame URL on a site the browser would block is named as such when the field loses focus.
        await page.goto('/management/catalogue');
        await page.getByRole('button', { name: t.addReportTo }).click(firstLoad);
        const item = page.getByRole('dialog', { name: t.addReportTitle });
        await item.getByRole('radio', { name: t.embedded }).check();
        const frameUrl = item.getByRole('textbox', { name: t.frameUrl });
        await frameUrl.fill('https://app.powerbi.com/reportEmbed?reportId=1');
        await frameUrl.press('Tab');
        await patient(item.getByText(t.frameRefused)).toBeVisible();
        await patient(item.getByTestId('frame-preview').locator('iframe')).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, '[role="dialog"]');
        await page.screenshot({ path: test.info().outputPath(`formats-frame-url-${language}.png`) });
        await item.getByRole('button', { name: t.cancel }).click();

        // The report page has a favourites star like a dashboard page.
        await page.goto('/reports/sales-by-region');
        const star = page.getByTestId('report-pin');
        await patient(star).toHaveText(t.pin, firstLoad);
        await star.click();
        await patient(star).toHaveAttribute('aria-pressed', 'true');
        await patient(star).toHaveText(t.unpin);
        const favorites = await page.request.get(apiRoutes.getFavorites.path, {
          headers: await bearerOf(page),
        });
        expect(
          ((await favorites.json()) as { reports: { name: string }[] }).reports.map((r) => r.name),
        ).toContain('sales-by-region');
        await star.click();
        await patient(star).toHaveAttribute('aria-pressed', 'false');

        // Tables: the first column stays, and a phone is told that more columns follow.
        await page.setViewportSize(phone);
        const table = page.getByTestId('data-table').first();
        await patient(table.locator('th').first()).toHaveCSS('position', 'sticky', firstLoad);
        await patient(page.getByTestId('table-more-columns').first()).toHaveText(t.moreColumns);
        await expectNoSeriousA11yViolations(page, 'main');
        await page.screenshot({
          path: test.info().outputPath(`formats-report-table-${language}-phone.png`),
          fullPage: true,
        });
        await page.setViewportSize(desktop);
        await page.screenshot({
          path: test.info().outputPath(`formats-report-table-${language}-desktop.png`),
          fullPage: true,
        });

        // The new-contract notice folds to one line, remembered; it stays for the administrator.
        const notice = page.getByTestId('new-contract-notice');
        await patient(notice).toBeVisible();
        await notice.getByRole('button', { name: t.showLess }).click();
        await patient(notice).toHaveAttribute('data-collapsed');
        await patient(notice).toHaveText(t.oneLine);
        expect((await notice.boundingBox())?.height ?? 999).toBeLessThan(60);
        await page.reload();
        await patient(page.getByTestId('new-contract-notice')).toHaveAttribute('data-collapsed');
        await expectNoSeriousA11yViolations(page, 'main');
        await shoot(page, `contract-notice-folded-${language}`);
        await page.getByTestId('new-contract-notice').getByRole('button', { name: t.showAll }).click();
        await patient(page.getByTestId('new-contract-notice')).not.toHaveAttribute('data-collapsed');
      } finally {
        await restoreAdmin(page);
      }
    });
  });
}

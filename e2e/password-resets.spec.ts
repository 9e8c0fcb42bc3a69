import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { demoUsers, expect, test } from './fixtures';

// One-time passwords (decision 022): an administrator creates a user or resets a password; that user
// must choose a new password at the next sign-in before anything else; common passwords
// are refused with a clear message. The people here are created by the journeys themselves.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const common = { en: 'qwerty123456', de: '1q2w3e4r5t6y' };

const texts = {
  en: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    title: 'Choose a new password',
    current: 'One-time password',
    next: 'New password',
    repeat: 'Repeat the new password',
    submit: 'Save and continue',
    common: 'This password is on a list of common passwords',
    search: 'Search users',
    more: (name: string) => `More actions for ${name}`,
    setFor: (name: string) => `Set a one-time password for ${name}`,
    dialog: (name: string) => `One-time password for ${name}`,
    setPassword: 'Set one-time password',
    passedOn: 'Done',
    done: 'One-time password set',
  },
  de: {
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
    title: 'Neues Passwort wählen',
    current: 'Einmalpasswort',
    next: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    submit: 'Speichern und fortfahren',
    common: 'Dieses Passwort steht auf einer Liste häufiger Passwörter',
    search: 'Benutzer suchen',
    more: (name: string) => `Weitere Aktionen für ${name}`,
    setFor: (name: string) => `Einmalpasswort für ${name} setzen`,
    dialog: (name: string) => `Einmalpasswort für ${name}`,
    setPassword: 'Einmalpasswort setzen',
    passedOn: 'Fertig',
    done: 'Einmalpasswort gesetzt',
  },
} as const;
type Language = keyof typeof texts;

/** A demo administrator signs in (the English login screen, exact button name: single sign-on has one too). */
async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('menu-panel')).toBeVisible();
}

async function expectNoSeriousA11yViolations(page: Page, include = 'main') {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A person in a browser of their own, with the UI language remembered on it; page errors fail the test. */
async function openBrowser(
  browser: Browser,
  language: Language,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  await context.addInitScript(
    (lang) => {
      if (!window.localStorage.getItem('translocoLang')) window.localStorage.setItem('translocoLang', lang);
    },
    language === 'de' ? 'de-DE' : 'en',
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The administrator creates a person through Management → Users (their initial password is a one-time one). */
async function createUser(
  page: Page,
  person: { name: string; email: string; password: string },
  options: { german?: boolean; administrator?: boolean } = {},
) {
  await page.goto('/management/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a user' });
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByLabel('E-mail').fill(person.email);
  // A common initial password is refused like every other new password.
  await dialog.getByLabel('Initial password').fill(common.en);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText(texts.en.common)).toBeVisible();
  await dialog.getByLabel('Initial password').fill(person.password);
  if (options.administrator) {
    await dialog.getByLabel('Role').click();
    await page
      .getByRole('listbox', { name: 'Role' })
      .getByRole('option', { name: 'Organisation administrator' })
      .click();
  }
  if (options.german) {
    await dialog.getByLabel('Language').click();
    await page
      .getByRole('listbox', { name: 'Language' })
      .getByRole('option', { name: 'Deutsch (Deutschland)' })
      .click();
  }
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
}

/** Sets a one-time password in the users list; a common one is refused first, with the message. */
async function resetPassword(
  page: Page,
  language: Language,
  person: { name: string; email: string },
  oneTime: string,
) {
  const text = texts[language];
  await page.goto('/management/users');
  await page.getByLabel(text.search).fill(person.email);
  await page.screenshot({ path: test.info().outputPath(`password-reset-users-${language}.png`) });
  // The row's secondary actions are behind "⋯".
  await page.getByRole('button', { name: text.more(person.name) }).click();
  await page.getByRole('menuitem', { name: text.setFor(person.name) }).click();
  const dialog = page.getByRole('dialog', { name: text.dialog(person.name) });
  await dialog.getByLabel(text.current).fill(common[language]);
  await dialog.getByRole('button', { name: text.setPassword }).click();
  await expect(dialog.getByText(text.common)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath(`password-reset-dialog-${language}.png`) });
  await dialog.getByLabel(text.current).fill(oneTime);
  await dialog.getByRole('button', { name: text.setPassword }).click();
  // The password is shown once, to be passed on; "Done" closes it.
  await dialog.getByRole('button', { name: text.passedOn, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(text.done)).toBeVisible();
}

/**
 * Signs in with a one-time password: the "Choose a new password" screen comes first and nothing else
 * can be reached; a common password is refused; then the page asked for, here the reports home.
 */
async function signInAndChoosePassword(
  page: Page,
  language: Language,
  email: string,
  oneTime: string,
  chosen: string,
) {
  const text = texts[language];
  await page.goto('/login');
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: text.signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/change-password/);
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'de' ? 'de-DE' : 'en');

  // Nothing else until then: another page leads back here.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/change-password\?redirectTo=%2Fsettings/);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: the fields in order, then Enter.
  await page.getByLabel(text.current, { exact: true }).focus();
  await page.keyboard.type(oneTime);
  const next = page.getByLabel(text.next, { exact: true });
  for (
    let presses = 0;
    presses < 3 && !(await next.evaluate((field) => field === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('Tab'); // past the show-password toggle, if it takes focus
  }
  await expect(next).toBeFocused();
  await page.keyboard.type(common[language]);
  await page.getByLabel(text.repeat, { exact: true }).fill(common[language]);
  await page.keyboard.press('Enter');
  await expect(page.getByText(text.common)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`password-change-${language}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(text.next, { exact: true }).fill(chosen);
  await page.getByLabel(text.repeat, { exact: true }).fill(chosen);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByTestId('menu-panel')).toBeVisible();
}

test('an administrator resets a password; the user chooses a new one before anything else (English)', async ({
  page,
  browser,
}) => {
  // Two or three people in their own browsers, each through several screens.
  test.slow();
  const person = {
    name: 'Olivia One-Time',
    email: `olivia.${stamp}@example.com`,
    password: 'Olivia-initial-31',
  };
  await signIn(page, demoUsers.admin);
  await createUser(page, person);

  // The first sign-in replaces the initial password.
  const olivia = await openBrowser(browser, 'en');
  await signInAndChoosePassword(olivia.page, 'en', person.email, person.password, 'Olivia-own-choice-32');

  // The administrator sets a one-time password: Olivia's open session ends.
  await resetPassword(page, 'en', person, 'Olivia-fresh-start-33');
  await olivia.page.goto('/settings');
  await expect(olivia.page).toHaveURL(/\/login/);

  await signInAndChoosePassword(
    olivia.page,
    'en',
    person.email,
    'Olivia-fresh-start-33',
    'Olivia-second-own-34',
  );
  await olivia.context.close();
  expect(olivia.errors).toEqual([]);
});

test('the same in German: a new administrator and the user they reset choose their own passwords', async ({
  page,
  browser,
}) => {
  // Two or three people in their own browsers, each through several screens.
  test.slow();
  const gerda = {
    name: 'Gerda Verwalterin',
    email: `gerda.${stamp}@example.com`,
    password: 'Gerda-Anfang-41',
  };
  const karl = { name: 'Karl Kunde', email: `karl.${stamp}@example.com`, password: 'Karl-Anfang-42' };
  await signIn(page, demoUsers.admin);
  await createUser(page, gerda, { german: true, administrator: true });
  await createUser(page, karl, { german: true });

  const gerdaBrowser = await openBrowser(browser, 'de');
  await signInAndChoosePassword(gerdaBrowser.page, 'de', gerda.email, gerda.password, 'Gerda-eigenes-43');
  await resetPassword(gerdaBrowser.page, 'de', karl, 'Karl-einmal-44');
  await gerdaBrowser.context.close();

  const karlBrowser = await openBrowser(browser, 'de');
  await signInAndChoosePassword(karlBrowser.page, 'de', karl.email, 'Karl-einmal-44', 'Karl-eigenes-45');
  await karlBrowser.context.close();
  expect([...gerdaBrowser.errors, ...karlBrowser.errors]).toEqual([]);
});

import { readFile } from 'node:fs/promises';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Browser, Page } from '@playwright/test';
import { apiRoutes, pathOf } from '@cockpit/contracts';
import { demoUsers, expect, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  languageLabels,
  restoreSettings,
  texts as shellTexts,
  type ShellLanguage,
} from './shell-support';

// Decision 021 (two-factor sign-in with TOTP codes): turning it on in the settings with the QR code and
// the key, the recovery codes shown once, signing in with a code and with a recovery code; an
// administrator requiring it sends a member to the set-up screen. In English and German, axe on each
// new screen. The journeys use Bea Basic and Max Member and put everything back at the end (the other
// specs share this server's database).

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const texts = {
  en: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    section: 'Two-factor sign-in',
    turnOn: 'Turn on two-factor sign-in',
    yourPassword: 'Your password',
    continue: 'Continue',
    qr: 'QR code for your authenticator app',
    codeFromApp: 'Code from the app',
    confirm: 'Confirm and turn on',
    codesTitle: 'Save your recovery codes',
    download: 'Download',
    done: 'I have saved them',
    on: 'On',
    codeIntro: 'Enter the code from your authenticator app.',
    code: 'Code',
    verify: 'Verify',
    wrongCode: 'The code is not correct.',
    useRecovery: 'Use a recovery code instead',
    recoveryCode: 'Recovery code',
    setUpTitle: 'Set up two-factor sign-in',
  },
  'de-DE': {
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
    section: 'Zwei-Faktor-Anmeldung',
    turnOn: 'Zwei-Faktor-Anmeldung einschalten',
    yourPassword: 'Ihr Passwort',
    continue: 'Weiter',
    qr: 'QR-Code für Ihre Authenticator-App',
    codeFromApp: 'Code aus der App',
    confirm: 'Bestätigen und einschalten',
    codesTitle: 'Speichern Sie Ihre Wiederherstellungscodes',
    download: 'Herunterladen',
    done: 'Ich habe sie gespeichert',
    on: 'Ein',
    codeIntro: 'Geben Sie den Code aus Ihrer Authenticator-App ein.',
    code: 'Code',
    verify: 'Bestätigen',
    wrongCode: 'Der Code ist nicht korrekt.',
    useRecovery: 'Stattdessen einen Wiederherstellungscode verwenden',
    recoveryCode: 'Wiederherstellungscode',
    setUpTitle: 'Zwei-Faktor-Anmeldung einrichten',
  },
} satisfies Record<Exclude<ShellLanguage, 'de-AT'>, unknown>;

/** The current code for the key shown on the screen, as an authenticator app computes it. */
async function totpFor(key: string, offsetSteps = 0): Promise<string> {
  // An earlier step's code is accepted only until the current step ends: with less than 5 s of it left, the
  // code would expire on its way to the server, so it is taken in the next step (as a person waits for a code).
  const left = 30_000 - (Date.now() % 30_000);
  if (offsetSteps < 0 && left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const otp = createOTP(base32.decode(key.replace(/\s/g, '')), { digits: 6, period: 30 });
  return otp.hotp(Math.floor(Date.now() / 30_000) + offsetSteps);
}

/** A six-digit code that is none the server would accept right now. */
async function wrongCodeFor(key: string): Promise<string> {
  const valid = new Set([await totpFor(key, -1), await totpFor(key), await totpFor(key, 1)]);
  for (let n = 111_111; ; n += 1) if (!valid.has(String(n))) return String(n);
}

/** E-mail and password on the login screen in the language the browser has stored. */
async function enterPassword(page: Page, user: { email: string; password: string }, t: (typeof texts)['en']) {
  await page.goto('/login');
  await page.getByLabel(t.email).fill(user.email);
  await page.getByLabel(t.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

/** Signed in with the password (no second factor yet), the UI switched to `language` and saved. */
async function signInAs(page: Page, user: { email: string; password: string }, language: keyof typeof texts) {
  await enterPassword(page, user, texts.en);
  await expect(page.getByTestId('menu-panel')).toBeVisible();
  if (language !== 'en') {
    await page.getByRole('combobox', { name: shellTexts.en.language }).selectOption(languageLabels[language]);
    await expect(
      page.getByRole('button', { name: shellTexts[language].favorites, exact: true }),
    ).toBeVisible();
  }
}

/** As a signed-in administrator: the policy back off and these users' second factors removed. */
async function cleanUpAs(admin: Page, emails: readonly string[]): Promise<void> {
  const headers = await bearerOf(admin);
  const policy = await admin.request.put(apiRoutes.getTwoFactorPolicy.path, {
    headers,
    data: { requireTwoFactor: false },
  });
  expect(policy.ok(), 'turning the policy off').toBe(true);
  for (const email of emails) {
    const users = await admin.request.get(`${apiRoutes.listUsers.path}?search=${encodeURIComponent(email)}`, {
      headers,
    });
    const found = ((await users.json()) as { items: { id: string; email: string }[] }).items.find(
      (u) => u.email === email,
    );
    expect(found, email).toBeDefined();
    const reset = await admin.request.post(pathOf(apiRoutes.resetUserTwoFactor, { id: found!.id }), {
      headers,
      data: {},
    });
    expect(reset.status(), 'resetting the second factor').toBe(204);
  }
}

/** The same with a fresh administrator sign-in (a browser of its own; the administrator has no second factor). */
async function cleanUp(browser: Browser, email: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAs(page, demoUsers.admin, 'en');
    await cleanUpAs(page, [email]);
  } finally {
    await context.close();
  }
}

/** Settings → Two-factor sign-in → turn on: password, the key read from the screen, a code, the codes. */
async function turnOnInSettings(
  page: Page,
  password: string,
  t: (typeof texts)['en'],
  checks?: (step: string) => Promise<void>,
) {
  await page.goto('/settings');
  const section = page.getByTestId('two-factor-section');
  await expect(section.getByRole('heading', { name: t.section })).toBeVisible();
  await section.getByRole('button', { name: t.turnOn }).click();
  await section.getByLabel(t.yourPassword).fill(password);
  await section.getByRole('button', { name: t.continue }).click();

  // The QR code and the key as text: the journey reads the key from the screen, like a person typing it.
  await expect(section.getByRole('img', { name: t.qr })).toBeVisible();
  const key = (await section.getByTestId('two-factor-key').innerText()).trim();
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await checks?.('setup');

  // The previous step's code (still accepted): each code works once, and the sign-in that follows uses the current one.
  await section.getByLabel(t.codeFromApp).fill(await totpFor(key, -1));
  await section.getByRole('button', { name: t.confirm }).click();
  await expect(section.getByText(t.codesTitle)).toBeVisible();
  const codes = await section.getByTestId('two-factor-recovery-codes').locator('code').allInnerTexts();
  await checks?.('codes');
  await section.getByRole('button', { name: t.done }).click();
  await expect(section.getByText(t.on, { exact: true })).toBeVisible();
  return { key, codes };
}

/** The demo user's English settings back (a German journey saved German on the server). */
async function restoreEnglish(browser: Browser, user: (typeof demoUsers)['basic' | 'member']): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAs(page, user, 'en');
    await restoreSettings(page, { ...englishDefaults, displayName: user.displayName });
  } finally {
    await context.close();
  }
}

for (const language of ['en', 'de-DE'] as const) {
  const t = texts[language];

  test(`turn on two-factor sign-in, then sign in with a code and with a recovery code (${language})`, async ({
    browser,
  }) => {
    const user = demoUsers.basic;
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signInAs(page, user, language);
      const section = page.getByTestId('two-factor-section');
      const { key, codes } = await turnOnInSettings(page, user.password, t, async (step) => {
        await expectNoSeriousA11yViolations(page, '[data-testid="two-factor-section"]');
        await page.screenshot({
          path: test.info().outputPath(`two-factor-${step}-${language}.png`),
          fullPage: true,
        });
        if (step !== 'codes') return;
        // Ten recovery codes, shown once, with a download as a text file.
        const shown = await section.getByTestId('two-factor-recovery-codes').locator('code').allInnerTexts();
        expect(shown).toHaveLength(10);
        const downloadStarted = page.waitForEvent('download');
        await section.getByRole('button', { name: t.download }).click();
        const download = await downloadStarted;
        expect(download.suggestedFilename()).toMatch(/\.txt$/);
        const file = await readFile(await download.path(), 'utf8');
        for (const code of shown) expect(file).toContain(code);
      });
      expect(codes).toHaveLength(10);

      // Signed out and in again: after the password, a code is asked for; a wrong one is refused.
      await page.getByRole('button', { name: shellTexts[language].logout }).click();
      await expect(page).toHaveURL(/\/login/);
      await enterPassword(page, user, t);
      await expect(page.getByText(t.codeIntro)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`two-factor-sign-in-${language}.png`) });
      await page.getByLabel(t.code, { exact: true }).fill(await wrongCodeFor(key));
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByRole('alert')).toContainText(t.wrongCode);
      await page.getByLabel(t.code, { exact: true }).fill(await totpFor(key));
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByTestId('menu-panel')).toBeVisible();

      // And with a recovery code instead of the app.
      await page.getByRole('button', { name: shellTexts[language].logout }).click();
      await expect(page).toHaveURL(/\/login/);
      await enterPassword(page, user, t);
      await page.getByRole('button', { name: t.useRecovery }).click();
      await page.getByLabel(t.recoveryCode).fill(codes[0]!);
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByTestId('menu-panel')).toBeVisible();
    } finally {
      await context.close();
      await cleanUp(browser, user.email);
      if (language !== 'en') await restoreEnglish(browser, user);
    }
  });

  test(`an administrator requires two-factor sign-in: a member is sent to set it up (${language})`, async ({
    browser,
  }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const context = await browser.newContext();
    const page = await context.newPage();
    let adminReady = false;
    try {
      // The member's saved UI language, which the set-up screen applies.
      if (language !== 'en') {
        await signInAs(page, demoUsers.member, language);
        await page.getByRole('button', { name: shellTexts[language].logout }).click();
        await expect(page).toHaveURL(/\/login/);
      }
      // The administrator uses a second factor first: requiring it without one is refused (409).
      await signInAs(admin, demoUsers.admin, 'en');
      await turnOnInSettings(admin, demoUsers.admin.password, texts.en);
      adminReady = true;
      await admin.goto('/management/sign-in');
      const policy = admin.getByRole('switch', {
        name: /^Require two-factor sign-in for everyone in the organisation/,
      });
      await expect(policy).not.toBeChecked();
      // Mantine's switch: its input is hidden behind the drawn track, the label takes the click.
      await admin.locator('label').filter({ has: policy }).click();
      await expect(policy).toBeChecked();
      await expectNoSeriousA11yViolations(admin, 'section[aria-labelledby="two-factor-policy-title"]');
      await admin.screenshot({
        path: test.info().outputPath(`two-factor-policy-${language}.png`),
        fullPage: true,
      });

      // The member signs in with the password only and is sent to the set-up; nothing else until then.
      await enterPassword(page, demoUsers.member, t);
      await expect(page).toHaveURL(/\/two-factor-setup$/);
      await expect(page.getByRole('heading', { level: 1, name: t.setUpTitle })).toBeVisible();
      await page.goto('/settings');
      await expect(page).toHaveURL(/\/two-factor-setup$/);
      await expect(page.getByLabel(t.yourPassword)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: test.info().outputPath(`two-factor-required-${language}.png`),
        fullPage: true,
      });
    } finally {
      if (adminReady) await cleanUpAs(admin, [demoUsers.admin.email]);
      await adminContext.close();
      await context.close();
      if (language !== 'en') await restoreEnglish(browser, demoUsers.member);
    }
  });
}

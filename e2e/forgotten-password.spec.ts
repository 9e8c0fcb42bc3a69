import { apiRoutes, pathOf } from '@cockpit/contracts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { demoUsers, expect, signIn, test } from './fixtures';
import { bearerOf, expectNoSeriousA11yViolations } from './shell-support';

// Forgotten passwords (docs/decisions/031-forgotten-passwords.md), in English and German: "Forgot
// password?" on the login screen, the address, the one answer, the link from the mail — read from the
// outbox as an administrator, through the API Management → Mail uses (no SMTP_URL on the journeys'
// server) — a new password under the password rules, signing in with it, and the used link refused.
// The people are created by the journey itself: the demo users' passwords stay as they are.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();

const texts = {
  en: {
    forgot: 'Forgot password?',
    title: 'Forgot your password?',
    email: 'E-mail',
    send: 'Send link',
    sent: 'If an account exists for this address, we sent a link.',
    subject: 'Choose a new password for Report Cockpit',
    resetTitle: 'Choose a new password',
    next: 'New password',
    repeat: 'Repeat the new password',
    save: 'Save new password',
    common: 'This password is on a list of common passwords',
    done: 'Your password has been changed.',
    signIn: 'Sign in',
    password: 'Password',
    used: 'This link has been used or has expired.',
  },
  de: {
    forgot: 'Passwort vergessen?',
    title: 'Passwort vergessen?',
    email: 'E-Mail',
    send: 'Link senden',
    sent: 'Wenn es für diese Adresse ein Konto gibt, haben wir einen Link gesendet.',
    subject: 'Neues Passwort für Report Cockpit wählen',
    resetTitle: 'Neues Passwort wählen',
    next: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    save: 'Neues Passwort speichern',
    common: 'Dieses Passwort steht auf einer Liste häufiger Passwörter',
    done: 'Ihr Passwort wurde geändert.',
    signIn: 'Anmelden',
    password: 'Passwort',
    used: 'Dieser Link wurde schon verwendet oder ist abgelaufen.',
  },
} as const;
type Language = keyof typeof texts;

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A signed-out person in a browser of their own, its UI language remembered on it. */
async function openBrowser(
  browser: Browser,
  language: Language,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript(
    (lang) => {
      if (!window.localStorage.getItem('translocoLang')) window.localStorage.setItem('translocoLang', lang);
    },
    language === 'de' ? 'de-DE' : 'en',
  );
  const page = await context.newPage();
  return { context, page };
}

for (const language of ['en', 'de'] as const) {
  test(`a forgotten password, ${language}: the link by mail sets a new one, once`, async ({
    browser,
    page: adminPage,
  }) => {
    test.setTimeout(180_000);
    const t = texts[language];
    const email = `forgot-${language}-${stamp}@example.com`;

    // The administrator creates the person (its language is the mail's) and later reads the outbox.
    await signIn(adminPage, demoUsers.admin);
    const admin = await bearerOf(adminPage);
    const created = await adminPage.request.post(apiRoutes.createUser.path, {
      headers: admin,
      data: {
        name: language === 'de' ? 'Greta Vergessen' : 'Gary Forgetful',
        email,
        password: 'Initial-kiwi-lantern-31',
        roleKey: 'organisationmember',
        subscription: 'basic',
        uiLanguage: language === 'de' ? 'de-DE' : 'en',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const { context, page } = await openBrowser(browser, language);
    try {
      await page.goto('/login');
      await expect(page.getByRole('link', { name: t.forgot })).toBeVisible();
      await shoot(page, `login-${language}`);
      await page.getByRole('link', { name: t.forgot }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `forgot-${language}`);

      await page.getByLabel(t.email).fill(email);
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByTestId('password-reset-sent')).toContainText(t.sent);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `sent-${language}`);

      // The mail, as Management → Mail shows it: the link in its text.
      let mailId: string | undefined;
      await expect(async () => {
        const listed = await adminPage.request.get(apiRoutes.listOutbox.path, { headers: admin });
        const { mails } = (await listed.json()) as { mails: { id: string; to: string; subject: string }[] };
        mailId = mails.find((mail) => mail.to === email && mail.subject === t.subject)?.id;
        expect(mailId).toBeDefined();
      }).toPass({ timeout: 30_000 });
      const mail = (await (
        await adminPage.request.get(pathOf(apiRoutes.getOutboxMail, { id: mailId! }), { headers: admin })
      ).json()) as { text: string };
      const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeDefined();
      const { pathname, hash } = new URL(link!);

      await page.goto(`${pathname}${hash}`);
      await expect(page.getByRole('heading', { name: t.resetTitle })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `reset-${language}`);

      // The password rules of decision 022 apply; the link stays usable after a refusal.
      await page.getByLabel(t.next, { exact: true }).fill('qwerty123456');
      await page.getByLabel(t.repeat).fill('qwerty123456');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.common)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `reset-refused-${language}`);

      const chosen = `Harbour-kiwi-lantern-${language}-58`;
      await page.getByLabel(t.next, { exact: true }).fill(chosen);
      await page.getByLabel(t.repeat).fill(chosen);
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByTestId('password-reset-done')).toContainText(t.done);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `reset-done-${language}`);

      await page.getByRole('link', { name: t.signIn }).click();
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.password, { exact: true }).fill(chosen);
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      await expect(page.getByTestId('menu-panel')).toBeVisible();

      // The link worked once.
      const other = await context.newPage();
      await other.goto(`${pathname}${hash}`);
      await other.getByLabel(t.next, { exact: true }).fill(`${chosen}-again`);
      await other.getByLabel(t.repeat).fill(`${chosen}-again`);
      await other.getByRole('button', { name: t.save }).click();
      await expect(other.getByRole('alert')).toContainText(t.used);
      await expectNoSeriousA11yViolations(other);
      await shoot(other, `link-used-${language}`);
    } finally {
      await context.close();
    }
  });
}

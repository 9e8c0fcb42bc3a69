import type { Browser, Page } from '@playwright/test';
import { demoUsers, expect, test } from './fixtures';
import { e2eProvider } from './oidc-provider';
import { expectNoSeriousA11yViolations, signInWithLanguage } from './shell-support';

// Single sign-on (decision 020): an administrator registers the organisation's OpenID provider in
// management → Sign-in, and people sign in "with their organisation" through the provider's own pages
// (a real `oidc-provider` on a loopback port, started by playwright.config.ts). English with Demo GmbH,
// German with Beispiel AG, so each organisation has its own provider and e-mail domain.
test.describe.configure({ mode: 'serial' });

const texts = {
  en: {
    section: 'Sign-in',
    title: 'Single sign-on (OpenID Connect)',
    issuerUrl: 'Issuer URL',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    domains: 'E-mail domains',
    save: 'Save',
    saved: 'Sign-in settings saved',
    secretStored: 'A secret is stored',
    twoFactor: 'Two-factor sign-in',
    verified: 'Verified',
    unverified: 'Not verified',
    verify: (domain: string) => `Verify ${domain}`,
    recordMissing: 'with your organisation’s value was not found',
    domainVerified: 'Domain verified',
    open: 'Sign in with your organisation',
    email: 'Work e-mail',
    continue: 'Continue to your organisation',
    unknownDomain: 'There is no single sign-on for this e-mail domain',
    notVerified: 'has not confirmed your e-mail address',
  },
  'de-DE': {
    section: 'Anmeldung',
    title: 'Single Sign-on (OpenID Connect)',
    issuerUrl: 'Aussteller-URL (Issuer)',
    clientId: 'Client-ID',
    clientSecret: 'Client-Geheimnis',
    domains: 'E-Mail-Domains',
    save: 'Speichern',
    saved: 'Anmeldeeinstellungen gespeichert',
    secretStored: 'Ein Geheimnis ist gespeichert',
    twoFactor: 'Zwei-Faktor-Anmeldung',
    verified: 'Bestätigt',
    unverified: 'Nicht bestätigt',
    verify: (domain: string) => `${domain} bestätigen`,
    recordMissing: 'mit dem Wert Ihrer Organisation wurde nicht gefunden',
    domainVerified: 'Domain bestätigt',
    open: 'Mit Ihrer Organisation anmelden',
    email: 'Geschäftliche E-Mail-Adresse',
    continue: 'Weiter zu Ihrer Organisation',
    unknownDomain: 'Für diese E-Mail-Domain gibt es kein Single Sign-on',
    notVerified: 'hat Ihre E-Mail-Adresse nicht bestätigt',
  },
} as const;
type Language = keyof typeof texts;

const scenarios = {
  en: { admin: demoUsers.admin, domain: 'sso-e2e.example', person: 'anna' },
  'de-DE': { admin: demoUsers.otherAdmin, domain: 'beispiel-sso-e2e.example', person: 'bernd' },
} as const;

/** The one provider all journey workers' servers share (playwright.config.ts: port + 60). */
function issuerOf(): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 60}`;
}

/** Publishes a TXT record in the journey's DNS (e2e/oidc-provider.ts: the provider's port + 1). */
async function publishTxtRecord(name: string, value: string) {
  const port = Number(new URL(issuerOf()).port) + 1;
  const response = await fetch(`http://127.0.0.1:${port}/txt`, {
    method: 'POST',
    body: JSON.stringify({ name, value }),
  });
  expect(response.ok).toBe(true);
}

/** A fresh browser whose login screen speaks `language` (the remembered UI language, docs/product.md §1). */
async function freshPage(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((lang) => window.localStorage.setItem('translocoLang', lang), language);
  return context.newPage();
}

/** On the login screen: "Sign in with your organisation" with `email`. */
async function startSingleSignOn(page: Page, language: Language, email: string) {
  const t = texts[language];
  await page.goto('/login');
  await page.locator('summary', { hasText: t.open }).click();
  await page.getByLabel(t.email).fill(email);
  await page.getByRole('button', { name: t.continue }).click();
}

/** The provider's own login and consent pages (oidc-provider's development interactions). */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

for (const language of ['en', 'de-DE'] as const) {
  const t = texts[language];
  const scenario = scenarios[language];

  test(`[${language}] an administrator registers the organisation's provider in management → Sign-in`, async ({
    page,
  }) => {
    await signInWithLanguage(page, scenario.admin, language);
    await page.goto('/management/sign-in');
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    // The two-factor policy belongs to the same section (decision 021).
    await expect(page.getByRole('heading', { name: t.twoFactor })).toBeVisible();
    await expect(page.getByRole('link', { name: t.section })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('textbox', { name: t.issuerUrl }).fill(issuerOf());
    await page.getByRole('textbox', { name: t.clientId }).fill(e2eProvider.clientId);
    await page.getByRole('textbox', { name: t.clientSecret }).fill(e2eProvider.clientSecret);
    const domains = page.getByRole('combobox', { name: t.domains });
    await domains.fill(scenario.domain);
    await domains.press('Enter');
    await expectNoSeriousA11yViolations(page, 'main');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();

    // The secret went in and never comes back out: the form only says that one is stored.
    await expect(page.getByText(t.secretStored)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.clientSecret })).toHaveValue('');
    expect(await page.content()).not.toContain(e2eProvider.clientSecret);

    // The domain signs nobody in before its DNS TXT record proves it belongs to the organisation.
    const row = page.getByTestId(`domain-${scenario.domain}`);
    await expect(row.getByText(t.unverified, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'main');
    await page.screenshot({ path: test.info().outputPath(`sso-management-${language}.png`), fullPage: true });
    await page.getByRole('button', { name: t.verify(scenario.domain) }).click();
    await expect(page.getByTestId('domain-proof-error')).toContainText(t.recordMissing);
    const codes = row.locator('code');
    const recordName = (await codes.nth(0).textContent()) ?? '';
    expect(recordName).toBe(`_report-cockpit.${scenario.domain}`);
    await publishTxtRecord(recordName, (await codes.nth(2).textContent()) ?? '');
    await page.getByRole('button', { name: t.verify(scenario.domain) }).click();
    await expect(page.getByText(t.domainVerified)).toBeVisible();
    await expect(row.getByText(t.verified, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t.verify(scenario.domain) })).toHaveCount(0);
    await page.screenshot({
      path: test.info().outputPath(`sso-management-verified-${language}.png`),
      fullPage: true,
    });
  });

  test(`[${language}] a person signs in with the organisation through the provider's pages`, async ({
    browser,
  }) => {
    const page = await freshPage(browser, language);
    try {
      await page.goto('/login');
      await page.locator('summary', { hasText: t.open }).click();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`sso-login-${language}.png`) });
      await startSingleSignOn(page, language, e2eProvider.accounts[scenario.person].email);
      await expect(page).toHaveURL(/127\.0\.0\.1/);
      await signInAtProvider(page, scenario.person);
      // Back at the cockpit, signed in, on the reports home like after a password sign-in.
      await expect(page.getByTestId('menu-panel')).toBeVisible();
      await expect(page).toHaveURL(/\/reports$/);
    } finally {
      await page.context().close();
    }
  });
}

test('[en] an e-mail domain without a provider gets a clear message', async ({ browser }) => {
  const page = await freshPage(browser, 'en');
  try {
    await startSingleSignOn(page, 'en', 'someone@no-provider.example');
    await expect(page.getByTestId('sso-error')).toContainText(texts.en.unknownDomain);
  } finally {
    await page.context().close();
  }
});

test('[de-DE] an e-mail address the provider has not verified gets a clear German message', async ({
  browser,
}) => {
  const page = await freshPage(browser, 'de-DE');
  try {
    await startSingleSignOn(page, 'de-DE', e2eProvider.accounts.carla.email);
    await signInAtProvider(page, 'carla');
    await expect(page).toHaveURL(/\/login\?ssoError=email_not_verified/);
    await expect(page.getByTestId('sso-error')).toContainText(texts['de-DE'].notVerified);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('sso-login-error-de-DE.png') });
  } finally {
    await page.context().close();
  }
});

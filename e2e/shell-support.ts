import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { apiRoutes, type UiLanguageName, type UserSettingsUpdate } from '@cockpit/contracts';
import { expect, signIn } from './fixtures';

// Helpers of the navigation shell journeys (e2e/shell.spec.ts, e2e/idle.spec.ts).

/** The texts the journeys look for, per UI language (the same keys as the locale files). */
export const texts = {
  en: {
    favorites: 'Favorites',
    menu: 'Menu',
    notifications: /^Notifications/,
    support: 'Support',
    settings: 'Settings',
    logout: 'Log out',
    collapse: 'Collapse side panel',
    expand: 'Expand side panel',
    search: 'Search the menu',
    tooShort: 'Type at least 2 characters to search.',
    nothingFound: 'Nothing found',
    totalView: 'Total View',
    totalViewSubTitle: 'All key figures at a glance',
    salesGroup: 'Sales',
    externalGroup: 'External Services',
    marketData: 'Market Data Portal',
    pinTotalView: 'Pin Total View to favorites',
    unpinTotalView: 'Unpin Total View from favorites',
    favoritesReports: 'Reports',
    noFavorites: 'No favorites yet',
    knowledgeBase: /Knowledge base/,
    tutorial: /Start the interactive tutorial/,
    language: 'Language',
    settingsSaved: 'Settings saved',
    saveSettings: 'Save settings',
    culture: 'Format of dates and numbers',
    currency: 'Currency symbol',
    displayName: 'Display name',
    currentPassword: 'Current password',
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
    changePassword: 'Change password',
    wrongCurrent: 'The current password is not correct.',
    tooShortPassword: 'The new password needs at least 12 characters.',
    passwordChanged: 'Password changed',
    signIn: 'Sign in',
    stay: 'Stay signed in',
    stillThere: 'Are you still there?',
  },
  'de-DE': {
    favorites: 'Favoriten',
    menu: 'Menü',
    notifications: /^Benachrichtigungen/,
    support: 'Support',
    settings: 'Einstellungen',
    logout: 'Abmelden',
    collapse: 'Seitenleiste einklappen',
    expand: 'Seitenleiste ausklappen',
    search: 'Menü durchsuchen',
    tooShort: 'Geben Sie mindestens 2 Zeichen ein, um zu suchen.',
    nothingFound: 'Nichts gefunden',
    totalView: 'Gesamtübersicht',
    totalViewSubTitle: 'Alle Kennzahlen auf einen Blick',
    salesGroup: 'Vertrieb',
    externalGroup: 'Externe Dienste',
    marketData: 'Marktdatenportal',
    pinTotalView: 'Gesamtübersicht zu den Favoriten hinzufügen',
    unpinTotalView: 'Gesamtübersicht aus den Favoriten entfernen',
    favoritesReports: 'Berichte',
    noFavorites: 'Noch keine Favoriten',
    knowledgeBase: /Wissensdatenbank/,
    tutorial: /Interaktive Einführung starten/,
    language: 'Sprache',
    settingsSaved: 'Einstellungen gespeichert',
    saveSettings: 'Einstellungen speichern',
    culture: 'Format für Datum und Zahlen',
    currency: 'Währungssymbol',
    displayName: 'Anzeigename',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    repeatPassword: 'Neues Passwort wiederholen',
    changePassword: 'Passwort ändern',
    wrongCurrent: 'Das aktuelle Passwort ist nicht korrekt.',
    tooShortPassword: 'Das neue Passwort braucht mindestens 12 Zeichen.',
    passwordChanged: 'Passwort geändert',
    signIn: 'Anmelden',
    stay: 'Angemeldet bleiben',
    stillThere: 'Sind Sie noch da?',
  },
} as const;
export type ShellLanguage = keyof typeof texts;
export type ShellTexts = (typeof texts)[ShellLanguage];

/** The option labels of the language dropdown. */
export const languageLabels: Record<UiLanguageName, string> = {
  en: 'English',
  'de-DE': 'Deutsch (Deutschland)',
  'de-AT': 'Deutsch (Österreich)',
};

/** Every request to another host is answered locally: journeys never depend on the internet. */
export async function stubOtherHosts(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stub</title>' });
    },
  );
  return requested;
}

/** A bearer token of the signed-in browser (its session cookie), for setting up and cleaning up. */
export async function bearerOf(page: Page): Promise<{ authorization: string }> {
  const response = await page.request.get(apiRoutes.getToken.path);
  expect(response.ok(), 'the browser has a session').toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Puts a demo user's settings back (the journeys share the server's database with other specs). */
export async function restoreSettings(page: Page, settings: UserSettingsUpdate): Promise<void> {
  const response = await page.request.put(apiRoutes.getUserSettings.path, {
    headers: await bearerOf(page),
    data: settings,
  });
  expect(response.ok(), `restoring the settings: ${response.status()}`).toBe(true);
}

/** Unpins through the API (cleanup after a journey that pinned something). */
export async function unpin(page: Page, kind: 'report' | 'dashboard', name: string): Promise<void> {
  const response = await page.request.put(apiRoutes.updatePin.path, {
    headers: await bearerOf(page),
    data: { kind, name, isPinned: false },
  });
  expect(response.ok()).toBe(true);
}

/** Signs in and switches the UI to `language` with the header's dropdown (which also saves it). */
export async function signInWithLanguage(
  page: Page,
  user: { email: string; password: string },
  language: ShellLanguage,
): Promise<ShellTexts> {
  await signIn(page, user);
  if (language !== 'en') {
    // The header's choice is saved to the account: wait for it, or the next page load would find the old
    // language there and switch back to it.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === apiRoutes.updateUserSettings.path,
    );
    await page.getByRole('combobox', { name: texts.en.language }).selectOption(languageLabels[language]);
    await expect(page.getByRole('button', { name: texts[language].favorites, exact: true })).toBeVisible();
    expect((await saved).ok()).toBe(true);
  }
  return texts[language];
}

/** axe-core on the page (or a part of it): no serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  // Judged without transitions (the app honours reduced motion): a tooltip caught halfway through its
  // fade-in would otherwise be measured at half contrast.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await builder.analyze().finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The demo administrator's and member's own settings (apps/server/src/seed/demo-data.ts): formats follow the language. */
export const englishDefaults = { uiLanguage: 'en', uiCulture: 'auto', currencySymbol: '€' } as const;

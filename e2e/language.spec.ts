import { languageStorageKey } from '@cockpit/contracts';
import type { Page } from '@playwright/test';
import { test, expect, signIn, demoUsers } from './fixtures';
import { englishDefaults, languageLabels, restoreSettings, texts } from './shell-support';

// docs/product.md §1: the UI language is remembered (under `translocoLang`). For each of the three languages: a
// reload of the login screen keeps it, signed out; chosen in the header while signed in, it survives a
// reload and is still there on the login screen after signing out.

const languages = ['en', 'de-DE', 'de-AT'] as const;
const loginTitle = { en: 'Login', 'de-DE': 'Anmeldung', 'de-AT': 'Anmeldung' } as const;

/** What the page says its language is: the stored choice and the document's `lang`. */
async function rememberedLanguage(page: Page): Promise<[string | null, string]> {
  return page.evaluate(
    (key) => [localStorage.getItem(key), document.documentElement.lang],
    languageStorageKey,
  );
}

test.describe('the chosen language is remembered', () => {
  for (const language of languages) {
    test(`signed out: a reload of the login screen stays in ${language}`, async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveTitle(/Login/);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [languageStorageKey, language],
      );
      await page.reload();
      await expect(page).toHaveTitle(new RegExp(loginTitle[language]));
      await expect.poll(() => rememberedLanguage(page)).toEqual([language, language]);
      // Once more: nothing on the way overwrote the choice.
      await page.reload();
      await expect(page).toHaveTitle(new RegExp(loginTitle[language]));
      expect(await rememberedLanguage(page)).toEqual([language, language]);
    });

    test(`signed in: ${language} chosen in the header survives a reload and signing out`, async ({
      page,
    }) => {
      // The header's words are the same in both German languages; the stored choice and `lang` tell them apart.
      const t = texts[language === 'en' ? 'en' : 'de-DE'];
      await signIn(page, demoUsers.member);
      try {
        if (language !== 'en') {
          await page
            .getByRole('combobox', { name: texts.en.language })
            .selectOption(languageLabels[language]);
        }
        await expect(page.getByRole('button', { name: t.favorites, exact: true })).toBeVisible();
        await expect.poll(() => rememberedLanguage(page)).toEqual([language, language]);

        await page.reload();
        await expect(page.getByRole('button', { name: t.favorites, exact: true })).toBeVisible();
        expect(await rememberedLanguage(page)).toEqual([language, language]);
      } finally {
        // The member's saved language goes back to English for the other journeys (the browser keeps its choice).
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.member.displayName });
      }

      await page.getByRole('button', { name: t.logout, exact: true }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(page).toHaveTitle(new RegExp(loginTitle[language]));
      await page.reload();
      await expect(page).toHaveTitle(new RegExp(loginTitle[language]));
      expect(await rememberedLanguage(page)).toEqual([language, language]);
    });
  }
});

import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { apiRoutes, pathOf, type ManagedUsersResponse, type RowRulesResponse } from '@cockpit/contracts';
import { demoUsers, expect, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// Row rules once per source (docs/decisions/044-row-rules.md), in a real browser: an administrator adds
// a rule "sales_by_day.region = user attribute region" on the demo's uploaded tables in Management → Data;
// a member with region North opens "Sales by Region", whose SQL never mentions the attribute, and sees
// North only; a reader without the attribute is told which attribute is missing. English and German,
// axe clean; each language removes its rule again (the other specs expect the seed).
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const languages = ['en', 'de-DE'] as const;
type Language = (typeof languages)[number];

const locales = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(
      readFileSync(new URL(`../packages/contracts/src/locales/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>;

function textOf(language: Language) {
  return (key: string, values: Record<string, string> = {}): string => {
    const text = locales[language][key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

/** The demo's regions in both languages: North (Nord) stays, the others go. */
const north = { en: 'North', 'de-DE': 'Nord' } as const;
const others = ['South', 'Süd', 'East', 'Ost', 'West', 'Austria', 'Österreich'];

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: test.info().outputPath(`row-rules-${name}.png`), fullPage: true });
}

/** Set-up and clean-up through the API: the member's region (the journey of own-data.spec.ts sets it in Users). */
async function setRegion(admin: Page, email: string, region: string | null): Promise<void> {
  const headers = await bearerOf(admin);
  const list = await admin.request.get(`${apiRoutes.listUsers.path}?search=${encodeURIComponent(email)}`, {
    headers,
  });
  const found = ((await list.json()) as ManagedUsersResponse).items.find(
    (candidate) => candidate.email === email,
  );
  expect(found, email).toBeTruthy();
  const response = await admin.request.patch(pathOf(apiRoutes.updateUser, { id: found!.id }), {
    headers,
    data: { attributes: region === null ? {} : { region: [region] } },
  });
  expect(response.ok(), `setting ${email}'s attributes: ${response.status()}`).toBe(true);
}

/** Removes every row rule of the uploaded tables (clean-up, also after a failed journey). */
async function removeRules(admin: Page): Promise<void> {
  const headers = await bearerOf(admin);
  const listed = await admin.request.get(pathOf(apiRoutes.listRowRules, { name: 'uploads' }), { headers });
  for (const rule of ((await listed.json()) as RowRulesResponse).items) {
    await admin.request.delete(pathOf(apiRoutes.deleteRowRule, { name: 'uploads', id: rule.id }), {
      headers,
    });
  }
}

async function openReader(browser: Browser, user: { email: string; password: string }, language: Language) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInWithLanguage(page, user, language);
  return { context, page, errors };
}

for (const language of languages) {
  const t = textOf(language);

  test(`[${language}] an administrator adds a row rule on the demo's sales table; a member with region North sees North only in a report whose SQL never names the attribute`, async ({
    browser,
    page,
  }) => {
    await signInWithLanguage(page, demoUsers.admin, language);
    try {
      await setRegion(page, demoUsers.member.email, 'North');
      await page.goto('/management/data/sources/uploads');
      const section = page.getByRole('region', { name: t('management.data.rowRules.title') });
      await expect(section.getByText(t('management.data.rowRules.emptyTitle'))).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await shoot(page, `empty-${language}`);

      // The rule, by keyboard where a person would type: table and column picked from the source's tables.
      await section.getByRole('button', { name: t('management.data.rowRules.add') }).click();
      const dialog = page.getByRole('dialog', { name: t('management.data.rowRules.addTitle') });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('combobox', { name: t('management.data.rowRules.table') }).click();
      await page.getByRole('option', { name: 'sales_by_day', exact: true }).click();
      await dialog.getByRole('combobox', { name: t('management.data.rowRules.column') }).click();
      await page.getByRole('option', { name: 'region', exact: true }).click();
      await dialog.getByRole('textbox', { name: t('management.data.rowRules.attribute') }).fill('region');
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await shoot(page, `dialog-${language}`);
      await dialog.getByRole('button', { name: t('management.save') }).click();
      await expect(dialog).toBeHidden();
      const row = section.getByTestId('row-rule-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('sales_by_day');
      await expect(row).toContainText(t('management.data.rowRules.filtered'));
      await expectNoSeriousA11yViolations(page, 'main');
      await shoot(page, `listed-${language}`);

      // The member with region North: "Sales by Region" (its SQL names no attribute) shows North only.
      const member = await openReader(browser, demoUsers.member, language);
      try {
        await member.page.goto('/reports/sales-by-region');
        const table = member.page.getByTestId('data-table');
        await expect(table).toContainText(north[language]);
        for (const region of others) await expect(table).not.toContainText(region);
        await expectNoSeriousA11yViolations(member.page, 'main');
        await shoot(member.page, `member-north-${language}`);
        expect(member.errors).toEqual([]);
      } finally {
        await restoreSettings(member.page, { ...englishDefaults, displayName: demoUsers.member.displayName });
        await member.context.close();
      }

      // A reader without the attribute: nothing from the table, and which attribute is missing.
      const basic = await openReader(browser, demoUsers.basic, language);
      try {
        await basic.page.goto('/reports/sales-by-region');
        await expect(
          basic.page.getByText(t('reports.state.rowRuleText', { attribute: 'region' })),
        ).toBeVisible();
        for (const region of [north[language], ...others])
          await expect(basic.page.getByRole('main')).not.toContainText(region);
        await expectNoSeriousA11yViolations(basic.page, 'main');
        await shoot(basic.page, `without-attribute-${language}`);
        expect(basic.errors).toEqual([]);
      } finally {
        await restoreSettings(basic.page, { ...englishDefaults, displayName: demoUsers.basic.displayName });
        await basic.context.close();
      }

      // Removed in the page: every region again for everyone.
      await section
        .getByRole('button', { name: t('management.data.deleteNamed', { name: 'sales_by_day.region' }) })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('management.data.delete') })
        .click();
      await expect(section.getByText(t('management.data.rowRules.emptyTitle'))).toBeVisible();
    } finally {
      await removeRules(page);
      await setRegion(page, demoUsers.member.email, null);
      if (language !== 'en')
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });
}

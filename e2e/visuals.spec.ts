import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiRoutes, pathOf } from '@cockpit/contracts';
import { demoUsers, expect, test } from './fixtures';
import {
  bearerOf,
  englishDefaults,
  expectNoSeriousA11yViolations,
  restoreSettings,
  signInWithLanguage,
} from './shell-support';

// KPIs and charts that need no SQL tricks (docs/decisions/047-kpi-aggregation-and-split-charts.md): an
// author gives a definition a summed KPI compared with the previous period and a bar chart split by
// region in the editor, saves it, and the report page shows the total with its change and one series per
// region — in English and German, axe clean, at 1440 and 390 pixels.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
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
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = locales[language][key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

const run = Date.now().toString(36);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Sales over the last twelve months (460 in all: North, South and West in two months) and in the twelve
 * months before (160): the KPI's previous period.
 */
const rows: [string, string, number][] = [
  [daysAgo(30), 'North', 150],
  [daysAgo(30), 'South', 70],
  [daysAgo(60), 'North', 120],
  [daysAgo(60), 'South', 80],
  [daysAgo(60), 'West', 40],
  [daysAgo(400), 'North', 100],
  [daysAgo(400), 'South', 60],
];
const sql = `select cast(date_trunc('month', day) as date) as month, region, sum(revenue) as revenue
from (values ${rows.map(([day, region, revenue]) => `(date '${day}', '${region}', ${revenue})`).join(', ')}) as sales(day, region, revenue)
where day between {{period.from}} and {{period.to}}
group by 1, 2
order by 1, 2`;

const clientBody = {
  useBackendTranslation: false,
  isoLanguageName: 'en',
  cultureName: 'en-GB',
  currencySymbol: '€',
};

/** The definition without visuals and its menu item (set-up: the editor journey adds the visuals). */
async function createDefinition(page: Page, name: string): Promise<void> {
  const headers = await bearerOf(page);
  const created = await page.request.post(apiRoutes.createDefinition.path, {
    headers,
    data: {
      ...clientBody,
      name,
      source: 'uploads',
      sql,
      parameters: [
        {
          name: 'period',
          type: 'date-range',
          label: { en: 'Period', de: 'Zeitraum' },
          required: false,
          default: { preset: 'last-12-months' },
        },
      ],
      columns: [
        { name: 'month', label: { en: 'Month', de: 'Monat' }, format: 'month' },
        { name: 'region', label: { en: 'Region', de: 'Region' }, format: 'text' },
        { name: 'revenue', label: { en: 'Revenue', de: 'Umsatz' }, format: 'currency' },
      ],
      visuals: [],
      cacheSeconds: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = await page.request.post(apiRoutes.createItem.path, {
    headers,
    data: {
      ...clientBody,
      name,
      group: 'sales',
      title: { en: `Sales by region ${run}`, de: `Umsatz nach Region ${run}` },
      report: { kind: 'query', definition: name },
    },
  });
  expect(item.status(), await item.text()).toBe(200);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [device, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    const collapse = page.getByRole('button', { name: /^(Collapse side panel|Seitenleiste einklappen)$/ });
    if (device === 'phone' && (await collapse.isVisible())) await collapse.click();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({ path: test.info().outputPath(`visuals-${name}-${device}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const language of languages) {
  const t = textOf(language);

  test(`[${language}] an author adds a summed KPI against the previous period and a bar chart split by region, and the report shows them`, async ({
    page,
  }) => {
    const name = `e2e-visuals-${language.toLowerCase()}-${run}`;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithLanguage(page, demoUsers.admin, language);
    try {
      await createDefinition(page, name);
      await page.goto(`/management/data/definitions/${name}`);

      // Key figures: revenue summed over all rows, compared with the previous period of "period".
      await page.getByRole('button', { name: t('management.data.visual.addKpi'), exact: true }).click();
      const kpi = page.getByTestId('visual-fields').first();
      const kpiColumns = kpi.getByLabel(t('management.data.visual.kpiColumns'), { exact: true });
      await kpiColumns.click();
      await kpiColumns.press('Backspace');
      await page.getByRole('option', { name: 'revenue', exact: true }).click();
      await kpiColumns.press('Escape');
      await kpi
        .getByRole('combobox', { name: t('management.data.visual.aggregate.label', { column: 'revenue' }) })
        .click();
      await page
        .getByRole('option', { name: t('management.data.visual.aggregate.sum'), exact: true })
        .click();
      await kpi
        .getByRole('combobox', { name: t('management.data.visual.compare.label', { column: 'revenue' }) })
        .click();
      await page
        .getByRole('option', {
          name: t('management.data.visual.compare.previousPeriod', { name: 'period' }),
          exact: true,
        })
        .click();

      // A bar chart of revenue per month, one series per region.
      await page.getByRole('button', { name: t('management.data.visual.addChart'), exact: true }).click();
      const chart = page.getByTestId('visual-fields').nth(1);
      await chart.getByRole('combobox', { name: t('management.data.visual.chartKind') }).click();
      await page.getByRole('option', { name: t('management.data.visual.bar'), exact: true }).click();
      const series = chart.getByLabel(t('management.data.visual.series'), { exact: true });
      await series.click();
      await series.press('Backspace');
      await page.getByRole('option', { name: 'revenue', exact: true }).click();
      await series.press('Escape');
      await chart.getByRole('combobox', { name: t('management.data.visual.splitBy') }).click();
      await page.getByRole('option', { name: 'region', exact: true }).click();
      await expect(chart.getByLabel(t('management.data.visual.value'), { exact: true })).toBeVisible();

      // The preview draws both from its rows, the previous period's too, as the page will.
      const editor = page.getByRole('textbox', { name: t('management.data.definition.sql'), exact: true });
      await editor.click();
      await page.keyboard.press('Control+Enter');
      const preview = page.getByTestId('preview-result');
      await expect(preview.getByTestId('kpi-value')).toContainText('460');
      await expect(preview.getByTestId('kpi-comparison')).toContainText('160');
      await expect(preview.getByTestId('report-chart')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'main');
      await shoot(page, `editor-${language}`);

      await page.getByRole('button', { name: t('management.data.save'), exact: true }).click();
      await expect(page.getByRole('button', { name: t('management.data.save'), exact: true })).toBeEnabled();
      await expect
        .poll(async () => {
          const response = await page.request.get(apiRoutes.listDefinitions.path, {
            headers: await bearerOf(page),
          });
          const text = await response.text();
          return text.includes(name) && text.includes('"splitBy":"region"');
        })
        .toBe(true);

      // The report page: the total, the previous period's and the change, then one series per region.
      await page.goto(`/reports/${name}`);
      const card = page.getByTestId('kpi-cards');
      await expect(card.getByTestId('kpi-value')).toContainText('460');
      await expect(card.getByTestId('kpi-comparison')).toContainText(t('reports.kpi.previousPeriod'));
      await expect(card.getByTestId('kpi-comparison')).toContainText('160');
      const change = card.getByTestId('kpi-change');
      // "+€300.00 (+187.5%)" in English, "+300,00 € (+187,5 %)" in German.
      await expect(change).toContainText(/\+\D?300[.,]00/);
      await expect(change).toContainText(/\(\+187[.,]5\s?%\)/);
      await expect(change).toHaveAttribute('data-good', 'true');
      await expect(change).toHaveAttribute('data-direction', 'up');
      const drawn = page.getByTestId('report-chart');
      for (const region of ['North', 'South', 'West']) await expect(drawn).toContainText(region);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `report-${language}`);
      expect(errors).toEqual([]);
    } finally {
      const headers = await bearerOf(page);
      await page.request.delete(pathOf(apiRoutes.deleteItem, { name }), { headers });
      await page.request.delete(pathOf(apiRoutes.deleteDefinition, { name }), { headers });
      if (language !== 'en')
        await restoreSettings(page, { ...englishDefaults, displayName: demoUsers.admin.displayName });
    }
  });
}

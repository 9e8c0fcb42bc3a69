import { apiRoutes, catalogueDocumentSchema, pathOf, reportResponseSchema } from '@cockpit/contracts';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, user, userAttributes } from '../src/db/core-tables';
import { uploadsSchemaName } from '../src/data-sources';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { createUploadedTable, organisationIdOf } from './helpers/uploaded-tables';

// Downloads of a query report (docs/decisions/027-reports-over-own-data.md, "Results"): the whole SQL
// result streamed as CSV or XLSX, for the reader exactly as the report page runs it — values bound, the
// reader's user attributes applied, audiences as everywhere, a missing attribute refused.

type Email = (typeof demoUsers)[keyof typeof demoUsers];

const orders = [
  ['2026-01-05', 'North', 120.5, 'first; "quoted"'],
  ['2026-01-20', 'South', 80, 'line\nbreak'],
  ['2026-02-03', 'North', 30.25, '=SUM(A1)'],
  ['2026-02-14', 'West', 200, null],
  ['2026-03-01', 'South', 55.75, 'plain'],
] as const;

const listing = {
  name: 'order-list',
  source: 'uploads',
  sql: `select day, region, amount, note from orders
where day between {{period.from}} and {{period.to}}
  [[ and region = any({{regions}}) ]]
order by day`,
  parameters: [
    {
      name: 'period',
      type: 'date-range',
      label: { en: 'Period', de: 'Zeitraum' },
      required: true,
      default: { from: '2026-01-01', to: '2026-12-31' },
    },
    {
      name: 'regions',
      type: 'multi-choice',
      label: { en: 'Regions', de: 'Regionen' },
      options: [{ value: 'North' }, { value: 'South' }, { value: 'West' }],
    },
  ],
  columns: [
    { name: 'day', label: { en: 'Day', de: 'Tag' }, format: 'date' },
    { name: 'region', label: { en: 'Region', de: 'Region' }, format: 'text' },
    { name: 'amount', label: { en: 'Amount', de: 'Betrag' }, format: 'currency' },
    { name: 'note', label: { en: 'Note', de: 'Notiz' }, format: 'text' },
  ],
  visuals: [{ type: 'table', id: 'table' }],
  cacheSeconds: 0,
};

const mine = {
  name: 'my-order-list',
  source: 'uploads',
  sql: 'select day, region, amount from orders where region = any({{user.attributes.region}}) order by day',
  parameters: [],
  columns: [],
  visuals: [{ type: 'table', id: 'table' }],
  cacheSeconds: 300,
};

describe.each(testDrivers())('report downloads (%s)', (driver) => {
  let t: TestApp;
  let schema: string;

  beforeAll(async () => {
    // A few sales rows: the demo's region report has names to translate.
    t = await buildTestApp(driver, { salesRows: 2_000 });
    const organisationId = await organisationIdOf(t);
    schema = uploadsSchemaName(organisationId);
    await createUploadedTable(
      t,
      organisationId,
      'orders',
      'day date not null, region text not null, amount numeric(12,2) not null, note text',
      orders,
    );
    const exported = catalogueDocumentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: apiRoutes.exportCatalogue.path,
          headers: await t.bearer(demoUsers.admin),
        })
      ).json(),
    );
    const imported = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.importCatalogue.path,
      headers: await t.bearer(demoUsers.admin),
      payload: {
        ...exported,
        definitions: [...(exported.definitions ?? []), listing, mine],
        menu: [
          ...exported.menu,
          {
            name: 'own-data',
            title: { en: 'Own data' },
            items: [
              {
                name: 'order-list',
                title: { en: 'Order list' },
                report: { kind: 'query', definition: 'order-list' },
              },
              {
                name: 'my-order-list',
                title: { en: 'My orders' },
                report: { kind: 'query', definition: 'my-order-list' },
              },
              {
                name: 'admin-order-list',
                title: { en: 'Orders for administrators' },
                audience: { roles: ['organisationadministrator'] },
                report: { kind: 'query', definition: 'order-list' },
              },
            ],
          },
        ],
      } as unknown as Record<string, unknown>,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    // The member reads in English with a British culture (commas, decimal points).
    const settings = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.updateUserSettings.path,
      headers: await t.bearer(demoUsers.member),
      payload: { uiLanguage: 'en', uiCulture: 'en-GB', currencySymbol: '€', displayName: 'Member' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(() => t?.close());

  const download = async (
    name: string,
    format: 'csv' | 'xlsx',
    values?: unknown,
    email: Email = demoUsers.member,
  ) =>
    t.app.inject({
      method: 'GET',
      url: `${pathOf(apiRoutes.downloadReport, { name })}?format=${format}${
        values === undefined ? '' : `&values=${encodeURIComponent(JSON.stringify(values))}`
      }`,
      headers: await t.bearer(email),
    });

  /** The rows the database itself returns for the same SQL and values. */
  const direct = async (where: string) => {
    const result = await t.database.db.execute(
      sql.raw(
        `select to_char(day, 'YYYY-MM-DD') as day, region, amount::float8 as amount, note from "${schema}".orders ${where} order by day`,
      ),
    );
    return (
      result as unknown as { rows: { day: string; region: string; amount: number; note: string | null }[] }
    ).rows;
  };

  const readXlsx = async (body: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  };

  it('streams the SQL result as CSV: header labels in the UI language, raw values, the one CSV rule', async () => {
    const response = await download('order-list', 'csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="order-list.csv"');
    const expected = await direct('');
    const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
    const lines = expected.map((row) =>
      [
        row.day,
        row.region,
        // An amount with the 2 decimals of its format (currency), as the page shows it.
        row.amount.toFixed(2),
        row.note === null ? '' : field(row.note.startsWith('=') ? `'${row.note}` : row.note),
      ].join(','),
    );
    expect(response.body).toBe(`\uFEFFDay,Region,Amount,Note\r\n${lines.join('\r\n')}\r\n`);
  });

  it('writes German labels, semicolons and decimal commas for a German culture', async () => {
    const settings = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.updateUserSettings.path,
      headers: await t.bearer(demoUsers.basic),
      payload: { uiLanguage: 'de-AT', uiCulture: 'de-AT', currencySymbol: '€', displayName: 'Basic' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const response = await download('order-list', 'csv', { regions: ['North'] }, demoUsers.basic);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(
      `\uFEFFTag;Region;Betrag;Notiz\r\n2026-01-05;North;120,50;"first; ""quoted"""\r\n2026-02-03;North;30,25;'=SUM(A1)\r\n`,
    );
  });

  it("writes a translated column in the reader's language, as the report page shows it: German names for German readers", async () => {
    const [organisation] = await t.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Demo GmbH'));
    const namesOf = async (column: 'name_en' | 'name_de') => {
      const result = await t.database.db.execute(
        sql`select ${sql.raw(column)} as name from sales_regions where organisation_id = ${organisation!.id} order by 1`,
      );
      return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    };
    const regionsIn = async (language: string, format: 'csv' | 'xlsx') => {
      // The demo's region report by region (decision 027: its `region` column has `translations: { de: 'region_de' }`).
      const response = await t.app.inject({
        method: 'GET',
        url: `${pathOf(apiRoutes.downloadReport, { name: 'sales-by-region' })}?format=${format}&isoLanguageName=${language}&values=${encodeURIComponent(
          JSON.stringify({ period: { preset: 'all' }, grouping: 'region' }),
        )}`,
        headers: await t.bearer(demoUsers.member),
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows =
        format === 'xlsx'
          ? (await readXlsx(response.rawPayload)).map((row) => row.map((cell) => String(cell ?? '')))
          : response.body
              .replace(/^\uFEFF/, '')
              .trimEnd()
              .split('\r\n')
              .map((line) => line.split(','));
      const at = rows[0]!.indexOf('Region');
      expect(at, `${language} ${format}: ${rows[0]!.join('|')}`).toBeGreaterThanOrEqual(0);
      return [...new Set(rows.slice(1).map((row) => row[at]!))].sort();
    };
    const english = await namesOf('name_en');
    const german = await namesOf('name_de');
    expect(german).not.toEqual(english);
    for (const format of ['csv', 'xlsx'] as const) {
      expect(await regionsIn('en', format), format).toEqual(english.toSorted());
      expect(await regionsIn('de-DE', format), format).toEqual(german.toSorted());
      expect(await regionsIn('de-AT', format), format).toEqual(german.toSorted());
    }
  });

  it('streams the SQL result as XLSX with the values bound', async () => {
    const values = { period: { from: '2026-01-01', to: '2026-02-28' }, regions: ['North', 'South'] };
    const response = await download('order-list', 'xlsx', values);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="order-list.xlsx"');
    const rows = await readXlsx(response.rawPayload);
    const expected = await direct(
      `where day between '2026-01-01' and '2026-02-28' and region in ('North', 'South')`,
    );
    expect(rows[0]).toEqual(['Day', 'Region', 'Amount', 'Note']);
    expect(
      rows
        .slice(1)
        .map((row) => [(row[0] as Date).toISOString().slice(0, 10), row[1], row[2], row[3] ?? null]),
    ).toEqual(expected.map((row) => [row.day, row.region, row.amount, row.note]));
    expect(expected).toHaveLength(3);
    // Each column with its number format: the date as a date, the amount with the reader's symbol.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells = workbook.worksheets[0]!.getRow(2);
    expect(cells.getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(cells.getCell(3).numFmt).toBe('"€"#,##0.00');
    expect(cells.getCell(2).numFmt).toBeUndefined();
  });

  it("filters by the reader's user attribute: region North gets only North's rows; without it 403", async () => {
    const without = await download('my-order-list', 'csv');
    expect(without.statusCode).toBe(403);
    expect(without.json().error.message).toMatch(/not available for your account/i);

    const [member] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.member));
    await t.database.db
      .insert(userAttributes)
      .values({ userId: member!.id, attributes: { region: ['North'] } });
    const csv = await download('my-order-list', 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toBe('\uFEFFday,region,amount\r\n2026-01-05,North,120.50\r\n2026-02-03,North,30.25\r\n');
    const xlsx = await download('my-order-list', 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    const rows = await readXlsx(xlsx.rawPayload);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['North', 'North']);
    // The administrator has no region: never another user's rows, never unfiltered.
    expect((await download('my-order-list', 'csv', undefined, demoUsers.admin)).statusCode).toBe(403);
  });

  it('runs afresh for the refresh button (refresh=true) and only for that one run', async () => {
    const page = async (refresh: boolean) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${pathOf(apiRoutes.getReport, { name: 'my-order-list' })}${refresh ? '?refresh=true' : ''}`,
        headers: await t.bearer(demoUsers.member),
      });
      expect(response.statusCode, response.body).toBe(200);
      return reportResponseSchema.parse(response.json()).info;
    };
    await page(false);
    expect((await page(false))?.fromCache).toBe(true);
    const fresh = await page(true);
    expect(fresh?.fromCache).toBe(false);
    const after = await page(false);
    // The fresh result is the cached one now.
    expect(after).toEqual({ ...fresh, fromCache: true });
  });

  it("keeps audiences: a report outside the reader's audience or organisation is not found", async () => {
    expect((await download('admin-order-list', 'csv')).statusCode).toBe(404);
    const admin = await download('admin-order-list', 'csv', undefined, demoUsers.admin);
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await download('order-list', 'csv', undefined, demoUsers.beispielAdmin)).statusCode).toBe(404);
  });

  it('refuses bad values with a 400 naming them, and a report that is not a query report with 404', async () => {
    const wrong = await download('order-list', 'csv', { regions: 'North' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('regions');
    const format = await t.app.inject({
      method: 'GET',
      url: `${pathOf(apiRoutes.downloadReport, { name: 'order-list' })}?format=pdf`,
      headers: await t.bearer(demoUsers.member),
    });
    expect(format.statusCode).toBe(400);
    expect((await download('sales-overview', 'csv')).statusCode).toBe(404);
  });

  it("counts against the reader's report limit like the report page: a fifth at once is 429, and a sent file gives its place back", async () => {
    const [member] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.member));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Four report queries of this member are running (or waiting for their turn).
    const running = Array.from({ length: 4 }, () => t.app.reportQueryLimiter.run(member!.id, () => held));
    try {
      const refused = await download('order-list', 'csv');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another reader is not limited by this member's queries (on PGlite it waits its turn).
      const other = download('order-list', 'csv', undefined, demoUsers.admin);
      release();
      expect((await other).statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(running);
    }
    const sent = await download('order-list', 'xlsx');
    expect(sent.statusCode).toBe(200);
    const refusedValues = await download('order-list', 'csv', { regions: 'North' });
    expect(refusedValues.statusCode).toBe(400);
    // Sent or refused, every download gave its place back.
    expect(t.app.reportQueryLimiter.load).toEqual({ running: 0, waiting: 0 });
    const fifth = await Promise.all(Array.from({ length: 5 }, () => download('order-list', 'csv')));
    expect(fifth.map((answer) => answer.statusCode).every((status) => status === 200 || status === 429)).toBe(
      true,
    );
    expect((await download('order-list', 'csv')).statusCode).toBe(200);
  });

  it('logs each download in the query log with its purpose and rows', async () => {
    const rows = await t.database.db.execute(
      sql`select purpose, rows from query_log where definition_name = 'order-list' and purpose = 'download' and error is null`,
    );
    const logged = (rows as unknown as { rows: { purpose: string; rows: number }[] }).rows;
    expect(logged.map((row) => row.rows)).toEqual(expect.arrayContaining([5, 2, 3]));
  });
});

import {
  apiRoutes,
  type CatalogueDocument,
  catalogueDocumentSchema,
  dashboardResponseSchema,
  dashboardTileDataResponseSchema,
  definitionPreviewResponseSchema,
  pathOf,
  reportResponseSchema,
} from '@cockpit/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, userAttributes } from '../src/db/core-tables';
import { uploadsSchemaName } from '../src/data-sources';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { createUploadedTable, organisationIdOf } from './helpers/uploaded-tables';

// Query reports (docs/decisions/027-reports-over-own-data.md): a report defined in SQL over the
// organisation's uploaded tables, through the catalogue, THE executor and the report page's answer —
// parameters bound, results as the database computes them, per-user attributes on every run.

type Email = (typeof demoUsers)[keyof typeof demoUsers];

const orders = [
  ['2026-01-05', 'North', 120.5],
  ['2026-01-20', 'South', 80],
  ['2026-02-03', 'North', 30.25],
  ['2026-02-14', 'West', 200],
  ['2026-03-01', 'South', 55.75],
] as const;

const definition = {
  name: 'orders-by-month',
  source: 'uploads',
  sql: `select to_char(day, 'YYYY-MM') as month, sum(amount) as amount, count(*) as orders,
  sum(sum(amount)) over () as total
from orders
where day between {{period.from}} and {{period.to}}
  [[ and region = any({{regions}}) ]]
group by 1
order by 1`,
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
      optionsSql: 'select distinct region from orders order by 1',
    },
  ],
  columns: [
    { name: 'month', label: { en: 'Month', de: 'Monat' }, format: 'text' },
    { name: 'amount', label: { en: 'Amount', de: 'Betrag' }, format: 'currency' },
    { name: 'orders', label: { en: 'Orders', de: 'Bestellungen' }, format: 'integer' },
    { name: 'total', label: { en: 'Total', de: 'Summe' }, format: 'currency' },
  ],
  visuals: [
    { type: 'kpi', id: 'totals', items: [{ column: 'total' }] },
    { type: 'chart', id: 'trend', kind: 'bar', x: 'month', series: ['amount'] },
    { type: 'table', id: 'table', columns: ['month', 'amount', 'orders'] },
  ],
  cacheSeconds: 0,
};

const mine = {
  name: 'my-orders',
  source: 'uploads',
  sql: 'select region, sum(amount) as amount from orders where region = any({{user.attributes.region}}) group by 1 order by 1',
  parameters: [],
  columns: [],
  visuals: [{ type: 'table', id: 'table' }],
  cacheSeconds: 300,
};

describe.each(testDrivers())('query reports (%s)', (driver) => {
  let t: TestApp;
  let organisationId: string;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    organisationId = await organisationIdOf(t);
    await createUploadedTable(
      t,
      organisationId,
      'orders',
      'day date not null, region text not null, amount numeric(12,2) not null',
      orders,
    );
  });
  afterAll(() => t?.close());

  const call = (email: Email, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.as(email, method, url, payload);
  const exported = async () =>
    catalogueDocumentSchema.parse(
      (await call(demoUsers.admin, 'GET', apiRoutes.exportCatalogue.path)).json(),
    );
  const withOwnData = (document: CatalogueDocument, definitions: unknown[]): unknown => ({
    ...document,
    // The demo's own definitions stay (its menu shows them); these come after.
    definitions: [...(document.definitions ?? []), ...definitions],
    dashboards: [
      ...document.dashboards,
      {
        name: 'own-boards',
        title: { en: 'Own boards' },
        dashboards: [
          {
            layoutId: 777,
            title: { en: 'Orders' },
            parameters: [
              {
                name: 'regions',
                type: 'multi-choice',
                label: { en: 'Regions' },
                options: [{ value: 'North' }, { value: 'South' }, { value: 'West' }],
                default: ['South'],
              },
            ],
            tiles: [
              { type: 'kpi', definition: 'orders-by-month', title: { en: 'Total' }, width: 4 },
              {
                type: 'table',
                definition: 'orders-by-month',
                visual: 'table',
                title: { en: 'Months' },
                width: 8,
              },
            ],
          },
        ],
      },
    ],
    menu: [
      ...document.menu,
      {
        name: 'own-data',
        title: { en: 'Own data' },
        items: [
          {
            name: 'orders-by-month',
            title: { en: 'Orders by month' },
            report: { kind: 'query', definition: 'orders-by-month' },
          },
          {
            name: 'my-orders',
            title: { en: 'My orders' },
            report: { kind: 'query', definition: 'my-orders' },
          },
        ],
      },
    ],
  });
  const report = (name: string, values?: unknown, email: Email = demoUsers.member) =>
    call(
      email,
      'GET',
      `${pathOf(apiRoutes.getReport, { name })}${values === undefined ? '' : `?values=${encodeURIComponent(JSON.stringify(values))}`}`,
    );

  it('imports definitions over the uploaded tables and exports them again without changes', async () => {
    const before = await exported();
    const imported = await call(
      demoUsers.admin,
      'PUT',
      apiRoutes.importCatalogue.path,
      withOwnData(before, [definition, mine]),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const after = await exported();
    expect(after.definitions?.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['orders-by-month', 'my-orders']),
    );
    const again = await call(demoUsers.admin, 'POST', apiRoutes.previewCatalogueImport.path, after);
    expect(again.json()).toEqual({ changes: [] });
  });

  it('answers the SQL result as KPIs, chart and table, equal to the database, with parameters and data time', async () => {
    const response = await report('orders-by-month');
    expect(response.statusCode, response.body).toBe(200);
    const answer = reportResponseSchema.parse(response.json());
    expect(answer.report.kind).toBe('query');
    const table = answer.data?.table;
    expect(table?.rows).toEqual([
      ['2026-01', 200.5, 2],
      ['2026-02', 230.25, 2],
      ['2026-03', 55.75, 1],
    ]);
    expect(answer.data?.kpis).toEqual([
      expect.objectContaining({ value: 486.5, format: 'currency', label: 'Total' }),
    ]);
    expect(answer.data?.charts[0]).toMatchObject({
      kind: 'bar',
      categories: ['2026-01', '2026-02', '2026-03'],
    });
    expect(answer.data?.charts[0]?.series[0]?.values).toEqual([200.5, 230.25, 55.75]);
    const regions = answer.parameters?.find((parameter) => parameter.name === 'regions');
    expect(regions?.options?.map((option) => option.value)).toEqual(['North', 'South', 'West']);
    expect(answer.info).toMatchObject({ fromCache: false, cutAtRows: null });
    expect(Date.parse(answer.info!.dataAsOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('binds a multi-choice and a date range the reader chooses', async () => {
    const response = await report('orders-by-month', {
      period: { from: '2026-01-01', to: '2026-02-28' },
      regions: ['North'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(reportResponseSchema.parse(response.json()).data?.table?.rows).toEqual([
      ['2026-01', 120.5, 1],
      ['2026-02', 30.25, 1],
    ]);
  });

  it('refuses an injection attempt in a choice from a query before anything runs: nothing extra, nothing changed', async () => {
    const response = await report('orders-by-month', {
      regions: ["North') or 1=1 --", "x'; drop table orders; --"],
    });
    // Not one of the reader's options (docs/decisions/038-one-run-path.md): a 400 naming it.
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toContain("'regions'");
    const count = await t.database.db.execute(
      sql.raw(`select count(*)::int as n from "${uploadsSchemaName(organisationId)}".orders`),
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(orders.length);
  });

  it("shows a definition's visuals as tiles that follow the dashboard's parameters", async () => {
    const board = await call(demoUsers.member, 'GET', pathOf(apiRoutes.getDashboard, { layoutId: '777' }));
    expect(board.statusCode, board.body).toBe(200);
    const layout = dashboardResponseSchema.parse(board.json());
    expect(layout.parameters?.[0]).toMatchObject({ name: 'regions', value: ['South'] });
    const [kpiTile, tableTile] = layout.tiles;
    const tileUrl = (tileId: string, values?: unknown) =>
      `${pathOf(apiRoutes.getDashboardTile, { layoutId: '777', tileId })}${values === undefined ? '' : `?values=${encodeURIComponent(JSON.stringify(values))}`}`;
    // The dashboard's default: South only.
    const kpi = dashboardTileDataResponseSchema.parse(
      (await call(demoUsers.member, 'GET', tileUrl(kpiTile!.id))).json(),
    );
    expect(kpi.data.kpis.map((entry) => entry.value)).toEqual([135.75]);
    expect(kpi.info?.fromCache).toBe(false);
    // The reader's choice on the dashboard: North.
    const table = dashboardTileDataResponseSchema.parse(
      (await call(demoUsers.member, 'GET', tileUrl(tableTile!.id, { regions: ['North'] }))).json(),
    );
    expect(table.data.table?.rows).toEqual([
      ['2026-01', 120.5, 1],
      ['2026-02', 30.25, 1],
    ]);
    expect(table.data.kpis).toEqual([]);
  });

  it('refuses values that are not JSON, not declared or of the wrong type with a 400 naming them', async () => {
    const notJson = await call(
      demoUsers.member,
      'GET',
      `${pathOf(apiRoutes.getReport, { name: 'orders-by-month' })}?values=%7Bnope`,
    );
    expect(notJson.statusCode).toBe(400);
    const unknown = await report('orders-by-month', { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('colour');
    const wrongType = await report('orders-by-month', { regions: 'North' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toContain('regions');
  });

  it("binds the reader's own attribute: without it the report is not available, with it only their rows", async () => {
    const without = await report('my-orders');
    expect(without.statusCode).toBe(403);
    expect(without.json().error.message).toMatch(/not available for your account/i);

    const [member] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.member));
    await t.database.db
      .insert(userAttributes)
      .values({ userId: member!.id, attributes: { region: ['North', 'West'] } });
    const withAttribute = await report('my-orders');
    expect(withAttribute.statusCode, withAttribute.body).toBe(200);
    expect(reportResponseSchema.parse(withAttribute.json()).data?.table?.rows).toEqual([
      ['North', 150.75],
      ['West', 200],
    ]);
    // Another user's cached answer is never served: the attribute values are part of the key.
    const admin = await report('my-orders', undefined, demoUsers.admin);
    expect(admin.statusCode).toBe(403);
  });

  it('refuses a definition that is not one SELECT, or names an undeclared parameter, with its JSON path', async () => {
    const current = await exported();
    const ours = new Set(['orders-by-month', 'my-orders']);
    const before: CatalogueDocument = {
      ...current,
      definitions: current.definitions?.filter((entry) => !ours.has(entry.name)),
      menu: current.menu.filter((group) => group.name !== 'own-data'),
      dashboards: current.dashboards.filter((group) => group.name !== 'own-boards'),
    };
    const writing = await call(
      demoUsers.admin,
      'PUT',
      apiRoutes.importCatalogue.path,
      withOwnData(before, [{ ...definition, sql: 'delete from orders' }, mine]),
    );
    expect(writing.statusCode).toBe(400);
    expect(writing.json().error.message).toMatch(/\$\.definitions\[\d+\]\.sql/);
    const undeclared = await call(
      demoUsers.admin,
      'PUT',
      apiRoutes.importCatalogue.path,
      withOwnData(before, [{ ...definition, sql: 'select * from orders where region = {{colour}}' }, mine]),
    );
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().error.message).toContain('colour');
    const unknownSource = await call(
      demoUsers.admin,
      'PUT',
      apiRoutes.importCatalogue.path,
      withOwnData(before, [{ ...definition, source: 'warehouse' }, mine]),
    );
    expect(unknownSource.statusCode).toBe(400);
    expect(unknownSource.json().error.message).toMatch(/\$\.definitions\[\d+\]\.source/);
  });

  it('keeps another organisation out: its administrator can neither open nor import over these definitions', async () => {
    const foreign = await report('orders-by-month', undefined, demoUsers.beispielAdmin);
    expect(foreign.statusCode).toBe(404);
  });

  describe("the SQL editor's preview", () => {
    const preview = (body: unknown) => call(demoUsers.admin, 'POST', apiRoutes.previewDefinition.path, body);

    it('runs an unsaved definition on its source and shows the result with the parameters it found', async () => {
      const response = await preview({ definition, values: { regions: ['South'] } });
      expect(response.statusCode, response.body).toBe(200);
      const answer = definitionPreviewResponseSchema.parse(response.json());
      expect(answer.error).toBeNull();
      expect(answer.detectedParameters).toEqual(['period', 'regions']);
      // Whole numbers told apart from others, so the editor proposes each column's format.
      expect(answer.resultColumns.map(({ name, kind }) => [name, kind])).toEqual([
        ['month', 'text'],
        ['amount', 'number'],
        ['orders', 'integer'],
        ['total', 'number'],
      ]);
      expect(answer.data?.table?.rows).toEqual([
        ['2026-01', 80, 1],
        ['2026-03', 55.75, 1],
      ]);
      // The rows themselves come along: the editor draws changed visuals from them without running the SQL.
      expect(answer.rows).toHaveLength(2);
      expect(answer.rows[0]).toHaveLength(4);

      // Columns not declared yet: a count stays a whole number, a sum of money a number.
      const undeclared = definitionPreviewResponseSchema.parse(
        (
          await preview({ definition: { ...definition, columns: [] }, values: { regions: ['South'] } })
        ).json(),
      );
      expect(undeclared.data?.table?.columns.map(({ key, format }) => [key, format])).toEqual([
        ['month', 'text'],
        ['amount', 'number'],
        ['orders', 'integer'],
      ]);
    });

    it("answers the database's own error with its position in the SQL as written", async () => {
      const sqlText = 'select {{period.from}} as since, amount from orders where nonsense_column > 1';
      const response = await preview({
        definition: { ...definition, sql: sqlText, visuals: [] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = definitionPreviewResponseSchema.parse(response.json());
      expect(answer.error?.message).toMatch(/nonsense_column/);
      expect(answer.error?.position).toBe(sqlText.indexOf('nonsense_column') + 1);
    });

    it('binds the chosen user\'s attributes ("Preview as") and refuses a user of another organisation', async () => {
      const [member] = await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, demoUsers.member));
      const asMember = await preview({ definition: mine, asUserId: member!.id });
      expect(asMember.statusCode, asMember.body).toBe(200);
      expect(definitionPreviewResponseSchema.parse(asMember.json()).data?.table?.rows).toEqual([
        ['North', 150.75],
        ['West', 200],
      ]);
      const asAdmin = definitionPreviewResponseSchema.parse((await preview({ definition: mine })).json());
      expect(asAdmin.error?.message).toMatch(/not available for your account/i);
      const [foreign] = await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, demoUsers.beispielAdmin));
      const outside = await preview({ definition: mine, asUserId: foreign!.id });
      expect(outside.statusCode).toBe(400);
    });
  });
});

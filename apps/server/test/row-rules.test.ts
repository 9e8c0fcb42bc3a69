import { randomBytes } from 'node:crypto';
import {
  type CatalogueDocument,
  apiRoutes,
  catalogueDocumentSchema,
  dashboardResponseSchema,
  dashboardTileDataResponseSchema,
  definitionPreviewResponseSchema,
  errorCodes,
  pathOf,
  reportResponseSchema,
  rowRuleSchema,
  rowRulesResponseSchema,
  uploadPreviewResponseSchema,
} from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '../src/auth/authenticated-user';
import { managementActivity } from '../src/activity';
import { queryLog } from '../src/data-sources';
import { user, userAttributes } from '../src/db/core-tables';
import { createSubscriptionsRepository } from '../src/features/subscriptions/subscriptions-repository';
import { createReportPages } from '../src/features/reports/report-pages';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Row rules once per source (docs/decisions/044-row-rules.md): a rule "sales.region = attribute region"
// filters every definition reading the table — whether or not its SQL mentions the attribute — on every
// run path (page, tile, download, mail, preview, "Preview as", choices), on PostgreSQL, MariaDB and
// uploaded tables; joins, CTEs, subqueries, aliases, a table named twice and schema names included. A
// reader without the attribute gets nothing and a message naming it; an administrator marked "sees all
// rows" gets every row.

const suffix = randomBytes(4).toString('hex');
const password = `Row-Rules-Passw0rd-${suffix}`;
const pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `rowrules_${suffix}`;
const pgReader = `rowrules_reader_${suffix}`;
const mysqlTable = `rr_sales_${suffix}`;
const mysqlRegions = `rr_regions_${suffix}`;
const mysqlReader = `rr_${suffix}`;

const sales: [string, number][] = [
  ['North', 1],
  ['North', 2],
  ['South', 11],
  ['South', 12],
  ['East', 21],
];

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function withMysql<T>(work: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    database: 'test',
  });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

beforeAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`create database ${pgDatabase}`);
    await client.query(`create role ${pgReader} login password '${password}'`);
  });
  await withPg(pgAdminUrl.replace(/\/postgres$/, `/${pgDatabase}`), async (client) => {
    await client.query('create schema shop');
    for (const table of ['public.sales', 'shop.sales']) {
      await client.query(`create table ${table} (region text not null, amount integer not null)`);
      for (const [region, amount] of sales)
        await client.query(`insert into ${table} values ($1, $2)`, [region, amount]);
    }
    await client.query('create table regions (region text not null, manager text not null)');
    await client.query(`insert into regions values ('North', 'Nina'), ('South', 'Sam'), ('East', 'Eve')`);
    await client.query(`grant usage on schema shop to ${pgReader}`);
    await client.query(`grant select on public.sales, shop.sales, regions to ${pgReader}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`create table ${mysqlTable} (region varchar(20) not null, amount int not null)`);
    await connection.query(
      `insert into ${mysqlTable} values ${sales.map(() => '(?, ?)').join(', ')}`,
      sales.flat(),
    );
    await connection.query(
      `create table ${mysqlRegions} (region varchar(20) not null, manager varchar(20) not null)`,
    );
    await connection.query(
      `insert into ${mysqlRegions} values ('North', 'Nina'), ('South', 'Sam'), ('East', 'Eve')`,
    );
    await connection.query(`create user '${mysqlReader}'@'%' identified by '${password}'`);
    await connection.query(`grant select on test.${mysqlTable} to '${mysqlReader}'@'%'`);
    await connection.query(`grant select on test.${mysqlRegions} to '${mysqlReader}'@'%'`);
  });
});

afterAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`drop database if exists ${pgDatabase} with (force)`);
    await client.query(`drop role if exists ${pgReader}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`drop table if exists ${mysqlTable}, ${mysqlRegions}`);
    await connection.query(`drop user if exists '${mysqlReader}'@'%'`);
  });
});

interface SourceCase {
  kind: 'postgres' | 'mysql' | 'uploads';
  source: string;
  table: string;
  regions: string;
  /** The rule's schema (null: any). */
  schema: string | null;
  /** Statements over the ruled table (none mentions the attribute) and the amounts the member (North) may see. */
  statements: [string, number[]][];
}

const sourceCases: SourceCase[] = [
  {
    kind: 'postgres',
    source: 'rr-postgres',
    table: 'sales',
    regions: 'regions',
    schema: 'public',
    statements: [
      ['select amount from sales order by 1', [1, 2]],
      ['select s.amount from public.sales as s join regions r on r.region = s.region order by 1', [1, 2]],
      ['with x as (select * from sales) select amount from x order by 1', [1, 2]],
      [
        'select amount from regions, (select * from "sales") q where q.region = regions.region order by 1',
        [1, 2],
      ],
      ['select a.amount from sales a join sales b on a.amount = b.amount order by 1', [1, 2]],
      [
        'select amount from sales where amount in (select amount from sales where amount > 1) order by 1',
        [2],
      ],
      // Another schema's table of the same name has no rule.
      ['select amount from shop.sales order by 1', [1, 2, 11, 12, 21]],
    ],
  },
  {
    kind: 'mysql',
    source: 'rr-mysql',
    table: mysqlTable,
    regions: mysqlRegions,
    schema: 'test',
    statements: [
      [`select amount from ${mysqlTable} order by 1`, [1, 2]],
      [
        `select s.amount from test.${mysqlTable} as s join ${mysqlRegions} r on r.region = s.region order by 1`,
        [1, 2],
      ],
      [`with x as (select * from ${mysqlTable}) select amount from x order by 1`, [1, 2]],
      [
        `select amount from ${mysqlRegions}, (select * from \`${mysqlTable}\`) q where q.region = ${mysqlRegions}.region order by 1`,
        [1, 2],
      ],
      [`select a.amount from ${mysqlTable} a join ${mysqlTable} b on a.amount = b.amount order by 1`, [1, 2]],
      [
        `select amount from ${mysqlTable} where amount in (select amount from ${mysqlTable} where amount > 1) order by 1`,
        [2],
      ],
    ],
  },
  {
    kind: 'uploads',
    source: 'uploads',
    table: 'rr_sales',
    regions: 'rr_regions',
    schema: null,
    statements: [
      ['select amount from rr_sales order by 1', [1, 2]],
      ['select s.amount from rr_sales s join rr_regions r on r.region = s.region order by 1', [1, 2]],
      ['with x as (select * from rr_sales) select amount from x order by 1', [1, 2]],
      ['select a.amount from rr_sales a join rr_sales b on a.amount = b.amount order by 1', [1, 2]],
      [
        'select amount from rr_sales where amount in (select amount from rr_sales where amount > 1) order by 1',
        [2],
      ],
    ],
  },
];

const definitionOf = (
  source: SourceCase,
  sql = `select region, amount from ${source.table} order by amount`,
) => ({
  name: `rr-${source.kind}`,
  source: source.source,
  sql,
  parameters: [
    {
      name: 'region',
      type: 'choice' as const,
      label: { en: 'Region', de: 'Region' },
      required: false,
      // No attribute here: the rule narrows the options.
      optionsSql: `select distinct region from ${source.table} order by 1`,
    },
  ],
  columns: [],
  visuals: [{ type: 'table' as const, id: 'table' }],
  cacheSeconds: 60,
});

/** A multipart body as a browser's FormData sends it: the fields first, then the file. */
async function multipart(fields: Record<string, string>, file: { name: string; content: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.content]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe.each(testDrivers())('row rules (%s)', (driver) => {
  let t: TestApp;
  let member: AuthenticatedUser;
  let memberId: string;
  let basicId: string;

  const as = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    email: string = demoUsers.member,
  ) =>
    t.app.inject({
      method,
      url,
      headers: await t.bearer(email),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const rulesPath = (source: string) => pathOf(apiRoutes.listRowRules, { name: source });
  const rulePath = (source: string, id: string) => pathOf(apiRoutes.updateRowRule, { name: source, id });

  async function uploadCsv(table: string, content: string) {
    const form = await multipart({}, { name: 'x.csv', content });
    const preview = uploadPreviewResponseSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: pathOf(apiRoutes.previewUpload, { name: 'uploads' }),
          headers: { ...(await t.bearer(demoUsers.admin)), ...form.headers },
          payload: form.payload,
        })
      ).json(),
    );
    const body = await multipart(
      {
        options: JSON.stringify({
          table,
          mode: 'replace',
          valueStyle: preview.valueStyle,
          columns: preview.columns,
        }),
      },
      { name: 'x.csv', content },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: pathOf(apiRoutes.uploadTable, { name: 'uploads' }),
      headers: { ...(await t.bearer(demoUsers.admin)), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp(driver, { env: { DATA_SOURCE_HOSTS: '127.0.0.1' } });
    for (const [kind, connection] of [
      ['postgres', { host: '127.0.0.1', port: 5432, database: pgDatabase, user: pgReader }],
      ['mysql', { host: '127.0.0.1', port: 3306, database: 'test', user: mysqlReader }],
    ] as const) {
      const created = await as(
        'POST',
        apiRoutes.createDataSource.path,
        { name: `rr-${kind}`, title: { en: `Rules ${kind}` }, kind, connection, password },
        demoUsers.admin,
      );
      expect(created.statusCode, created.body).toBe(201);
    }
    await uploadCsv(
      'rr_sales',
      `region,amount\n${sales.map(([region, amount]) => `${region},${amount}`).join('\n')}\n`,
    );
    await uploadCsv('rr_regions', 'region,manager\nNorth,Nina\nSouth,Sam\nEast,Eve\n');

    const exported = catalogueDocumentSchema.parse(
      (await as('GET', apiRoutes.exportCatalogue.path, undefined, demoUsers.admin)).json(),
    );
    const document: CatalogueDocument = {
      ...exported,
      definitions: [...(exported.definitions ?? []), ...sourceCases.map((source) => definitionOf(source))],
      dashboards: [
        ...exported.dashboards,
        {
          name: 'rr-boards',
          title: { en: 'Rule boards' },
          dashboards: sourceCases.map((source, index) => ({
            layoutId: 770 + index,
            title: { en: `Rules ${source.kind}` },
            tiles: [
              {
                type: 'table',
                definition: `rr-${source.kind}`,
                visual: 'table',
                title: { en: 'Sales' },
                width: 12,
              },
            ],
          })),
        },
      ] as CatalogueDocument['dashboards'],
      menu: [
        ...exported.menu,
        {
          name: 'rr-menu',
          title: { en: 'Rules' },
          items: sourceCases.map((source) => ({
            name: `rr-${source.kind}`,
            title: { en: `Sales ${source.kind}` },
            report: { kind: 'query' as const, definition: `rr-${source.kind}` },
          })),
        },
      ],
    };
    const imported = await as('PUT', apiRoutes.importCatalogue.path, document, demoUsers.admin);
    expect(imported.statusCode, imported.body).toBe(200);

    const [memberRow] = await t.database.db.select().from(user).where(eq(user.email, demoUsers.member));
    memberId = memberRow!.id;
    const [basicRow] = await t.database.db.select().from(user).where(eq(user.email, demoUsers.basic));
    basicId = basicRow!.id;
    await t.database.db
      .insert(userAttributes)
      .values({ userId: memberId, attributes: { region: ['North'] } });
    member = (await createSubscriptionsRepository(t.database.db).reader(memberId))!;
  });
  afterAll(() => t?.close());

  /** The rule on the source's table, created through the API (administrators only). */
  async function addRule(source: SourceCase, administratorsSeeAll = true) {
    const created = await as(
      'POST',
      rulesPath(source.source),
      {
        schema: source.schema,
        table: source.table,
        column: 'region',
        attribute: 'region',
        administratorsSeeAll,
      },
      demoUsers.admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    return rowRuleSchema.parse(created.json());
  }

  async function previewAs(source: SourceCase, sql: string, asUserId?: string) {
    const response = await as(
      'POST',
      apiRoutes.previewDefinition.path,
      { definition: definitionOf(source, sql), values: {}, ...(asUserId ? { asUserId } : {}) },
      demoUsers.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    return definitionPreviewResponseSchema.parse(response.json());
  }

  it('is for administrators only, and refuses a table or column the source does not have', async () => {
    const source = sourceCases[0]!;
    expect((await as('GET', rulesPath(source.source))).statusCode).toBe(403);
    expect(
      (await as('POST', rulesPath(source.source), { table: 'sales', column: 'region', attribute: 'region' }))
        .statusCode,
    ).toBe(403);
    const noTable = await as(
      'POST',
      rulesPath(source.source),
      { schema: 'public', table: 'nope', column: 'region', attribute: 'region' },
      demoUsers.admin,
    );
    expect(noTable.statusCode).toBe(400);
    expect(noTable.body).toContain("'nope'");
    const noColumn = await as(
      'POST',
      rulesPath(source.source),
      { schema: 'public', table: 'sales', column: 'nope', attribute: 'region' },
      demoUsers.admin,
    );
    expect(noColumn.statusCode).toBe(400);
    const listed = rowRulesResponseSchema.parse(
      (await as('GET', rulesPath(source.source), undefined, demoUsers.admin)).json(),
    );
    expect(listed.items).toEqual([]);
    // Another organisation's administrator does not see the source.
    expect((await as('GET', rulesPath(source.source), undefined, demoUsers.beispielAdmin)).statusCode).toBe(
      404,
    );
  });

  describe.each(sourceCases)('over $kind', (source) => {
    it('withholds the other regions on every run path, from SQL that never mentions the attribute', async () => {
      const name = `rr-${source.kind}`;
      // Before the rule: the member sees every region (the report is cached for 60 s).
      const before = reportResponseSchema.parse(
        (await as('GET', pathOf(apiRoutes.getReport, { name }))).json(),
      );
      expect(before.data!.table!.rows).toHaveLength(5);

      const rule = await addRule(source);
      const amounts = (rows: readonly (readonly unknown[])[]) => rows.map((row) => Number(row[1]));
      const north = [1, 2];

      // The page (a new rule bumps the source's version: the cached answer is not used), and its choices.
      const page = reportResponseSchema.parse(
        (await as('GET', pathOf(apiRoutes.getReport, { name }))).json(),
      );
      expect(amounts(page.data!.table!.rows as unknown[][])).toEqual(north);
      expect(page.parameters?.[0]?.options?.map((option) => option.value)).toEqual(['North']);
      // A tile.
      const layoutId = String(770 + sourceCases.indexOf(source));
      const board = dashboardResponseSchema.parse(
        (await as('GET', pathOf(apiRoutes.getDashboard, { layoutId }))).json(),
      );
      const tile = dashboardTileDataResponseSchema.parse(
        (
          await as('GET', pathOf(apiRoutes.getDashboardTile, { layoutId, tileId: board.tiles[0]!.id }))
        ).json(),
      );
      expect(amounts(tile.data.table!.rows as unknown[][])).toEqual(north);
      // A download.
      const download = await as('GET', `${pathOf(apiRoutes.downloadReport, { name })}?format=csv`);
      expect(download.statusCode, download.body).toBe(200);
      const csv = download.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean)
        .slice(1);
      expect(csv.map((line) => Number(line.split(',')[1]))).toEqual(north);
      // A mail and its attachment (deliveries run as their recipient).
      const deliveries = createReportPages(t.app).forReader;
      const mail = await deliveries.load(member, name, 'en', {});
      expect(amounts(mail.data!.table!.rows as unknown[][])).toEqual(north);
      const attachment = (await deliveries.file(member, name, 'csv', {}, 'en')).content.toString('utf8');
      expect(attachment).not.toContain('South');
      // "Preview as" the member: the rows and which rule applied.
      const preview = await previewAs(source, definitionOf(source).sql, memberId);
      expect(amounts(preview.data!.table!.rows as unknown[][])).toEqual(north);
      expect(preview.rowRules).toEqual([
        {
          table: source.schema ? `${source.schema}.${source.table}` : source.table,
          column: 'region',
          attribute: 'region',
          seesAll: false,
        },
      ]);
      // A choice the rule withholds is not offered.
      const refused = await as(
        'GET',
        `${pathOf(apiRoutes.getReport, { name })}?values=${encodeURIComponent(JSON.stringify({ region: 'South' }))}`,
      );
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { error: { code: string } }).error.code).toBe(errorCodes.choiceNotOffered);
      // The query log keeps the attribute values used.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const logged = await t.database.db.select().from(queryLog).where(eq(queryLog.definitionName, name));
      expect(
        logged.some((entry) =>
          JSON.stringify(entry.parameters).includes('"user.attributes.region":["North"]'),
        ),
      ).toBe(true);

      // Joins, CTEs, subqueries, aliases, a table named twice, schema names.
      for (const [sql, expected] of source.statements) {
        const answer = await previewAs(source, sql, memberId);
        expect(answer.error, sql).toBeNull();
        expect(
          answer.data!.table!.rows.map((row) => Number(row[0])),
          sql,
        ).toEqual(expected);
      }

      // Without the attribute: nothing, and a message naming it — on the page and in the preview.
      const basicPage = await as('GET', pathOf(apiRoutes.getReport, { name }), undefined, demoUsers.basic);
      expect(basicPage.statusCode).toBe(403);
      const body = basicPage.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe(errorCodes.rowRuleAttributeMissing);
      expect(body.error.message).toContain("'region'");
      expect(basicPage.body).not.toContain('South');
      const basicPreview = await previewAs(source, definitionOf(source).sql, basicId);
      expect(basicPreview.data).toBeNull();
      expect(basicPreview.error?.message).toContain("'region'");

      // An administrator marked "sees all rows" (without the attribute): every row, and the preview says so.
      const admin = await previewAs(source, definitionOf(source).sql);
      expect(amounts(admin.data!.table!.rows as unknown[][])).toEqual([1, 2, 11, 12, 21]);
      expect(admin.rowRules?.[0]?.seesAll).toBe(true);
      // Not marked so: the administrator is filtered too — here without the attribute, so nothing.
      const changed = await as(
        'PUT',
        rulePath(source.source, rule.id),
        {
          schema: source.schema,
          table: source.table,
          column: 'region',
          attribute: 'region',
          administratorsSeeAll: false,
        },
        demoUsers.admin,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const filteredAdmin = await previewAs(source, definitionOf(source).sql);
      expect(filteredAdmin.error?.message).toContain("'region'");

      // Removed: every row again.
      expect(
        (await as('DELETE', rulePath(source.source, rule.id), undefined, demoUsers.admin)).statusCode,
      ).toBe(204);
      const after = reportResponseSchema.parse(
        (await as('GET', pathOf(apiRoutes.getReport, { name }))).json(),
      );
      expect(after.data!.table!.rows).toHaveLength(5);
    });
  });

  it('refuses a statement it cannot filter with certainty instead of running it', async () => {
    const source = sourceCases[0]!;
    const rule = await addRule(source, false);
    const answer = await previewAs(source, 'select amount from only sales', memberId);
    expect(answer.data).toBeNull();
    expect(answer.error?.message).toMatch(/row rules/);
    await as('DELETE', rulePath(source.source, rule.id), undefined, demoUsers.admin);
  });

  it('goes into the catalogue document and out of it, and into Activity', async () => {
    const source = sourceCases[1]!;
    await addRule(source);
    const exported = catalogueDocumentSchema.parse(
      (await as('GET', apiRoutes.exportCatalogue.path, undefined, demoUsers.admin)).json(),
    );
    const inDocument = exported.dataSources?.find((candidate) => candidate.name === source.source);
    expect(inDocument?.rowRules).toEqual([
      {
        schema: 'test',
        table: mysqlTable,
        column: 'region',
        attribute: 'region',
        administratorsSeeAll: true,
      },
    ]);
    // An import without them removes them; with them puts them back.
    const without = {
      ...exported,
      dataSources: exported.dataSources!.map((candidate) => ({ ...candidate, rowRules: undefined })),
    };
    expect((await as('PUT', apiRoutes.importCatalogue.path, without, demoUsers.admin)).statusCode).toBe(200);
    expect(
      rowRulesResponseSchema.parse(
        (await as('GET', rulesPath(source.source), undefined, demoUsers.admin)).json(),
      ).items,
    ).toEqual([]);
    expect((await as('PUT', apiRoutes.importCatalogue.path, exported, demoUsers.admin)).statusCode).toBe(200);
    const back = rowRulesResponseSchema.parse(
      (await as('GET', rulesPath(source.source), undefined, demoUsers.admin)).json(),
    ).items;
    expect(back.map((rule) => [rule.table, rule.column, rule.attribute, rule.administratorsSeeAll])).toEqual([
      [mysqlTable, 'region', 'region', true],
    ]);
    // A document with the same rule twice is refused, naming where.
    const twice = {
      ...exported,
      dataSources: exported.dataSources!.map((candidate) =>
        candidate.name === source.source
          ? { ...candidate, rowRules: [...candidate.rowRules!, ...candidate.rowRules!] }
          : candidate,
      ),
    };
    const refused = await as('PUT', apiRoutes.importCatalogue.path, twice, demoUsers.admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('rowRules[1]');

    const actions = (
      await t.database.db.select({ action: managementActivity.action }).from(managementActivity)
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['data.row-rule-added', 'data.row-rule-changed', 'data.row-rule-removed']),
    );
  });
});

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  type CatalogueDocument,
  type ParameterValues,
  apiRoutes,
  catalogueDocumentSchema,
  dashboardResponseSchema,
  dashboardTileDataResponseSchema,
  definitionPreviewResponseSchema,
  errorCodes,
  pathOf,
  reportResponseSchema,
} from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '../src/auth/authenticated-user';
import { queryLog } from '../src/data-sources';
import { user, userAttributes } from '../src/db/core-tables';
import { createSubscriptionsRepository } from '../src/features/subscriptions/subscriptions-repository';
import { createReportPages } from '../src/features/reports/report-pages';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// THE run path (docs/decisions/038-one-run-path.md): the report page, a dashboard tile, a CSV download,
// a subscription mail and an alert (what deliveries read, composed in app.ts), the SQL editor's
// preview and "Preview as" answer the same rows for the same reader and values, each cut at the source's
// row limit, each refusing a choice outside the reader's options, and each stopped by the deadline — on
// a PostgreSQL source (127.0.0.1:5432) and a MariaDB one (127.0.0.1:3306), over both cockpit databases.

const suffix = randomBytes(4).toString('hex');
const password = `Run-Path-Passw0rd-${suffix}`;
const pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `runpath_${suffix}`;
const pgReader = `runpath_reader_${suffix}`;
const mysqlTable = `runpath_sales_${suffix}`;
const mysqlReader = `runpath_${suffix}`;

// North has 5 rows, South 5: a source row limit of 3 cuts North's answer.
const sales: [string, number][] = [
  ['North', 1],
  ['North', 2],
  ['North', 3],
  ['North', 4],
  ['North', 5],
  ['South', 11],
  ['South', 12],
  ['South', 13],
  ['South', 14],
  ['South', 15],
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
    await client.query('create table sales (region text not null, amount integer not null)');
    for (const [region, amount] of sales)
      await client.query('insert into sales values ($1, $2)', [region, amount]);
    await client.query(`grant select on sales to ${pgReader}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`create table ${mysqlTable} (region varchar(20) not null, amount int not null)`);
    await connection.query(
      `insert into ${mysqlTable} values ${sales.map(() => '(?, ?)').join(', ')}`,
      sales.flat(),
    );
    await connection.query(`create user '${mysqlReader}'@'%' identified by '${password}'`);
    await connection.query(`grant select on test.${mysqlTable} to '${mysqlReader}'@'%'`);
  });
});

afterAll(async () => {
  await withPg(pgAdminUrl, async (client) => {
    await client.query(`drop database if exists ${pgDatabase} with (force)`);
    await client.query(`drop role if exists ${pgReader}`);
  });
  await withMysql(async (connection) => {
    await connection.query(`drop table if exists ${mysqlTable}`);
    await connection.query(`drop user if exists '${mysqlReader}'@'%'`);
  });
});

interface SourceCase {
  kind: 'postgres' | 'mysql';
  table: string;
  /** The reader's regions as the dialect binds a list. */
  inAttribute: string;
}
const sourceCases: SourceCase[] = [
  { kind: 'postgres', table: 'sales', inAttribute: 'region = any({{user.attributes.region}})' },
  { kind: 'mysql', table: mysqlTable, inAttribute: 'region in ({{user.attributes.region}})' },
];

const definitionOf = (source: SourceCase, name: string) => ({
  name,
  source: `rp-${source.kind}`,
  sql: `select region, amount from ${source.table} where true [[ and region = {{region}} ]] order by amount`,
  parameters: [
    {
      name: 'region',
      type: 'choice' as const,
      label: { en: 'Region', de: 'Region' },
      required: false,
      // The reader's own regions: a member with region North is offered North only.
      optionsSql: `select distinct region from ${source.table} where ${source.inAttribute} order by 1`,
    },
  ],
  columns: [],
  visuals: [{ type: 'table' as const, id: 'table' }],
  cacheSeconds: 0,
});

/** Each row costs ~0.4 ms: a batch of 1,000 stays far inside the 1 s statement timeout, all 40,000 take ~15 s. */
const slowRows = `select g, (select count(*) from generate_series(1, 1500 + g % 2)) as c from generate_series(1, 40000) as g`;

const slowDefinition = {
  name: 'rp-slow',
  source: 'rp-roomy',
  // A cursor's batches are statements of their own, each with the whole statement timeout: a download of
  // many quick batches ran on past the timeout in total. Only the deadline (counted over every batch) stops it.
  sql: slowRows,
  parameters: [],
  columns: [],
  visuals: [{ type: 'table' as const, id: 'table' }],
  cacheSeconds: 0,
};

/** Read at once (a preview's 200 rows would come quickly): the whole aggregate, past the timeout. */
const slowAggregate = `select sum(c) as total from (${slowRows}) as x`;

const slowMariaDb = {
  ...slowDefinition,
  name: 'rp-mysql-slow',
  source: 'rp-mysql',
  // 10^8 combinations of the ten rows: far past MariaDB's own limit of 1 s.
  sql: `select count(*) as n from ${mysqlTable} a, ${mysqlTable} b, ${mysqlTable} c, ${mysqlTable} d, ${mysqlTable} e, ${mysqlTable} f, ${mysqlTable} g, ${mysqlTable} h`,
};

describe.each(testDrivers())('one run path (%s)', (driver) => {
  let t: TestApp;
  let member: AuthenticatedUser;
  let memberId: string;

  const bearer = (email: string = demoUsers.member) => t.bearer(email);
  const as = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    email: string = demoUsers.member,
  ) =>
    t.app.inject({
      method,
      url,
      headers: await bearer(email),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const query = (values: unknown) =>
    values === undefined ? '' : `values=${encodeURIComponent(JSON.stringify(values))}`;

  beforeAll(async () => {
    t = await buildTestApp(driver, { env: { DATA_SOURCE_HOSTS: '127.0.0.1' } });
    for (const source of sourceCases) {
      const created = await as(
        'POST',
        apiRoutes.createDataSource.path,
        {
          name: `rp-${source.kind}`,
          title: { en: `Run path ${source.kind}` },
          kind: source.kind,
          connection:
            source.kind === 'postgres'
              ? {
                  host: '127.0.0.1',
                  port: 5432,
                  database: pgDatabase,
                  user: pgReader,
                  rowLimit: 3,
                  statementTimeoutSeconds: 1,
                }
              : {
                  host: '127.0.0.1',
                  port: 3306,
                  database: 'test',
                  user: mysqlReader,
                  rowLimit: 3,
                  statementTimeoutSeconds: 1,
                },
          password,
        },
        demoUsers.admin,
      );
      expect(created.statusCode, created.body).toBe(201);
    }
    // A second PostgreSQL source with room for many rows: the deadline, not the row limit, must stop it.
    const roomy = await as(
      'POST',
      apiRoutes.createDataSource.path,
      {
        name: 'rp-roomy',
        title: { en: 'Run path roomy' },
        kind: 'postgres',
        connection: {
          host: '127.0.0.1',
          port: 5432,
          database: pgDatabase,
          user: pgReader,
          rowLimit: 100_000,
          statementTimeoutSeconds: 1,
        },
        password,
      },
      demoUsers.admin,
    );
    expect(roomy.statusCode, roomy.body).toBe(201);

    const exported = catalogueDocumentSchema.parse(
      (await as('GET', apiRoutes.exportCatalogue.path, undefined, demoUsers.admin)).json(),
    );
    const definitions = sourceCases.map((source) => definitionOf(source, `rp-${source.kind}-sales`));
    const slow = slowDefinition;
    const document: CatalogueDocument = {
      ...exported,
      definitions: [...(exported.definitions ?? []), ...definitions, slow, slowMariaDb],
      dashboards: [
        ...exported.dashboards,
        {
          name: 'rp-boards',
          title: { en: 'Run path boards' },
          dashboards: sourceCases.map((source, index) => ({
            layoutId: 880 + index,
            title: { en: `Run path ${source.kind}` },
            parameters: [definitionOf(source, 'x').parameters[0]!],
            tiles: [
              {
                type: 'table',
                definition: `rp-${source.kind}-sales`,
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
          name: 'rp-menu',
          title: { en: 'Run path' },
          items: [
            ...sourceCases.map((source) => ({
              name: `rp-${source.kind}-sales`,
              title: { en: `Sales ${source.kind}` },
              report: { kind: 'query' as const, definition: `rp-${source.kind}-sales` },
            })),
            {
              name: 'rp-slow',
              title: { en: 'Slow' },
              report: { kind: 'query' as const, definition: 'rp-slow' },
            },
            {
              name: 'rp-mysql-slow',
              title: { en: 'Slow MariaDB' },
              report: { kind: 'query' as const, definition: 'rp-mysql-slow' },
            },
          ],
        },
      ],
    };
    const imported = await as('PUT', apiRoutes.importCatalogue.path, document, demoUsers.admin);
    expect(imported.statusCode, imported.body).toBe(200);

    const [row] = await t.database.db.select().from(user).where(eq(user.email, demoUsers.member));
    memberId = row!.id;
    await t.database.db
      .insert(userAttributes)
      .values({ userId: memberId, attributes: { region: ['North'] } });
    // The member as a delivery reads for its recipient (subscriptions-repository.ts).
    member = (await createSubscriptionsRepository(t.database.db).reader(memberId))!;
  });
  afterAll(() => t?.close());

  /** What a delivery reads, as app.ts composes it for the subscriptions. */
  function deliveriesOf(app: TestApp['app']) {
    return { reports: createReportPages(app).forReader };
  }

  /** Each run path's rows for the member as [region, amount] text, and its "cut at" signal. */
  async function everyPath(source: SourceCase, values: ParameterValues | undefined) {
    const name = `rp-${source.kind}-sales`;
    const deliveries = deliveriesOf(t.app);
    const pairs = (rows: readonly (readonly unknown[])[]) =>
      rows.map((row) => [String(row[0]), String(row[1])]);

    const page = await as('GET', `${pathOf(apiRoutes.getReport, { name })}?${query(values)}`);
    expect(page.statusCode, page.body).toBe(200);
    const pageAnswer = reportResponseSchema.parse(page.json());

    const layoutId = String(880 + sourceCases.indexOf(source));
    const board = dashboardResponseSchema.parse(
      (await as('GET', pathOf(apiRoutes.getDashboard, { layoutId }))).json(),
    );
    const tileResponse = await as(
      'GET',
      `${pathOf(apiRoutes.getDashboardTile, { layoutId, tileId: board.tiles[0]!.id })}?${query(values)}`,
    );
    expect(tileResponse.statusCode, tileResponse.body).toBe(200);
    const tile = dashboardTileDataResponseSchema.parse(tileResponse.json());

    const download = await as(
      'GET',
      `${pathOf(apiRoutes.downloadReport, { name })}?format=csv&${query(values)}`,
    );
    expect(download.statusCode, download.body).toBe(200);
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const cutLine = lines.find((line) => /^"?Cut at \d+ rows/.test(line)) ?? null;
    const csvRows = lines
      .slice(1)
      .filter((line) => line !== cutLine)
      .map((line) => line.split(','));

    const mail = await deliveries.reports.load(member, name, 'en', values ?? {});
    // An alert reads its report as its owner the same way (subscriptions-service.ts).
    const alert = await deliveries.reports.load(member, name, 'en', values ?? {});
    const attachment = await deliveries.reports.file(member, name, 'csv', values ?? {}, 'en');

    const preview = await as(
      'POST',
      apiRoutes.previewDefinition.path,
      { definition: definitionOf(source, name), values: values ?? {}, asUserId: memberId },
      demoUsers.admin,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const previewAnswer = definitionPreviewResponseSchema.parse(preview.json());
    expect(previewAnswer.error).toBeNull();

    return {
      rows: {
        page: pairs(pageAnswer.data!.table!.rows as unknown[][]),
        tile: pairs(tile.data.table!.rows as unknown[][]),
        download: csvRows,
        mail: pairs(mail.data!.table!.rows as unknown[][]),
        alert: pairs(alert.data!.table!.rows as unknown[][]),
        attachment: attachment.content
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter((line) => line && !/^"?Cut at/.test(line))
          .slice(1)
          .map((line) => line.split(',')),
        preview: pairs(previewAnswer.data!.table!.rows as unknown[][]),
      },
      cut: {
        page: pageAnswer.info?.cutAtRows ?? null,
        tile: tile.info?.cutAtRows ?? null,
        download: cutLine,
        mail: mail.info?.cutAtRows ?? null,
        preview: previewAnswer.info?.cutAtRows ?? null,
      },
    };
  }

  describe.each(sourceCases)('over a $kind source', (source) => {
    it('answers the same rows on every path, each cut at the source row limit and saying so', async () => {
      const { rows, cut } = await everyPath(source, { region: 'North' });
      const expected = [
        ['North', '1'],
        ['North', '2'],
        ['North', '3'],
      ];
      for (const [path, answered] of Object.entries(rows)) expect(answered, path).toEqual(expected);
      expect(cut).toEqual({
        page: 3,
        tile: 3,
        download: expect.stringMatching(/^"?Cut at 3 rows/),
        mail: 3,
        preview: 3,
      });
      // The XLSX download too: its rows, then the line saying where it was cut.
      const xlsx = await as(
        'GET',
        `${pathOf(apiRoutes.downloadReport, { name: `rp-${source.kind}-sales` })}?format=xlsx&${query({ region: 'North' })}`,
      );
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const cells: unknown[][] = [];
      sheet.eachRow({ includeEmpty: false }, (row) => void cells.push((row.values as unknown[]).slice(1)));
      expect(cells.slice(1, 4)).toEqual(expected.map(([region, amount]) => [region, Number(amount)]));
      expect(String(cells[4]?.[0])).toMatch(/^Cut at 3 rows/);
      expect(cells).toHaveLength(5);
    });

    it("refuses a choice outside the reader's own options on every path with a 400 naming it", async () => {
      const name = `rp-${source.kind}-sales`;
      const values = { region: 'South' };
      const expectRefused = (response: { statusCode: number; json(): unknown }, path: string) => {
        expect(response.statusCode, path).toBe(400);
        const body = response.json() as { error: { code: string; message: string } };
        expect(body.error.code, path).toBe(errorCodes.choiceNotOffered);
        expect(body.error.message, path).toContain("'region'");
        expect(body.error.message, path).toContain("'South'");
      };
      expectRefused(await as('GET', `${pathOf(apiRoutes.getReport, { name })}?${query(values)}`), 'page');
      expectRefused(
        await as('GET', `${pathOf(apiRoutes.downloadReport, { name })}?format=csv&${query(values)}`),
        'download',
      );
      const layoutId = String(880 + sourceCases.indexOf(source));
      const board = dashboardResponseSchema.parse(
        (await as('GET', pathOf(apiRoutes.getDashboard, { layoutId }))).json(),
      );
      expectRefused(
        await as(
          'GET',
          `${pathOf(apiRoutes.getDashboardTile, { layoutId, tileId: board.tiles[0]!.id })}?${query(values)}`,
        ),
        'tile',
      );
      const deliveries = deliveriesOf(t.app);
      await expect(deliveries.reports.load(member, name, 'en', values)).rejects.toMatchObject({
        statusCode: 400,
        code: errorCodes.choiceNotOffered,
      });
      await expect(deliveries.reports.file(member, name, 'csv', values, 'en')).rejects.toMatchObject({
        statusCode: 400,
      });
      // "Preview as" the member: the member's options, not the administrator's.
      const preview = definitionPreviewResponseSchema.parse(
        (
          await as(
            'POST',
            apiRoutes.previewDefinition.path,
            { definition: definitionOf(source, name), values, asUserId: memberId },
            demoUsers.admin,
          )
        ).json(),
      );
      expect(preview.error?.message).toMatch(/'South' is not one of your choices/);
      // The choice offered is accepted, and the option list the page shows is the reader's own.
      const page = reportResponseSchema.parse(
        (await as('GET', `${pathOf(apiRoutes.getReport, { name })}?${query({ region: 'North' })}`)).json(),
      );
      expect(page.parameters?.[0]?.options?.map((option) => option.value)).toEqual(['North']);
    });
  });

  it('stops a statement past the timeout on every path: a download of many quick batches by the deadline', async () => {
    const before = performance.now();
    const page = await as('GET', pathOf(apiRoutes.getReport, { name: 'rp-slow' }));
    expect(page.statusCode, page.body).toBe(503);
    expect((page.json() as { error: { code: string } }).error.code).toBe(errorCodes.queryTimedOut);

    const download = await as(
      'GET',
      `${pathOf(apiRoutes.downloadReport, { name: 'rp-slow' })}?format=csv`,
    ).catch((error: unknown) => error);
    // 40,000 rows take ~15 s in quick batches: the deadline (1 s + its margin, over all batches) cancels them.
    expect(performance.now() - before).toBeLessThan(8_000);
    const body = download instanceof Error ? '' : (download as { body: string }).body;
    expect(body).not.toMatch(/\r\n40000,/);

    // A mail, its attachment, an alert and the preview: the same timeout on the same path.
    const deliveries = deliveriesOf(t.app);
    await expect(deliveries.reports.load(member, 'rp-slow', 'en', {})).rejects.toMatchObject({
      code: errorCodes.queryTimedOut,
    });
    const attachment = await deliveries.reports
      .file(member, 'rp-slow', 'csv', {}, 'en')
      .catch((error: unknown) => error);
    expect(attachment).toBeInstanceOf(Error);
    const preview = definitionPreviewResponseSchema.parse(
      (
        await as(
          'POST',
          apiRoutes.previewDefinition.path,
          { definition: { ...slowDefinition, sql: slowAggregate }, values: {}, asUserId: memberId },
          demoUsers.admin,
        )
      ).json(),
    );
    expect(preview.error?.message).toMatch(/took too long/);
    expect(performance.now() - before).toBeLessThan(15_000);

    // The query log says why: the download ended as timed out, not as sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = await t.database.db
      .select()
      .from(queryLog)
      .where(and(eq(queryLog.definitionName, 'rp-slow'), eq(queryLog.purpose, 'download')));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((entry) => entry.error !== null)).toBe(true);

    // MariaDB: its own statement limit, with the deadline behind it (KILL QUERY), on the page and the download.
    const started = performance.now();
    for (const url of [
      pathOf(apiRoutes.getReport, { name: 'rp-mysql-slow' }),
      `${pathOf(apiRoutes.downloadReport, { name: 'rp-mysql-slow' })}?format=csv`,
    ]) {
      const response = await as('GET', url);
      expect(response.statusCode, url).toBe(503);
      expect((response.json() as { error: { code: string } }).error.code, url).toBe(errorCodes.queryTimedOut);
    }
    expect(performance.now() - started).toBeLessThan(5_000);

    // Nothing keeps running on the source after the deadline.
    await withPg(pgAdminUrl, async (client) => {
      const running = await client.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and query like '%generate_series%'`,
        [pgDatabase],
      );
      expect(running.rows[0].n).toBe(0);
    });
  });
});

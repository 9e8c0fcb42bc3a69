import {
  type CatalogueDataSource,
  type DataSourceBody,
  type DataSourceTestResponse,
  activityResponseSchema,
  apiRoutes,
  managedDataSourceSchema,
  managedDataSourcesResponseSchema,
  pathOf,
  queryLogPageSize,
  queryLogResponseSchema,
} from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSources, organisations, reportDefinitions, user } from '../src/db/core-tables';
import {
  queryLog,
  type DataSourceProbe,
  type ProbedSource,
  createDataSourcePasswords,
  DataSourceDocumentError,
  exportDataSources,
  upsertDataSourcesFromDocument,
} from '../src/data-sources';
import { createSecretBox } from '../src/lib/secret-box';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Management → Data → data sources and the query log (docs/decisions/027-reports-over-own-data.md): CRUD,
// the password that goes in and never out, the re-entry rule, the host rule on save, removal while in use,
// organisations kept apart, and the catalogue document's data sources. The executor is replaced by a
// recording probe here; data-sources-connect.test.ts tests against real databases.

/** Stands in for the executor: records what the routes hand it, refuses `*.internal.example`. */
function recordingProbe() {
  const tested: ProbedSource[] = [];
  const forgotten: string[] = [];
  const probe: DataSourceProbe = {
    async test(source) {
      tested.push(source);
      const answer: DataSourceTestResponse = {
        ok: true,
        message: null,
        readOnlySession: true,
        accountCanWrite: false,
        serverVersion: 'probe',
        milliseconds: 1,
        schema: { tables: [], truncated: false },
      };
      return answer;
    },
    async describe(source) {
      tested.push(source);
      return {
        tables: [{ schema: 'public', name: `of_${source.name.replace(/-/g, '_')}`, columns: [] }],
        truncated: false,
      };
    },
    async hostProblem(host) {
      return host.endsWith('.internal.example') ? `${host} resolves to 10.0.0.1, a private address` : null;
    },
    forget(source) {
      forgotten.push(source.id);
    },
  };
  return { probe, tested, forgotten };
}

const password = 'Sealed-Db-Passw0rd-4711';
const connection = { host: 'db.example.com', port: 5432, database: 'sales', user: 'reader' };

function body(name: string, changes: Partial<DataSourceBody> = {}): DataSourceBody {
  return {
    name,
    title: { en: `Source ${name}`, de: `Quelle ${name}` },
    kind: 'postgres',
    connection,
    ...changes,
  };
}

describe.each(testDrivers())('data sources (%s)', (driver) => {
  let t: TestApp;
  let recorder: ReturnType<typeof recordingProbe>;
  let demoId: string;
  let beispielId: string;
  const logLines: string[] = [];

  const call = async (email: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: await t.bearer(email),
      ...(payload ? { payload } : {}),
    });
  const admin = (method: string, url: string, payload?: object) =>
    call(demoUsers.admin, method, url, payload);
  const sourcePath = (name: string) => pathOf(apiRoutes.updateDataSource, { name });
  const listed = async () =>
    managedDataSourcesResponseSchema.parse((await admin('GET', apiRoutes.listDataSources.path)).json()).items;
  const rowOf = async (organisationId: string, name: string) =>
    (
      await t.database.db
        .select()
        .from(dataSources)
        .where(and(eq(dataSources.organisationId, organisationId), eq(dataSources.name, name)))
    )[0];
  const errorOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { message: string } }).error.message;

  beforeAll(async () => {
    recorder = recordingProbe();
    t = await buildTestApp(driver, {
      dataSourceProbe: recorder.probe,
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    const orgs = await t.database.db.select().from(organisations);
    demoId = orgs.find((o) => o.name === 'Demo GmbH')!.id;
    beispielId = orgs.find((o) => o.name === 'Beispiel AG')!.id;
  });
  afterAll(() => t?.close());

  it('lists the uploaded tables of every organisation, created once when first listed', async () => {
    const [first, second] = await Promise.all([listed(), listed()]);
    for (const items of [first, second]) {
      const uploads = items.filter((item) => item.kind === 'uploads');
      expect(uploads).toHaveLength(1);
      expect(uploads[0]).toMatchObject({
        name: 'uploads',
        title: { en: 'Uploaded tables', de: 'Hochgeladene Tabellen' },
        connection: null,
        needsPassword: false,
      });
    }
    const rows = await t.database.db.select().from(dataSources).where(eq(dataSources.organisationId, demoId));
    expect(rows.filter((row) => row.kind === 'uploads')).toHaveLength(1);
  });

  it('adds a database source: the password is sealed, never answered, and the change is in the activity', async () => {
    const response = await admin('POST', apiRoutes.createDataSource.path, { ...body('warehouse'), password });
    expect(response.statusCode, response.body).toBe(201);
    const created = managedDataSourceSchema.strict().parse(response.json());
    expect(created).toMatchObject({
      name: 'warehouse',
      kind: 'postgres',
      needsPassword: false,
      definitions: [],
      connection: { ...connection, tls: 'off', poolSize: 5, statementTimeoutSeconds: 30, rowLimit: 100_000 },
    });
    expect(response.body).not.toContain(password);

    const row = (await rowOf(demoId, 'warehouse'))!;
    expect(row.passwordSealed).not.toContain(password);
    const passwords = createDataSourcePasswords(t.config.authSecret);
    expect(passwords.open(row.passwordSealed!, { organisationId: demoId, sourceId: row.id })).toBe(password);
    // Bound to the organisation and the source, and to its own purpose (not the single-sign-on box's).
    expect(passwords.open(row.passwordSealed!, { organisationId: beispielId, sourceId: row.id })).toBeNull();
    expect(() =>
      createSecretBox(t.config.authSecret, 'single-sign-on client secret v1').open(
        row.passwordSealed!,
        `${demoId}/${row.id}`,
      ),
    ).toThrow();

    const activity = activityResponseSchema.parse(
      (await admin('GET', `${apiRoutes.listActivity.path}?kind=data`)).json(),
    );
    expect(activity.items.map((item) => [item.action, item.target])).toContainEqual([
      'data.source-added',
      'warehouse',
    ]);
  });

  it('refuses a database without password, a taken name, the uploaded tables twice, and a mismatched kind', async () => {
    const noPassword = await admin('POST', apiRoutes.createDataSource.path, body('no-password'));
    expect(noPassword.statusCode).toBe(400);
    expect(errorOf(noPassword)).toMatch(/^password: /);
    const taken = await admin('POST', apiRoutes.createDataSource.path, { ...body('warehouse'), password });
    expect(taken.statusCode).toBe(409);
    const uploads = await admin('POST', apiRoutes.createDataSource.path, {
      name: 'more-uploads',
      title: { en: 'More uploads' },
      kind: 'uploads',
    });
    expect(uploads.statusCode).toBe(409);
    const namedUploads = await admin('POST', apiRoutes.createDataSource.path, {
      ...body('uploads'),
      password,
    });
    expect(namedUploads.statusCode).toBe(409);
    const noConnection = await admin('POST', apiRoutes.createDataSource.path, {
      ...body('bare'),
      connection: undefined,
      password,
    });
    expect(noConnection.statusCode).toBe(400);
    expect(errorOf(noConnection)).toMatch(/^connection: /);
    expect((await listed()).map((item) => item.name)).toEqual(['uploads', 'warehouse']);
  });

  it('refuses a host the host rule does not allow, naming connection.host', async () => {
    const response = await admin('POST', apiRoutes.createDataSource.path, {
      ...body('inward', { connection: { ...connection, host: 'db.internal.example' } }),
      password,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe(
      'connection.host: db.internal.example resolves to 10.0.0.1, a private address',
    );
    expect(await rowOf(demoId, 'inward')).toBeUndefined();
  });

  it('keeps the password for other changes, asks for it again when host, port, database, user or kind change', async () => {
    const before = (await rowOf(demoId, 'warehouse'))!;
    const renamed = await admin('PUT', sourcePath('warehouse'), {
      ...body('warehouse', { title: { en: 'Warehouse' } }),
      connection: { ...connection, poolSize: 3, rowLimit: 500 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: { en: 'Warehouse' },
      needsPassword: false,
      connection: { poolSize: 3, rowLimit: 500 },
    });
    const after = (await rowOf(demoId, 'warehouse'))!;
    expect(after.version).toBe(before.version + 1);
    expect(after.passwordSealed).toBe(before.passwordSealed);
    expect(recorder.forgotten).toContain(before.id);

    for (const change of [
      { host: 'other.example.com' },
      { port: 5433 },
      { database: 'other' },
      { user: 'writer' },
    ]) {
      const response = await admin('PUT', sourcePath('warehouse'), {
        ...body('warehouse'),
        connection: { ...connection, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response)).toMatch(/^password: /);
    }
    const otherKind = await admin('PUT', sourcePath('warehouse'), { ...body('warehouse'), kind: 'mysql' });
    expect(otherKind.statusCode).toBe(400);
    expect(errorOf(otherKind)).toMatch(/^password: /);
    expect((await rowOf(demoId, 'warehouse'))!.version).toBe(after.version);

    const moved = await admin('PUT', sourcePath('warehouse'), {
      ...body('warehouse'),
      connection: { ...connection, host: 'other.example.com' },
      password: 'Second-Passw0rd-0815',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).not.toContain('Second-Passw0rd-0815');
    const tested = await admin('POST', pathOf(apiRoutes.testDataSource, { name: 'warehouse' }), {});
    expect(tested.statusCode, tested.body).toBe(200);
    expect(recorder.tested.at(-1)).toMatchObject({
      name: 'warehouse',
      organisationId: demoId,
      password: 'Second-Passw0rd-0815',
      version: after.version + 1,
      connection: { host: 'other.example.com' },
    });
  });

  it('changes nothing for an unchanged save, and refuses to move the host somewhere the rule refuses', async () => {
    const before = (await rowOf(demoId, 'warehouse'))!;
    const current = managedDataSourceSchema.parse((await listed()).find((item) => item.name === 'warehouse'));
    const same = await admin('PUT', sourcePath('warehouse'), {
      name: current.name,
      title: current.title,
      kind: current.kind,
      connection: current.connection!,
    });
    expect(same.statusCode).toBe(200);
    expect((await rowOf(demoId, 'warehouse'))!.version).toBe(before.version);
    const inward = await admin('PUT', sourcePath('warehouse'), {
      ...body('warehouse'),
      connection: { ...connection, host: 'db.internal.example' },
      password,
    });
    expect(inward.statusCode).toBe(400);
    expect(errorOf(inward)).toMatch(/^connection\.host: /);
    expect((await rowOf(demoId, 'warehouse'))!.passwordSealed).toBe(before.passwordSealed);
  });

  it('renames a source unless the name is taken; the uploaded tables keep their name, kind and no connection', async () => {
    await admin('POST', apiRoutes.createDataSource.path, { ...body('second'), password });
    const taken = await admin('PUT', sourcePath('second'), { ...body('warehouse') });
    expect(taken.statusCode).toBe(409);
    const renamed = await admin('PUT', sourcePath('second'), { ...body('second-renamed') });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await listed()).map((item) => item.name)).toEqual(['second-renamed', 'uploads', 'warehouse']);

    const uploadsTitle = await admin('PUT', sourcePath('uploads'), {
      name: 'uploads',
      title: { en: 'Our spreadsheets', de: 'Unsere Tabellen' },
      kind: 'uploads',
    });
    expect(uploadsTitle.statusCode, uploadsTitle.body).toBe(200);
    expect(uploadsTitle.json()).toMatchObject({ title: { en: 'Our spreadsheets' }, kind: 'uploads' });
    for (const [change, field] of [
      [{ connection }, 'connection'],
      [{ kind: 'postgres', connection, password }, 'kind'],
      [{ name: 'spreadsheets' }, 'name'],
      [{ password }, 'password'],
    ] as const) {
      const response = await admin('PUT', sourcePath('uploads'), {
        name: 'uploads',
        title: { en: 'Uploads' },
        kind: 'uploads',
        ...change,
      });
      expect(response.statusCode, field).toBe(400);
      expect(errorOf(response)).toMatch(new RegExp(`^${field}: `));
    }
    const toUploads = await admin('PUT', sourcePath('second-renamed'), {
      name: 'second-renamed',
      title: { en: 'x' },
      kind: 'uploads',
    });
    expect(toUploads.statusCode).toBe(400);
    const removeUploads = await admin('DELETE', sourcePath('uploads'));
    expect(removeUploads.statusCode).toBe(409);
  });

  it('refuses to remove a source report definitions read, naming them, and removes it afterwards', async () => {
    const row = (await rowOf(demoId, 'second-renamed'))!;
    await t.database.db.insert(reportDefinitions).values([
      { organisationId: demoId, name: 'margins', dataSourceId: row.id, body: {} },
      { organisationId: demoId, name: 'churn', dataSourceId: row.id, body: {} },
    ]);
    expect((await listed()).find((item) => item.name === 'second-renamed')!.definitions).toEqual([
      'churn',
      'margins',
    ]);
    const inUse = await admin('DELETE', sourcePath('second-renamed'));
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse)).toContain('churn, margins');

    await t.database.db.delete(reportDefinitions).where(eq(reportDefinitions.dataSourceId, row.id));
    const removed = await admin('DELETE', sourcePath('second-renamed'));
    expect(removed.statusCode).toBe(204);
    expect(await rowOf(demoId, 'second-renamed')).toBeUndefined();
    expect(recorder.forgotten).toContain(row.id);
    const activity = activityResponseSchema.parse(
      (await admin('GET', `${apiRoutes.listActivity.path}?kind=data`)).json(),
    );
    expect(activity.items.map((item) => item.action)).toEqual(
      expect.arrayContaining(['data.source-added', 'data.source-changed', 'data.source-removed']),
    );
    expect((await admin('DELETE', sourcePath('second-renamed'))).statusCode).toBe(404);
  });

  it("answers another organisation's administrator 404 for every source of this one", async () => {
    const other = (method: string, url: string, payload?: object) =>
      call(demoUsers.beispielAdmin, method, url, payload);
    const theirs = managedDataSourcesResponseSchema.parse(
      (await other('GET', apiRoutes.listDataSources.path)).json(),
    );
    expect(theirs.items.map((item) => item.name)).toEqual(['uploads']);
    expect((await other('PUT', sourcePath('warehouse'), { ...body('warehouse'), password })).statusCode).toBe(
      404,
    );
    expect((await other('DELETE', sourcePath('warehouse'))).statusCode).toBe(404);
    expect(
      (await other('POST', pathOf(apiRoutes.testDataSource, { name: 'warehouse' }), {})).statusCode,
    ).toBe(404);
    expect(
      (await other('GET', pathOf(apiRoutes.getDataSourceSchema, { name: 'warehouse' }))).statusCode,
    ).toBe(404);
    // Their own `warehouse` is theirs: the same name in two organisations.
    expect(
      (
        await other('POST', apiRoutes.createDataSource.path, {
          ...body('warehouse'),
          password: 'Theirs-1234',
        })
      ).statusCode,
    ).toBe(201);
    const ours = await admin('GET', pathOf(apiRoutes.getDataSourceSchema, { name: 'warehouse' }));
    expect(ours.statusCode).toBe(200);
    expect(recorder.tested.at(-1)).toMatchObject({
      organisationId: demoId,
      password: 'Second-Passw0rd-0815',
    });
    const member = await call(demoUsers.member, 'GET', apiRoutes.listDataSources.path);
    expect(member.statusCode).toBe(403);
  });

  it('asks for the password of a source the catalogue created, before testing or saving it', async () => {
    await t.database.db.transaction((tx) =>
      upsertDataSourcesFromDocument(tx, demoId, [
        {
          name: 'imported',
          title: { en: 'Imported' },
          kind: 'mysql',
          connection: {
            ...connection,
            port: 3306,
            tls: 'off',
            poolSize: 5,
            statementTimeoutSeconds: 30,
            rowLimit: 100_000,
          },
        },
      ]),
    );
    const item = (await listed()).find((source) => source.name === 'imported')!;
    expect(item.needsPassword).toBe(true);
    const test = await admin('POST', pathOf(apiRoutes.testDataSource, { name: 'imported' }), {});
    expect(test.statusCode).toBe(400);
    expect(errorOf(test)).toMatch(/^password: /);
    const save = await admin('PUT', sourcePath('imported'), {
      ...body('imported'),
      kind: 'mysql',
      connection: { ...connection, port: 3306 },
    });
    expect(save.statusCode).toBe(400);
    expect(errorOf(save)).toMatch(/^password: /);
    const withPassword = await admin('PUT', sourcePath('imported'), {
      ...body('imported'),
      kind: 'mysql',
      connection: { ...connection, port: 3306 },
      password,
    });
    expect(withPassword.statusCode).toBe(200);
    expect(withPassword.json()).toMatchObject({ needsPassword: false });
  });

  it('never writes a password into an answer, a log line or an export', async () => {
    const exported = await admin('GET', apiRoutes.exportCatalogue.path);
    const everything = [
      JSON.stringify(await listed()),
      (await admin('GET', apiRoutes.listActivity.path)).body,
      exported.body,
      JSON.stringify(await exportDataSources(t.database.db, demoId)),
      ...logLines,
    ].join('\n');
    // Every log line above was written with the passwords in request bodies.
    expect(logLines.some((line) => line.includes('management.data_source.changed'))).toBe(true);
    for (const secret of [password, 'Second-Passw0rd-0815', 'Theirs-1234'])
      expect(everything).not.toContain(secret);
  });
});

describe.each(testDrivers())('the catalogue document and data sources (%s)', (driver) => {
  let t: TestApp;
  let organisationId: string;

  beforeAll(async () => {
    t = await buildTestApp(driver, { dataSourceProbe: recordingProbe().probe });
    organisationId = (
      await t.database.db.select().from(organisations).where(eq(organisations.name, 'Demo GmbH'))
    )[0]!.id;
  });
  afterAll(() => t?.close());

  const full = { tls: 'off', poolSize: 5, statementTimeoutSeconds: 30, rowLimit: 100_000 } as const;
  const sourceRow = async (name: string) =>
    (
      await t.database.db
        .select()
        .from(dataSources)
        .where(and(eq(dataSources.organisationId, organisationId), eq(dataSources.name, name)))
    )[0]!;
  const upsert = (sources: CatalogueDataSource[]) =>
    t.database.db.transaction((tx) => upsertDataSourcesFromDocument(tx, organisationId, sources));

  it('creates unknown sources without a password and answers the id of every source by name', async () => {
    const ids = await upsert([
      { name: 'shop', title: { en: 'Shop' }, kind: 'postgres', connection: { ...connection, ...full } },
    ]);
    const shop = await sourceRow('shop');
    expect(shop.passwordSealed).toBeNull();
    expect(ids.get('shop')).toBe(shop.id);
    expect(ids.get('uploads')).toBe((await sourceRow('uploads')).id);
  });

  it('keeps the password while host, port, database and user stay, clears it when they change', async () => {
    const sealed = createDataSourcePasswords(t.config.authSecret).seal(password, {
      organisationId,
      sourceId: (await sourceRow('shop')).id,
    });
    await t.database.db
      .update(dataSources)
      .set({ passwordSealed: sealed })
      .where(eq(dataSources.id, (await sourceRow('shop')).id));
    const version = (await sourceRow('shop')).version;

    // The same document again: nothing changes, not even the version.
    await upsert([
      { name: 'shop', title: { en: 'Shop' }, kind: 'postgres', connection: { ...connection, ...full } },
    ]);
    expect((await sourceRow('shop')).version).toBe(version);

    await upsert([
      {
        name: 'shop',
        title: { en: 'Shop', de: 'Laden' },
        kind: 'postgres',
        connection: { ...connection, ...full, rowLimit: 10 },
      },
    ]);
    const kept = await sourceRow('shop');
    expect(kept).toMatchObject({ passwordSealed: sealed, titleDe: 'Laden', version: version + 1 });

    await upsert([
      {
        name: 'shop',
        title: { en: 'Shop' },
        kind: 'postgres',
        connection: { ...connection, ...full, user: 'admin' },
      },
    ]);
    const cleared = await sourceRow('shop');
    expect(cleared.passwordSealed).toBeNull();
    expect(cleared.version).toBe(version + 2);
  });

  it('refuses `uploads` as anything but the uploaded tables, with the JSON path', async () => {
    await expect(
      upsert([
        {
          name: 'uploads',
          title: { en: 'Uploads' },
          kind: 'postgres',
          connection: { ...connection, ...full },
        },
      ]),
    ).rejects.toMatchObject({ path: '$.dataSources[0].name' });
    await expect(upsert([{ name: 'files', title: { en: 'Files' }, kind: 'uploads' }])).rejects.toBeInstanceOf(
      DataSourceDocumentError,
    );
  });

  it('exports every source without a password, the uploaded tables included', async () => {
    const exported = await exportDataSources(t.database.db, organisationId);
    expect(exported.map((source) => source.name)).toEqual(['shop', 'uploads']);
    expect(exported[1]).toEqual({
      name: 'uploads',
      title: { en: 'Uploaded tables', de: 'Hochgeladene Tabellen' },
      kind: 'uploads',
    });
    expect(JSON.stringify(exported)).not.toMatch(/password/i);
    expect(Object.keys(exported[0]!.connection!).sort()).toEqual([
      'database',
      'host',
      'poolSize',
      'port',
      'rowLimit',
      'statementTimeoutSeconds',
      'tls',
      'user',
    ]);
  });
});

describe.each(testDrivers())('query log (%s)', (driver) => {
  let t: TestApp;
  let demoId: string;
  let beispielId: string;
  let adminId: string;
  let adminName: string;

  beforeAll(async () => {
    t = await buildTestApp(driver, { dataSourceProbe: recordingProbe().probe });
    const db = t.database.db;
    const orgs = await db.select().from(organisations);
    demoId = orgs.find((o) => o.name === 'Demo GmbH')!.id;
    beispielId = orgs.find((o) => o.name === 'Beispiel AG')!.id;
    const [row] = await db.select().from(user).where(eq(user.email, demoUsers.admin));
    adminId = row!.id;
    adminName = row!.name;
    const now = Date.now();
    const minutes = (n: number) => new Date(now - n * 60_000);
    const entry = (index: number, changes: Partial<typeof queryLog.$inferInsert> = {}) => ({
      organisationId: demoId,
      at: minutes(index),
      userId: adminId,
      dataSourceName: index % 2 === 0 ? 'warehouse' : 'uploads',
      definitionName: index % 3 === 0 ? 'margins' : 'sales',
      target: 'sales-report',
      purpose: 'report',
      parameters: { region: ['North'], index },
      rows: 10,
      milliseconds: 5,
      cacheHit: index % 5 === 0,
      error: index % 10 === 0 ? 'relation "x" does not exist' : null,
      ...changes,
    });
    await db.insert(queryLog).values([
      ...Array.from({ length: 120 }, (_, index) => entry(index)),
      // Older than 30 days: removed when the log is listed.
      entry(31 * 24 * 60, { target: 'too-old' }),
      // Another organisation's runs and a run by nobody (a delivery without a user).
      entry(1, { organisationId: beispielId, target: 'theirs' }),
      entry(0.5, { userId: null, target: 'nobody', purpose: 'delivery' }),
    ]);
  });
  afterAll(() => t?.close());

  const list = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.listQueryLog.path}${query}`,
      headers: await t.bearer(demoUsers.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return queryLogResponseSchema.parse(response.json());
  };

  it('lists the newest runs first, 50 a page, with who ran them, and only this organisation', async () => {
    const first = await list();
    expect(first.total).toBe(121);
    expect(first.pageSize).toBe(queryLogPageSize);
    expect(first.items).toHaveLength(50);
    expect(first.items[1]).toMatchObject({ target: 'nobody', userName: null, purpose: 'delivery' });
    expect(first.items[0]).toMatchObject({
      userName: adminName,
      dataSource: 'warehouse',
      definition: 'margins',
      parameters: { region: ['North'], index: 0 },
      cacheHit: true,
      error: 'relation "x" does not exist',
    });
    const times = first.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const third = await list('?page=3');
    expect(third.items).toHaveLength(21);
    expect(
      [...first.items, ...third.items].some((item) => item.target === 'theirs' || item.target === 'too-old'),
    ).toBe(false);
  });

  it('filters by data source, definition and errors', async () => {
    const warehouse = await list('?dataSource=warehouse');
    expect(warehouse.total).toBe(60);
    expect(warehouse.items.every((item) => item.dataSource === 'warehouse')).toBe(true);
    const margins = await list('?definition=margins&dataSource=uploads');
    expect(margins.total).toBe(20);
    expect(
      margins.items.every((item) => item.definition === 'margins' && item.dataSource === 'uploads'),
    ).toBe(true);
    const errors = await list('?errorsOnly=true');
    expect(errors.total).toBe(12);
    expect(errors.items.every((item) => item.error !== null)).toBe(true);
  });

  it('deletes runs older than 30 days when listed, and no other organisation sees them', async () => {
    await list();
    const left = await t.database.db.select({ target: queryLog.target }).from(queryLog);
    expect(left.map((row) => row.target)).not.toContain('too-old');
    expect(left.map((row) => row.target)).toContain('theirs');
    const theirs = await t.app.inject({
      method: 'GET',
      url: apiRoutes.listQueryLog.path,
      headers: await t.bearer(demoUsers.beispielAdmin),
    });
    expect(queryLogResponseSchema.parse(theirs.json()).items.map((item) => item.target)).toEqual(['theirs']);
    const member = await t.app.inject({
      method: 'GET',
      url: apiRoutes.listQueryLog.path,
      headers: await t.bearer(demoUsers.member),
    });
    expect(member.statusCode).toBe(403);
  });
});

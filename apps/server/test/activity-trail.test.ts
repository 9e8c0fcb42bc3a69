import {
  type ActivityAction,
  type ActivityEntry,
  type ActivityResponse,
  activityKinds,
  apiEndpoints,
  apiRoutes,
  type OperationId,
  pathOf,
  singleSignOnCallbackPath,
  type SignInSettings,
} from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { contracts } from '../src/features/contract/contract-schema';
import { dataSources, organisations, user } from '../src/db/core-tables';
import { uploadedTables } from '../src/data-sources';
import { buildTestApp, demoUsers, testDrivers, type TestApp } from './helpers/build-test-app';
import { fakeNameResolver } from './helpers/fake-name-resolver';
import { type OidcTestProvider, startOidcTestProvider } from './helpers/oidc-test-provider';

// Management → Activity (decision 015): every administrator action writes its entry in the same
// transaction as the change — who, what, when. The list of actions is taken from the endpoint descriptors
// (every management route that is not a GET), so a new action without an entry fails here.

interface Request {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface ActionCase {
  /** Builds the request; may prepare what it acts on first (through the API or the database). */
  request: () => Request | Promise<Request>;
  /** The entry the action must write. */
  action: ActivityAction;
}

/** Routes under /api/management that change nothing: they answer a question and write no entry. */
const readOnly: Partial<Record<OperationId, string>> = {
  previewUpload: 'shows how a file would be read',
  previewCatalogueImport: 'shows what an import would change',
  previewDefinition: 'runs a definition that is not stored',
  testDataSource: 'tries the connection',
  testUnsavedDataSource: 'tries a connection as entered and stores nothing',
};

const managementActionIds = (Object.keys(apiEndpoints) as OperationId[]).filter((id) => {
  const route = apiRoutes[id];
  return route.path.startsWith('/api/management/') && route.method !== 'GET';
});

const clientBody = {
  useBackendTranslation: false,
  isoLanguageName: 'en',
  cultureName: 'en-GB',
  currencySymbol: '€',
};
const domain = 'trail.example';

function bannerBody(title: string) {
  const language = {
    title,
    body: 'Body.',
    primary: { label: null, type: 'close', href: null },
    secondary: null,
  };
  return {
    startsAt: null,
    endsAt: null,
    content: { en: language, de: { ...language, title: `${title} (de)` } },
  };
}

function definition(name: string, sql = 'select 1 as n') {
  return { name, source: 'uploads', sql, parameters: [], columns: [], visuals: [], cacheSeconds: 0 };
}

function databaseSource(name: string) {
  return {
    name,
    title: { en: `Source ${name}` },
    kind: 'postgres',
    connection: { host: '8.8.8.8', port: 5432, database: 'sales', user: 'reader' },
    password: 'Trail-Passw0rd-1',
  };
}

async function multipart(fields: Record<string, string>, csv: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv]), 'table.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

describe.each(testDrivers())('the activity trail (%s)', (driver) => {
  let t: TestApp;
  let idp: OidcTestProvider;
  let organisationId: string;
  let adminName: string;
  const dns = fakeNameResolver();

  async function send(request: Request) {
    return t.app.inject({
      method: request.method as 'POST',
      url: request.url,
      headers: { ...(await t.bearer(demoUsers.admin)), ...request.headers },
      ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
    });
  }

  async function activity(query = ''): Promise<ActivityResponse> {
    const response = await send({ method: 'GET', url: `${apiRoutes.listActivity.path}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityResponse>();
  }

  async function newUser(email: string): Promise<string> {
    const id = await createUserWithPassword(t.app.db, {
      organisationId,
      email,
      password: 'Trail-password-1',
      name: `Trail ${email}`,
      roleKey: 'organisationmember',
      subscription: 'basic',
    });
    if (!id) throw new Error(`fixture user ${email} not created`);
    return id;
  }

  async function newBanner(title: string): Promise<string> {
    const response = await send({
      method: 'POST',
      url: apiRoutes.createBanner.path,
      payload: bannerBody(title),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function saveProvider(): Promise<void> {
    const response = await send({
      method: 'PUT',
      url: apiRoutes.saveSignInSettings.path,
      payload: {
        ...clientBody,
        issuerUrl: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        domains: [domain],
        newUserRoleKey: 'organisationmember',
        newUserSubscription: 'basic',
        requireSingleSignOn: false,
        breakGlassUserId: null,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const catalogueEdit = (change: Parameters<TestApp['app']['catalogue']['edit']>[1]) =>
    t.app.catalogue.edit({ organisationId, id: 'fixture', name: 'Fixture' }, change);

  const cases: Record<string, ActionCase> = {
    createUser: {
      action: 'users.created',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createUser.path,
        payload: {
          ...clientBody,
          name: 'Trail New',
          email: 'trail-new@example.com',
          password: 'Initial-password-1',
          roleKey: 'organisationmember',
          subscription: 'basic',
          uiLanguage: 'de-DE',
        },
      }),
    },
    updateUser: {
      action: 'users.changed',
      request: async () => ({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateUser, { id: await newUser('trail-renamed@example.com') }),
        payload: { ...clientBody, name: 'Trail Renamed', subscription: 'pro' },
      }),
    },
    deactivateUser: {
      action: 'users.deactivated',
      request: async () => ({
        method: 'POST',
        url: pathOf(apiRoutes.deactivateUser, { id: await newUser('trail-deactivated@example.com') }),
        payload: clientBody,
      }),
    },
    reactivateUser: {
      action: 'users.reactivated',
      request: async () => {
        const id = await newUser('trail-reactivated@example.com');
        await t.app.db.update(user).set({ active: false }).where(eq(user.id, id));
        return { method: 'POST', url: pathOf(apiRoutes.reactivateUser, { id }), payload: clientBody };
      },
    },
    importUserAttributes: {
      action: 'users.changed',
      request: async () => {
        await newUser('trail-attributes@example.com');
        return {
          method: 'POST',
          url: apiRoutes.importUserAttributes.path,
          payload: { ...clientBody, csv: 'email,region\ntrail-attributes@example.com,North\n' },
        };
      },
    },
    resetUserTwoFactor: {
      action: 'users.two-factor-reset',
      request: async () => ({
        method: 'POST',
        url: pathOf(apiRoutes.resetUserTwoFactor, { id: await newUser('trail-factor@example.com') }),
        payload: clientBody,
      }),
    },
    resetUserPassword: {
      action: 'users.password-reset',
      request: async () => ({
        method: 'POST',
        url: pathOf(apiRoutes.resetUserPassword, { id: await newUser('trail-password@example.com') }),
        payload: { ...clientBody, password: 'One-time-password-trail' },
      }),
    },
    updateTwoFactorPolicy: {
      action: 'sign-in.two-factor-policy-changed',
      request: async () => {
        // Turning the rule off is always allowed; it has to be on before for that to be a change.
        await t.app.db
          .update(organisations)
          .set({ requireTwoFactor: true })
          .where(eq(organisations.id, organisationId));
        return {
          method: 'PUT',
          url: apiRoutes.updateTwoFactorPolicy.path,
          payload: { ...clientBody, requireTwoFactor: false },
        };
      },
    },
    createBanner: {
      action: 'banners.created',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createBanner.path,
        payload: { ...clientBody, ...bannerBody('Trail new') },
      }),
    },
    updateBanner: {
      action: 'banners.changed',
      request: async () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateBanner, { id: await newBanner('Trail to edit') }),
        payload: { ...clientBody, ...bannerBody('Trail edited') },
      }),
    },
    deleteBanner: {
      action: 'banners.deleted',
      request: async () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.deleteBanner, { id: await newBanner('Trail to delete') }),
      }),
    },
    acceptContract: {
      action: 'contract.accepted',
      request: async () => {
        const [pending] = await t.app.db
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.organisationId, organisationId), eq(contracts.status, 'pending')));
        if (!pending) throw new Error('the demo organisation has no pending contract');
        return {
          method: 'POST',
          url: pathOf(apiRoutes.acceptContract, { id: pending.id }),
          payload: clientBody,
        };
      },
    },
    sendNotification: {
      action: 'notifications.sent',
      request: () => ({
        method: 'POST',
        url: apiRoutes.sendNotification.path,
        payload: {
          ...clientBody,
          recipients: 'all',
          title: { en: 'Trail notice', de: 'Spurhinweis' },
          text: { en: 'From the activity trail test.', de: 'Aus dem Test der Aktivitäten.' },
        },
      }),
    },
    saveSignInSettings: {
      action: 'sign-in.settings-changed',
      request: () => ({
        method: 'PUT',
        url: apiRoutes.saveSignInSettings.path,
        payload: {
          ...clientBody,
          issuerUrl: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          domains: [domain],
          newUserRoleKey: 'organisationmember',
          newUserSubscription: 'basic',
          requireSingleSignOn: false,
          breakGlassUserId: null,
        },
      }),
    },
    verifySignInDomain: {
      action: 'sign-in.domain-verified',
      request: async () => {
        await saveProvider();
        const settings = (
          await send({ method: 'GET', url: apiRoutes.getSignInSettings.path })
        ).json<SignInSettings>();
        dns.txtRecords.set(`${settings.domainProof.recordPrefix}.${domain}`, [
          settings.domainProof.recordValue,
        ]);
        return { method: 'POST', url: pathOf(apiRoutes.verifySignInDomain, { domain }) };
      },
    },
    removeSignInSettings: {
      action: 'sign-in.settings-removed',
      request: async () => {
        await saveProvider();
        return { method: 'DELETE', url: apiRoutes.removeSignInSettings.path };
      },
    },
    uploadTable: {
      action: 'data.table-uploaded',
      request: async () => ({
        method: 'POST',
        url: pathOf(apiRoutes.uploadTable, { name: 'uploads' }),
        ...(await multipart(
          {
            options: JSON.stringify({
              table: 'trail_upload',
              mode: 'replace',
              columns: [{ name: 'a', header: 'a', type: 'integer' }],
            }),
          },
          'a\n1\n',
        )),
      }),
    },
    // Row rules (decision 044), on the table uploaded just before.
    createRowRule: {
      action: 'data.row-rule-added',
      request: () => ({
        method: 'POST',
        url: pathOf(apiRoutes.createRowRule, { name: 'uploads' }),
        payload: { ...clientBody, table: 'trail_upload', column: 'a', attribute: 'region' },
      }),
    },
    updateRowRule: {
      action: 'data.row-rule-changed',
      request: async () => {
        const listed = (
          await send({ method: 'GET', url: pathOf(apiRoutes.listRowRules, { name: 'uploads' }) })
        ).json<{ items: { id: string }[] }>();
        return {
          method: 'PUT',
          url: pathOf(apiRoutes.updateRowRule, { name: 'uploads', id: listed.items[0]!.id }),
          payload: {
            ...clientBody,
            table: 'trail_upload',
            column: 'a',
            attribute: 'region',
            administratorsSeeAll: true,
          },
        };
      },
    },
    deleteRowRule: {
      action: 'data.row-rule-removed',
      request: async () => {
        const listed = (
          await send({ method: 'GET', url: pathOf(apiRoutes.listRowRules, { name: 'uploads' }) })
        ).json<{ items: { id: string }[] }>();
        return {
          method: 'DELETE',
          url: pathOf(apiRoutes.deleteRowRule, { name: 'uploads', id: listed.items[0]!.id }),
        };
      },
    },
    removeUploadedTable: {
      action: 'data.table-removed',
      request: async () => {
        const [uploads] = await t.app.db
          .select({ id: dataSources.id })
          .from(dataSources)
          .where(and(eq(dataSources.organisationId, organisationId), eq(dataSources.name, 'uploads')));
        await t.app.db.insert(uploadedTables).values({
          organisationId,
          dataSourceId: uploads!.id,
          name: 'trail_doomed',
          columns: [{ name: 'a', header: 'a', type: 'integer' }],
        });
        return {
          method: 'DELETE',
          url: pathOf(apiRoutes.removeUploadedTable, { name: 'uploads', table: 'trail_doomed' }),
        };
      },
    },
    importCatalogue: {
      action: 'catalogue.imported',
      request: async () => {
        const exported = (await send({ method: 'GET', url: apiRoutes.exportCatalogue.path })).json<{
          menu: { name: string; title: Record<string, string> }[];
        }>();
        const [first, ...rest] = exported.menu;
        return {
          method: 'PUT',
          url: apiRoutes.importCatalogue.path,
          payload: {
            ...exported,
            menu: [{ ...first!, title: { ...first!.title, en: 'Imported title' } }, ...rest],
          },
        };
      },
    },
    createMenuGroup: {
      action: 'catalogue.menu-group.added',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createMenuGroup.path,
        payload: { name: 'trail-new', title: { en: 'New' } },
      }),
    },
    updateMenuGroup: {
      action: 'catalogue.menu-group.changed',
      request: async () => {
        await catalogueEdit((doc) => ({
          ...doc,
          menu: [...doc.menu, { name: 'trail-group', title: { en: 'Group' }, items: [] }],
        }));
        return {
          method: 'PUT',
          url: pathOf(apiRoutes.updateMenuGroup, { name: 'trail-group' }),
          payload: { name: 'trail-group', title: { en: 'Renamed group' } },
        };
      },
    },
    deleteMenuGroup: {
      action: 'catalogue.menu-group.removed',
      request: async () => {
        await catalogueEdit((doc) => ({
          ...doc,
          menu: [...doc.menu, { name: 'trail-doomed', title: { en: 'Doomed' }, items: [] }],
        }));
        return { method: 'DELETE', url: pathOf(apiRoutes.deleteMenuGroup, { name: 'trail-doomed' }) };
      },
    },
    createItem: {
      action: 'catalogue.item.added',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createItem.path,
        payload: {
          name: 'trail-item-new',
          group: 'trail-new',
          title: { en: 'New item' },
          report: { kind: 'external', url: 'https://example.com/new' },
        },
      }),
    },
    updateItem: {
      action: 'catalogue.item.changed',
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateItem, { name: 'trail-item-new' }),
        payload: { name: 'trail-item-new', group: 'trail-new', title: { en: 'Changed item' } },
      }),
    },
    deleteItem: {
      action: 'catalogue.item.removed',
      request: () => ({ method: 'DELETE', url: pathOf(apiRoutes.deleteItem, { name: 'trail-item-new' }) }),
    },
    createDashboardGroup: {
      action: 'catalogue.dashboard-group.added',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createDashboardGroup.path,
        payload: { name: 'trail-boards', title: { en: 'Boards' } },
      }),
    },
    updateDashboardGroup: {
      action: 'catalogue.dashboard-group.changed',
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDashboardGroup, { name: 'trail-boards' }),
        payload: { name: 'trail-boards', title: { en: 'Renamed boards' } },
      }),
    },
    deleteDashboardGroup: {
      action: 'catalogue.dashboard-group.removed',
      request: async () => {
        await catalogueEdit((doc) => ({
          ...doc,
          dashboards: [
            ...doc.dashboards,
            { name: 'trail-doomed-boards', title: { en: 'Doomed' }, dashboards: [] },
          ],
        }));
        return {
          method: 'DELETE',
          url: pathOf(apiRoutes.deleteDashboardGroup, { name: 'trail-doomed-boards' }),
        };
      },
    },
    createDashboard: {
      action: 'catalogue.dashboard.added',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createDashboard.path,
        payload: { layoutId: 970, group: 'trail-boards', title: { en: 'Board' }, tiles: [] },
      }),
    },
    updateDashboard: {
      action: 'catalogue.dashboard.changed',
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDashboard, { layoutId: 970 }),
        payload: { layoutId: 970, group: 'trail-boards', title: { en: 'Changed board' }, tiles: [] },
      }),
    },
    deleteDashboard: {
      action: 'catalogue.dashboard.removed',
      request: () => ({ method: 'DELETE', url: pathOf(apiRoutes.deleteDashboard, { layoutId: 970 }) }),
    },
    createDataSource: {
      action: 'data.source-added',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createDataSource.path,
        payload: { ...clientBody, ...databaseSource('trail-source') },
      }),
    },
    updateDataSource: {
      action: 'data.source-changed',
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDataSource, { name: 'trail-source' }),
        payload: { ...clientBody, ...databaseSource('trail-source'), title: { en: 'Renamed source' } },
      }),
    },
    deleteDataSource: {
      action: 'data.source-removed',
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.deleteDataSource, { name: 'trail-source' }),
      }),
    },
    createDefinition: {
      action: 'catalogue.definition.added',
      request: () => ({
        method: 'POST',
        url: apiRoutes.createDefinition.path,
        payload: { ...clientBody, ...definition('trail-definition') },
      }),
    },
    updateDefinition: {
      action: 'catalogue.definition.changed',
      request: () => ({
        method: 'PUT',
        url: pathOf(apiRoutes.updateDefinition, { name: 'trail-definition' }),
        payload: { ...clientBody, ...definition('trail-definition', 'select 2 as n') },
      }),
    },
    deleteDefinition: {
      action: 'catalogue.definition.removed',
      request: () => ({
        method: 'DELETE',
        url: pathOf(apiRoutes.deleteDefinition, { name: 'trail-definition' }),
      }),
    },
  };

  /** The read-only routes, asked something valid: they answer 2xx or 4xx, and write no entry. */
  const readOnlyRequests: Record<string, () => Request | Promise<Request>> = {
    previewUpload: async () => ({
      method: 'POST',
      url: pathOf(apiRoutes.previewUpload, { name: 'uploads' }),
      ...(await multipart({}, 'a,b\n1,2\n')),
    }),
    previewCatalogueImport: () => ({
      method: 'POST',
      url: apiRoutes.previewCatalogueImport.path,
      payload: { format: 'cockpit-catalogue', version: 1, menu: [], dashboards: [] },
    }),
    previewDefinition: () => ({
      method: 'POST',
      url: apiRoutes.previewDefinition.path,
      payload: { ...clientBody, definition: definition('trail-preview') },
    }),
    testDataSource: () => ({
      method: 'POST',
      url: pathOf(apiRoutes.testDataSource, { name: 'uploads' }),
      payload: clientBody,
    }),
    testUnsavedDataSource: () => ({
      method: 'POST',
      url: apiRoutes.testUnsavedDataSource.path,
      payload: {
        ...clientBody,
        kind: 'postgres',
        connection: { host: '127.0.0.1', port: 1, database: 'trail', user: 'trail' },
        password: 'not-stored',
      },
    }),
  };

  beforeAll(async () => {
    idp = await startOidcTestProvider({ redirectUris: [`http://localhost:3000${singleSignOnCallbackPath}`] });
    t = await buildTestApp(driver, { nameResolver: dns });
    const [admin] = await t.app.db.select().from(user).where(eq(user.email, demoUsers.admin));
    organisationId = admin!.organisationId;
    adminName = admin!.name;
    await t.app.db
      .insert(dataSources)
      .values({ organisationId, name: 'uploads', titleEn: 'Uploaded tables', kind: 'uploads' })
      .onConflictDoUpdate({
        target: [dataSources.organisationId, dataSources.name],
        set: { kind: 'uploads' },
      });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('knows every management action route: each writes an entry or is named as changing nothing', () => {
    const known = new Set([...Object.keys(cases), ...Object.keys(readOnly)]);
    expect(
      managementActionIds.filter((id) => !known.has(id)),
      'management actions without a case',
    ).toEqual([]);
    expect(
      [...known].filter((id) => !managementActionIds.includes(id as OperationId)),
      'cases without a route',
    ).toEqual([]);
    expect(Object.keys(readOnlyRequests).sort()).toEqual(Object.keys(readOnly).sort());
  });

  // In declaration order: later cases act on what earlier ones created (a group, then its items).
  for (const [operationId, actionCase] of Object.entries(cases)) {
    it(`${operationId} records "${actionCase.action}" with who, what and when`, async () => {
      const request = await actionCase.request();
      const before = await activity();
      const startedAt = Date.now();
      const response = await send(request);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBeLessThan(300);
      const after = await activity();
      const known = new Set(before.items.map((entry) => entry.id));
      const added = after.items.filter((entry) => !known.has(entry.id));
      expect(after.total).toBeGreaterThan(before.total);
      const entry = added.find((candidate) => candidate.action === actionCase.action);
      expect(entry, `new entries: ${JSON.stringify(added)}`).toBeDefined();
      const { actorName, target, at, kind } = entry as ActivityEntry;
      expect(actorName).toBe(adminName);
      expect(target.trim()).not.toBe('');
      expect(kind).toBe(actionCase.action.slice(0, actionCase.action.indexOf('.')));
      // Stored by the database clock: allow for a clock a little apart from this process's.
      expect(Date.parse(at)).toBeGreaterThan(startedAt - 60_000);
    });
  }

  for (const [operationId, request] of Object.entries(readOnlyRequests)) {
    it(`${operationId} changes nothing and records nothing`, async () => {
      const before = await activity();
      const response = await send(await request());
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect((await activity()).total).toBe(before.total);
    });
  }

  it('writes no entry when the action fails (the entry shares the change’s transaction)', async () => {
    const before = await activity();
    const missing = await send({
      method: 'PATCH',
      url: pathOf(apiRoutes.updateUser, { id: 'no-such-user' }),
      payload: { ...clientBody, name: 'Nobody' },
    });
    expect(missing.statusCode).toBe(404);
    const taken = await send({
      method: 'POST',
      url: apiRoutes.createUser.path,
      payload: {
        ...clientBody,
        name: 'Taken',
        email: demoUsers.member,
        password: 'Initial-password-1',
        roleKey: 'organisationmember',
        subscription: 'basic',
        uiLanguage: 'en',
      },
    });
    expect(taken.statusCode).toBe(409);
    expect((await activity()).total).toBe(before.total);
  });

  it('says what changed on a user: old and new value', async () => {
    const { items } = await activity('?kind=users');
    const renamed = items.find((entry) => entry.target.startsWith('trail-renamed@example.com'));
    expect(renamed?.target).toContain('name: Trail trail-renamed@example.com → Trail Renamed');
    expect(renamed?.target).toContain('subscription: basic → pro');
  });

  it('filters by each kind the Activity screen offers', async () => {
    for (const kind of activityKinds) {
      const { items, total } = await activity(`?kind=${kind}`);
      expect(total, `no entries of kind ${kind}`).toBeGreaterThan(0);
      expect(items.every((entry) => entry.kind === kind)).toBe(true);
    }
  });
});

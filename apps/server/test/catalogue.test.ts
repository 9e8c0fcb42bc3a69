import {
  activityResponseSchema,
  apiRoutes,
  catalogueChangesSchema,
  type CatalogueDocument,
  catalogueDocumentSchema,
  cataloguePreviewSchema,
  dashboardsMenuResponseSchema,
  favoritesResponseSchema,
  menuResponseSchema,
  pathOf,
} from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { type TestApp, buildTestApp, demoUsers, testConfig, testDrivers } from './helpers/build-test-app';
import { type SseStream, openNotificationStream } from './helpers/sse-client';

// The catalogue (decision 015): export/import, edits of one object, audiences on every read, featured,
// pins of deleted items, activity. Each describe block builds its own app on a fresh database.

type Email = (typeof demoUsers)[keyof typeof demoUsers];

describe.each(testDrivers())('catalogue (%s)', (driver) => {
  let t: TestApp;
  // node-postgres warns (once per process) when a query is sent on a connection still running one: an
  // update reads the catalogue inside its transaction, whose one connection must get one query at a time.
  const queuedQueryWarnings: Error[] = [];
  const collectWarning = (warning: Error) => {
    if (warning.message.includes('already executing a query')) queuedQueryWarnings.push(warning);
  };
  beforeAll(async () => {
    process.on('warning', collectWarning);
    t = await buildTestApp(driver);
  });
  afterAll(() => {
    process.off('warning', collectWarning);
    return t?.close();
  });

  const call = async (
    email: Email,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: await t.bearer(email),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const exported = async (email: Email = demoUsers.admin) => {
    const response = await call(email, 'GET', apiRoutes.exportCatalogue.path);
    expect(response.statusCode).toBe(200);
    return catalogueDocumentSchema.parse(response.json());
  };
  const menuItems = async (email: Email) => {
    const response = await call(email, 'GET', apiRoutes.getMenu.path);
    expect(response.statusCode).toBe(200);
    return menuResponseSchema
      .parse(response.json())
      .groups.flatMap((group) => group.items.map((item) => item.name));
  };
  const menuGroups = async (email: Email) =>
    menuResponseSchema
      .parse((await call(email, 'GET', apiRoutes.getMenu.path)).json())
      .groups.map((group) => group.name);
  const imported = async (document: unknown, email: Email = demoUsers.admin) =>
    call(email, 'PUT', apiRoutes.exportCatalogue.path, document);

  describe('export and import', () => {
    it('exports a valid, versioned document that imports without changes and exports the same again', async () => {
      const first = await exported();
      expect(first).toMatchObject({ format: 'report-cockpit.catalogue', version: 1 });
      expect(first.menu.flatMap((group) => group.items).length).toBeGreaterThanOrEqual(30);
      const response = await imported(first);
      expect(response.statusCode).toBe(200);
      expect(catalogueChangesSchema.parse(response.json()).changes).toEqual([]);
      expect(await exported()).toEqual(first);
    });

    it('round-trips every field losslessly: languages, audiences, featured, order, tiles', async () => {
      const original = await exported();
      const document = structuredClone(original);
      const [sales] = document.menu;
      sales!.title = { en: 'Sales', de: 'Vertrieb', deAt: 'Verkauf' };
      sales!.audience = { roles: ['organisationadministrator', 'organisationmember'] };
      sales!.items.reverse();
      sales!.items[0] = {
        ...sales!.items[0]!,
        subTitle: { en: 'Sub', de: 'Unter', deAt: 'Drunter' },
        featured: true,
        leaveTitleUntranslated: true,
        audience: { subscriptions: ['pro'], roles: ['organisationmember'] },
      };
      document.dashboards[0]!.dashboards[0]!.tiles.reverse();
      document.dashboards[0]!.dashboards[0]!.featured = true;
      document.menu.reverse();
      expect((await imported(document)).statusCode).toBe(200);
      expect(await exported()).toEqual(document);
      expect((await imported(original)).statusCode).toBe(200);
    });

    it('names the JSON path of the first problem and changes nothing', async () => {
      const before = await exported();
      const broken: [string, (doc: CatalogueDocument) => void, string][] = [
        [
          'unknown definition',
          (d) => (d.menu[0]!.items[0]!.report = { kind: 'query', definition: 'drop-table' }),
          '$.menu[0].items[0].report',
        ],
        [
          'frame on another origin',
          (d) => (d.menu[0]!.items[0]!.report = { kind: 'embedded', frameUrl: 'https://evil.example/x' }),
          '$.menu[0].items[0].report.frameUrl',
        ],
        [
          'javascript: link',
          (d) => (d.menu[1]!.items[1]!.report = { kind: 'external', url: 'javascript:alert(1)' }),
          '$.menu[1].items[1].report.url',
        ],
        [
          // A browser drops the tab and reads //evil.example/x: another host, not a path of this site.
          'frame path with a tab',
          (d) => (d.menu[0]!.items[0]!.report = { kind: 'embedded', frameUrl: '/\t/evil.example/x' }),
          '$.menu[0].items[0].report.frameUrl',
        ],
        [
          'frame path with a newline',
          (d) => (d.menu[0]!.items[0]!.report = { kind: 'embedded', frameUrl: '/\n/evil.example/x' }),
          '$.menu[0].items[0].report.frameUrl',
        ],
        [
          'protocol-relative frame',
          (d) => (d.menu[0]!.items[0]!.report = { kind: 'embedded', frameUrl: '//evil.example/x' }),
          '$.menu[0].items[0].report.frameUrl',
        ],
        [
          'duplicate item name',
          (d) => (d.menu[1]!.items[0]!.name = d.menu[0]!.items[0]!.name),
          '$.menu[1].items[0].name',
        ],
        [
          'duplicate layout id',
          (d) => (d.dashboards[1]!.dashboards[0]!.layoutId = d.dashboards[0]!.dashboards[0]!.layoutId),
          '$.dashboards[1].dashboards[0].layoutId',
        ],
        [
          'missing English title',
          (d) => ((d.menu[2]!.title as { en?: string }).en = undefined),
          '$.menu[2].title.en',
        ],
        [
          'unknown audience value',
          (d) => (d.menu[0]!.audience = { roles: ['owner' as never] }),
          '$.menu[0].audience.roles[0]',
        ],
        [
          'a value of a parameter the definition lacks',
          (d) =>
            (d.menu[0]!.items[0]!.report = {
              kind: 'query',
              definition: 'product-mix',
              values: { region: 'North' },
            }),
          '$.menu[0].items[0].report.values.region',
        ],
        ['bad name', (d) => (d.menu[0]!.name = 'Sales Group'), '$.menu[0].name'],
        ['wrong version', (d) => ((d as { version: number }).version = 2), '$.version'],
      ];
      for (const [what, breakIt, path] of broken) {
        const document = structuredClone(before);
        breakIt(document);
        const response = await imported(document);
        expect(response.statusCode, what).toBe(400);
        expect(response.json().error.message, what).toContain(path);
        const preview = await call(demoUsers.admin, 'POST', apiRoutes.previewCatalogueImport.path, document);
        expect(preview.statusCode, what).toBe(400);
      }
      expect((await imported([1, 2])).statusCode).toBe(400);
      expect(await exported()).toEqual(before);
    });

    it('refuses a built-in report item or tile of an older export with a 400 naming it, and changes nothing', async () => {
      const before = await exported();
      const item = structuredClone(before) as unknown as { menu: { items: Record<string, unknown>[] }[] };
      item.menu[1]!.items.push({
        name: 'old-overview',
        title: { en: 'Old' },
        report: { kind: 'builtin', query: 'sales-overview' },
      });
      const at = item.menu[1]!.items.length - 1;
      const preview = await call(demoUsers.admin, 'POST', apiRoutes.previewCatalogueImport.path, item);
      for (const [what, response] of [
        ['import', await imported(item)],
        ['preview', preview],
      ] as const) {
        expect(response.statusCode, what).toBe(400);
        expect(response.json().error.message, what).toBe(
          `Invalid catalogue at $.menu[1].items[${at}].report.kind: the item 'old-overview' is a built-in report, which no longer exists: make it a query report naming a report definition`,
        );
      }
      const tile = structuredClone(before) as unknown as {
        dashboards: { dashboards: { tiles: Record<string, unknown>[] }[] }[];
      };
      tile.dashboards[0]!.dashboards[0]!.tiles.push({
        type: 'kpi',
        query: 'sales-overview',
        title: { en: 'Old tile' },
        width: 3,
      });
      const response = await imported(tile);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(
        `$.dashboards[0].dashboards[0].tiles[${tile.dashboards[0]!.dashboards[0]!.tiles.length - 1}].query: a tile of a built-in query no longer exists`,
      );
      expect(await exported()).toEqual(before);
    });

    it('a document with bare query items and tiles imports once and then changes nothing', async () => {
      const before = await exported();
      const document = structuredClone(before);
      document.menu[0]!.items.push({
        name: 'bare-query',
        title: { en: 'Bare' },
        report: { kind: 'query', definition: 'sales-trend' },
      });
      document.dashboards[0]!.dashboards[0]!.tiles.push({
        type: 'kpi',
        definition: 'sales-figures',
        title: { en: 'Bare tile' },
        width: 3,
      });
      expect(catalogueChangesSchema.parse((await imported(document)).json()).changes).toHaveLength(3);
      expect(catalogueChangesSchema.parse((await imported(document)).json()).changes).toEqual([]);
      expect((await imported(before)).statusCode).toBe(200);
    });

    it('refuses a 10 MB document with 413 and changes nothing', async () => {
      const before = await exported();
      const huge = { ...before, padding: 'x'.repeat(10 * 1024 * 1024) };
      const response = await imported(huge);
      expect(response.statusCode).toBe(413);
      expect(await exported()).toEqual(before);
    });

    it('previews the changes of a document without applying them', async () => {
      const before = await exported();
      const document = structuredClone(before);
      document.menu[0]!.items.push({
        name: 'new-report',
        title: { en: 'New report' },
        report: { kind: 'external', url: 'https://example.com/n' },
      });
      document.menu[0]!.items[0]!.title = { en: 'Changed' };
      document.menu.splice(1, 1);
      const response = await call(demoUsers.admin, 'POST', apiRoutes.previewCatalogueImport.path, document);
      expect(response.statusCode).toBe(200);
      const { changes } = catalogueChangesSchema.parse(response.json());
      expect(changes).toEqual(
        expect.arrayContaining([
          { object: 'item', name: 'new-report', title: 'New report', change: 'added' },
          { object: 'item', name: before.menu[0]!.items[0]!.name, title: 'Changed', change: 'changed' },
          expect.objectContaining({ object: 'menu-group', name: before.menu[1]!.name, change: 'removed' }),
        ]),
      );
      expect(await exported()).toEqual(before);
    });

    it('leaves one consistent catalogue after concurrent imports', async () => {
      const base = await exported();
      const variants = [1, 2, 3, 4].map((n) => {
        const document = structuredClone(base);
        document.menu = document.menu.slice(0, n + 1);
        document.menu[0]!.title = { en: `Variant ${n}` };
        return document;
      });
      const responses = await Promise.all(variants.map((document) => imported(document)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const after = await exported();
      expect(variants).toContainEqual(after);
      expect((await imported(base)).statusCode).toBe(200);
    });

    it('sends the queries of an import one at a time on its transaction', async () => {
      expect((await imported(await exported())).statusCode).toBe(200);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(queuedQueryWarnings.map((warning) => warning.message)).toEqual([]);
    });

    it('keeps each organisation to its own catalogue', async () => {
      const beispiel = await exported(demoUsers.beispielAdmin);
      const demo = await exported();
      const names = (document: CatalogueDocument) => document.menu.flatMap((g) => g.items.map((i) => i.name));
      expect(names(beispiel).some((name) => names(demo).includes(name))).toBe(false);
      // A document naming another organisation's items creates them in the importer's own catalogue only.
      const copy = structuredClone(beispiel);
      copy.menu[0]!.items[0]!.title = { en: 'Beispiel changed' };
      expect((await imported(copy, demoUsers.beispielAdmin)).statusCode).toBe(200);
      expect(await exported()).toEqual(demo);
    });

    it('is for administrators only', async () => {
      for (const email of [demoUsers.member, demoUsers.basic]) {
        expect((await call(email, 'GET', apiRoutes.exportCatalogue.path)).statusCode).toBe(403);
        expect((await imported(await exported(), email)).statusCode).toBe(403);
      }
    });
  });

  describe('one object at a time', () => {
    it('creates, changes, moves and deletes a menu group and its items', async () => {
      const group = { name: 'regional', title: { en: 'Regional', de: 'Regional' }, icon: 'map', position: 0 };
      expect((await call(demoUsers.admin, 'POST', apiRoutes.createMenuGroup.path, group)).statusCode).toBe(
        200,
      );
      expect((await call(demoUsers.admin, 'POST', apiRoutes.createMenuGroup.path, group)).statusCode).toBe(
        409,
      );
      // An empty group is not shown in menus.
      expect(await menuGroups(demoUsers.member)).not.toContain('regional');

      const item = {
        name: 'regional-glossary',
        group: 'regional',
        title: { en: 'Regional glossary', de: 'Regionales Glossar', deAt: 'Regionales Glossar (AT)' },
        icon: 'file-text',
        report: { kind: 'embedded', frameUrl: '/embedded/kpi-glossary?lang={lang}' },
      };
      const created = await call(demoUsers.admin, 'POST', apiRoutes.createItem.path, item);
      expect(created.statusCode).toBe(200);
      expect(created.json().changes).toEqual([
        expect.objectContaining({ object: 'menu-group', name: 'regional', change: 'changed' }),
        { object: 'item', name: 'regional-glossary', title: 'Regional glossary', change: 'added' },
      ]);
      expect((await menuGroups(demoUsers.member))[0]).toBe('regional');
      const report = await call(
        demoUsers.member,
        'GET',
        `${pathOf(apiRoutes.getReport, { name: 'regional-glossary' })}?isoLanguageName=de-AT`,
      );
      expect(report.statusCode).toBe(200);
      expect(report.json().report).toMatchObject({ title: 'Regionales Glossar (AT)', kind: 'embedded' });

      const renamed = await call(demoUsers.admin, 'PUT', '/api/management/catalogue/menu-groups/regional', {
        ...group,
        title: { en: 'Regions' },
        position: 3,
      });
      expect(renamed.statusCode).toBe(200);
      const document = await exported();
      expect(document.menu[3]).toMatchObject({ name: 'regional', title: { en: 'Regions' } });
      expect(document.menu[3]!.items.map((i) => i.name)).toEqual(['regional-glossary']);

      // Move the item into another group, at its top.
      const moved = await call(demoUsers.admin, 'PUT', '/api/management/catalogue/items/regional-glossary', {
        ...item,
        group: 'sales',
        position: 0,
      });
      expect(moved.statusCode).toBe(200);
      const afterMove = await exported();
      expect(afterMove.menu.find((g) => g.name === 'sales')!.items[0]!.name).toBe('regional-glossary');
      expect(afterMove.menu.find((g) => g.name === 'regional')!.items).toEqual([]);

      expect(
        (
          await call(demoUsers.admin, 'PUT', '/api/management/catalogue/items/no-such', {
            ...item,
            name: 'no-such',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(demoUsers.admin, 'PUT', '/api/management/catalogue/items/regional-glossary', {
            ...item,
            group: 'nope',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call(demoUsers.admin, 'PUT', '/api/management/catalogue/items/regional-glossary', {
            ...item,
            name: 'other',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await call(demoUsers.admin, 'POST', apiRoutes.createItem.path, {
            ...item,
            name: 'x',
            report: { kind: 'external', url: 'javascript:alert(1)' },
          })
        ).statusCode,
      ).toBe(400);

      expect(
        (await call(demoUsers.admin, 'DELETE', '/api/management/catalogue/items/regional-glossary'))
          .statusCode,
      ).toBe(200);
      expect(await menuItems(demoUsers.member)).not.toContain('regional-glossary');
      expect(
        (await call(demoUsers.member, 'GET', pathOf(apiRoutes.getReport, { name: 'regional-glossary' })))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(demoUsers.admin, 'DELETE', '/api/management/catalogue/menu-groups/regional')).statusCode,
      ).toBe(200);
      expect(
        (await call(demoUsers.admin, 'DELETE', '/api/management/catalogue/menu-groups/regional')).statusCode,
      ).toBe(404);
    });

    it('creates a dashboard group and a dashboard with tiles, changes its tiles and deletes it', async () => {
      const group = { name: 'finance-boards', title: { en: 'Finance' } };
      expect(
        (await call(demoUsers.admin, 'POST', apiRoutes.createDashboardGroup.path, group)).statusCode,
      ).toBe(200);
      const dashboard = {
        layoutId: 901,
        group: 'finance-boards',
        title: { en: 'Cash', de: 'Liquidität' },
        tiles: [
          {
            type: 'kpi',
            definition: 'sales-figures',
            visual: 'revenue',
            values: { period: { preset: 'this-year' } },
            title: { en: 'Revenue' },
            width: 4,
          },
          {
            type: 'line',
            definition: 'sales-per-period',
            visual: 'revenue',
            title: { en: 'Trend' },
            width: 8,
          },
        ],
      };
      expect(
        (await call(demoUsers.admin, 'POST', apiRoutes.createDashboard.path, dashboard)).statusCode,
      ).toBe(200);
      const shown = await call(demoUsers.member, 'GET', '/api/dashboards/901?isoLanguageName=de-DE');
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ title: 'Liquidität', groupTitle: 'Finance' });
      expect(shown.json().tiles.map((tile: { type: string }) => tile.type)).toEqual(['kpi', 'line']);
      const firstTileId = shown.json().tiles[0].id as string;

      // Move the KPI tile behind the chart, add a table, keep the KPI tile's id (links to it stay valid).
      const exportedBoard = (await exported()).dashboards.find((g) => g.name === 'finance-boards')!
        .dashboards[0]!;
      const changed = {
        ...dashboard,
        tiles: [
          exportedBoard.tiles[1],
          exportedBoard.tiles[0],
          {
            type: 'table',
            definition: 'sales-ranking',
            visual: 'table',
            title: { en: 'Regions' },
            width: 12,
          },
        ],
      };
      expect(
        (await call(demoUsers.admin, 'PUT', '/api/management/catalogue/dashboards/901', changed)).statusCode,
      ).toBe(200);
      const after = (await call(demoUsers.member, 'GET', '/api/dashboards/901')).json();
      expect(after.tiles.map((tile: { type: string }) => tile.type)).toEqual(['line', 'kpi', 'table']);
      expect(after.tiles[1].id).toBe(firstTileId);
      expect(
        (await call(demoUsers.member, 'GET', `/api/dashboards/901/tiles/${firstTileId}`)).statusCode,
      ).toBe(200);

      expect(
        (await call(demoUsers.admin, 'DELETE', '/api/management/catalogue/dashboards/901')).statusCode,
      ).toBe(200);
      expect((await call(demoUsers.member, 'GET', '/api/dashboards/901')).statusCode).toBe(404);
      expect(
        (await call(demoUsers.member, 'GET', `/api/dashboards/901/tiles/${firstTileId}`)).statusCode,
      ).toBe(404);
      expect(
        (await call(demoUsers.admin, 'DELETE', '/api/management/catalogue/dashboard-groups/finance-boards'))
          .statusCode,
      ).toBe(200);
    });
  });

  it("refuses a dashboard whose parameter name is used twice, naming the parameter's place", async () => {
    const period = { name: 'period', type: 'date-range', label: { en: 'Period' }, required: false };
    const dashboard = {
      layoutId: 902,
      group: 'management',
      title: { en: 'Twice' },
      parameters: [period, { ...period, label: { en: 'Again' } }],
      tiles: [],
    };
    const response = await call(demoUsers.admin, 'POST', apiRoutes.createDashboard.path, dashboard);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("the parameter 'period' is declared twice");
    expect(response.json().error.message).toContain('parameters[1].name');
    expect((await call(demoUsers.member, 'GET', '/api/dashboards/902')).statusCode).toBe(404);
  });

  it('refuses a KPI compared with the previous period of a parameter that is no date range (decision 047)', async () => {
    const definition = {
      name: 'previous-of-nothing',
      source: 'uploads',
      sql: 'select 1 as revenue where {{minimum}} > 0',
      parameters: [{ name: 'minimum', type: 'number', label: { en: 'Minimum' } }],
      visuals: [
        {
          type: 'kpi',
          id: 'k',
          items: [{ column: 'revenue', aggregate: 'sum', comparePreviousPeriod: 'minimum' }],
        },
      ],
    };
    const response = await call(demoUsers.admin, 'POST', apiRoutes.createDefinition.path, definition);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(
      "visuals[0].items[0].comparePreviousPeriod: 'minimum' is not a date-range parameter",
    );
  });

  describe('audiences, featured and pins', () => {
    const pin = async (email: Email, kind: 'report' | 'dashboard', name: string, isPinned = true) =>
      call(email, 'PUT', apiRoutes.updatePin.path, { kind, name, isPinned });
    const favorites = async (email: Email) =>
      favoritesResponseSchema.parse((await call(email, 'GET', apiRoutes.getFavorites.path)).json());

    it('hides an item limited to pro from basic users on every read, and shows it to pro users', async () => {
      // The demo catalogue limits rolling-forecast to the pro subscription.
      expect(await menuItems(demoUsers.member)).toContain('rolling-forecast');
      expect(await menuItems(demoUsers.basic)).not.toContain('rolling-forecast');
      expect(
        (await call(demoUsers.basic, 'GET', pathOf(apiRoutes.getReport, { name: 'rolling-forecast' })))
          .statusCode,
      ).toBe(404);
      expect((await pin(demoUsers.basic, 'report', 'rolling-forecast')).statusCode).toBe(404);
      // Administrators-only item.
      expect(await menuItems(demoUsers.admin)).toContain('cost-centres');
      expect(await menuItems(demoUsers.member)).not.toContain('cost-centres');
    });

    it('answers 404 with nothing of the item for a report outside the audience', async () => {
      const response = await call(
        demoUsers.basic,
        'GET',
        pathOf(apiRoutes.getReport, { name: 'rolling-forecast' }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Rolling');
    });

    it('hides a whole group, and dashboards outside the audience on the dashboards routes', async () => {
      const before = await exported();
      const document = structuredClone(before);
      document.menu[0]!.audience = { roles: ['organisationadministrator'] };
      const [managementBoards] = document.dashboards;
      managementBoards!.dashboards[0]!.audience = { roles: ['organisationadministrator'] };
      expect((await imported(document)).statusCode).toBe(200);
      const hiddenItem = document.menu[0]!.items[0]!.name;
      const hiddenLayout = managementBoards!.dashboards[0]!.layoutId;

      expect(await menuItems(demoUsers.member)).not.toContain(hiddenItem);
      expect(await menuItems(demoUsers.admin)).toContain(hiddenItem);
      expect(
        (await call(demoUsers.member, 'GET', pathOf(apiRoutes.getReport, { name: hiddenItem }))).statusCode,
      ).toBe(404);
      const boards = dashboardsMenuResponseSchema.parse(
        (await call(demoUsers.member, 'GET', '/api/dashboards/menu')).json(),
      );
      expect(boards.groups.flatMap((g) => g.items.map((i) => i.name))).not.toContain(String(hiddenLayout));
      const dashboard = await call(demoUsers.member, 'GET', `/api/dashboards/${hiddenLayout}`);
      expect(dashboard.statusCode).toBe(404);
      expect(dashboard.body).not.toContain(managementBoards!.dashboards[0]!.title.en);
      const tileId = (await call(demoUsers.admin, 'GET', `/api/dashboards/${hiddenLayout}`)).json().tiles[0]
        .id as string;
      expect(
        (await call(demoUsers.member, 'GET', `/api/dashboards/${hiddenLayout}/tiles/${tileId}`)).statusCode,
      ).toBe(404);
      expect(
        (await call(demoUsers.admin, 'GET', `/api/dashboards/${hiddenLayout}/tiles/${tileId}`)).statusCode,
      ).toBe(200);

      // "Preview as" shows exactly what that audience gets.
      for (const [email, query] of [
        [demoUsers.member, 'roleKey=organisationmember&subscription=pro'],
        [demoUsers.basic, 'roleKey=organisationmember&subscription=basic'],
        [demoUsers.admin, 'roleKey=organisationadministrator&subscription=pro'],
      ] as const) {
        const preview = cataloguePreviewSchema.parse(
          (await call(demoUsers.admin, 'GET', `${apiRoutes.previewCatalogueAudience.path}?${query}`)).json(),
        );
        const menu = menuResponseSchema.parse(
          (await call(email, 'GET', apiRoutes.getMenu.path)).json(),
        ).groups;
        const strip = (groups: typeof menu) =>
          groups.map((g) => ({ ...g, items: g.items.map((i) => ({ ...i, isPinned: false })) }));
        expect(preview.menu).toEqual(strip(menu));
        const dashboardsOf = await call(email, 'GET', '/api/dashboards/menu');
        expect(preview.dashboards).toEqual(
          dashboardsOf.statusCode === 200 ? strip(dashboardsOf.json().groups) : [],
        );
      }
      expect((await imported(before)).statusCode).toBe(200);
    });

    it("keeps basic users' dashboard pins out of their favourites (dashboards need pro)", async () => {
      // A pin written before the subscription changed: still stored, never listed.
      await pin(demoUsers.member, 'dashboard', '101');
      expect((await favorites(demoUsers.member)).dashboards.map((d) => d.name)).toContain('101');
      expect((await pin(demoUsers.basic, 'dashboard', '101')).statusCode).toBe(404);
      expect((await favorites(demoUsers.basic)).dashboards).toEqual([]);
    });

    it('drops pins of deleted items from favourites and shows them again when the item returns', async () => {
      const before = await exported();
      expect((await pin(demoUsers.member, 'report', 'sales-trend')).statusCode).toBe(200);
      expect((await favorites(demoUsers.member)).reports.map((r) => r.name)).toContain('sales-trend');
      expect(
        (await call(demoUsers.admin, 'DELETE', '/api/management/catalogue/items/sales-trend')).statusCode,
      ).toBe(200);
      expect((await favorites(demoUsers.member)).reports.map((r) => r.name)).not.toContain('sales-trend');
      // Unpinning what is gone still works (the star of a stale favourite must not fail).
      expect((await imported(before)).statusCode).toBe(200);
      expect((await favorites(demoUsers.member)).reports.map((r) => r.name)).toContain('sales-trend');
      // Narrowing the audience hides the favourite; widening it brings it back.
      const narrowed = structuredClone(before);
      narrowed.menu[0]!.items.find((i) => i.name === 'sales-trend')!.audience = {
        roles: ['organisationadministrator'],
      };
      expect((await imported(narrowed)).statusCode).toBe(200);
      expect((await favorites(demoUsers.member)).reports.map((r) => r.name)).not.toContain('sales-trend');
      expect((await imported(before)).statusCode).toBe(200);
      expect((await favorites(demoUsers.member)).reports.map((r) => r.name)).toContain('sales-trend');
      expect((await pin(demoUsers.member, 'report', 'sales-trend', false)).statusCode).toBe(200);
    });

    it('lists recent items only while the user may see them, and records no opening outside the audience', async () => {
      const before = await exported();
      const open = (email: Email, name: string) =>
        call(email, 'POST', apiRoutes.listRecents.path, { kind: 'report', name });
      const recents = async (email: Email) =>
        (
          (await call(email, 'GET', apiRoutes.listRecents.path)).json() as {
            items: { item: { name: string } }[];
          }
        ).items.map((entry) => entry.item.name);
      expect((await open(demoUsers.basic, 'rolling-forecast')).statusCode).toBe(404);
      expect((await open(demoUsers.member, 'rolling-forecast')).statusCode).toBe(200);
      expect(await recents(demoUsers.member)).toContain('rolling-forecast');
      const narrowed = structuredClone(before);
      const controlling = narrowed.menu.find((group) =>
        group.items.some((item) => item.name === 'rolling-forecast'),
      )!;
      controlling.items.find((item) => item.name === 'rolling-forecast')!.audience = {
        roles: ['organisationadministrator'],
      };
      expect((await imported(narrowed)).statusCode).toBe(200);
      expect(await recents(demoUsers.member)).not.toContain('rolling-forecast');
      expect((await imported(before)).statusCode).toBe(200);
      expect(await recents(demoUsers.member)).toContain('rolling-forecast');
    });

    it('returns what is featured, filtered by audience', async () => {
      const featured = favoritesResponseSchema.parse(
        (await call(demoUsers.member, 'GET', apiRoutes.getFeatured.path)).json(),
      );
      expect(featured.reports.map((r) => r.name)).toEqual(['totalviewlayout', 'sales-trend']);
      expect(featured.dashboards.map((d) => d.name)).toEqual(['101']);
      const basic = favoritesResponseSchema.parse(
        (await call(demoUsers.basic, 'GET', apiRoutes.getFeatured.path)).json(),
      );
      expect(basic.dashboards).toEqual([]);
    });
  });

  describe('activity', () => {
    it('records every catalogue change with who and what, newest first, filterable by kind', async () => {
      const group = { name: 'audit-group', title: { en: 'Audit group' } };
      expect((await call(demoUsers.admin, 'POST', apiRoutes.createMenuGroup.path, group)).statusCode).toBe(
        200,
      );
      const document = await exported();
      document.menu
        .find((g) => g.name === 'audit-group')!
        .items.push({
          name: 'audit-item',
          title: { en: 'Audit item' },
          report: { kind: 'external', url: 'https://example.com/audit' },
        });
      expect((await imported(document)).statusCode).toBe(200);

      const response = await call(demoUsers.admin, 'GET', `${apiRoutes.listActivity.path}?kind=catalogue`);
      expect(response.statusCode).toBe(200);
      const { items } = activityResponseSchema.parse(response.json());
      expect(items[0]).toMatchObject({
        action: 'catalogue.imported',
        actorName: 'Anna Admin',
        kind: 'catalogue',
      });
      expect(items[0]!.changes).toContainEqual({
        object: 'item',
        name: 'audit-item',
        title: 'Audit item',
        change: 'added',
      });
      expect(items[1]).toMatchObject({ action: 'catalogue.menu-group.added', target: 'Audit group' });
      const users = activityResponseSchema.parse(
        (await call(demoUsers.admin, 'GET', `${apiRoutes.listActivity.path}?kind=users`)).json(),
      );
      expect(users.items.every((entry) => entry.kind === 'users')).toBe(true);
      // Another organisation sees none of it.
      const other = activityResponseSchema.parse(
        (await call(demoUsers.beispielAdmin, 'GET', apiRoutes.listActivity.path)).json(),
      );
      expect(other.items.some((entry) => entry.target === 'Audit group')).toBe(false);
      expect((await call(demoUsers.member, 'GET', apiRoutes.listActivity.path)).statusCode).toBe(403);

      // One edit, one line: adding an item does not also log its group's new order.
      const added = await call(demoUsers.admin, 'POST', apiRoutes.createItem.path, {
        name: 'audit-second',
        group: 'audit-group',
        title: { en: 'Audit second' },
      });
      expect(added.statusCode).toBe(200);
      const latest = activityResponseSchema.parse(
        (await call(demoUsers.admin, 'GET', apiRoutes.listActivity.path)).json(),
      );
      expect(latest.items[0]).toMatchObject({ action: 'catalogue.item.added', target: 'Audit second' });
      expect(latest.items[1]).toMatchObject({ action: 'catalogue.imported' });
    });
  });
});

// A change made through process A reaches process B at once: B's remembered menus are dropped and B's
// open streams get the `catalogue` event (cluster events over LISTEN/NOTIFY, docs/product.md §D.2). PostgreSQL
// only: PGlite is one in-process database by design.
describe.skipIf(!process.env.TEST_DATABASE_URL)('catalogue across server processes (postgres)', () => {
  let a: TestApp;
  let b: { app: App; database: DatabaseHandle };
  let urlB: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    a = await buildTestApp('postgres');
    const result = (await a.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${result.rows[0]?.name ?? ''}`;
    const database = await openDatabase({ driver: 'pg', connectionString: url.toString() });
    const app = await buildApp({ config: testConfig(), db: database.db, listen: database.listen });
    b = { app, database };
    urlB = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await b?.app.close();
    await b?.database.close();
    await a?.close();
  });

  const menuOnB = async () => {
    const response = await b.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: await a.bearer(demoUsers.member),
    });
    return menuResponseSchema
      .parse(response.json())
      .groups.flatMap((group) => group.items.map((item) => item.name));
  };
  const within = async (ms: number, check: () => Promise<boolean>) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return check();
  };

  it('a catalogue change through A reaches a stream on B and drops the menu B remembered, within 1 s', async () => {
    const stream = await openNotificationStream(urlB, await a.tokenFor(demoUsers.member));
    streams.push(stream);
    await stream.next((event) => event.type === 'snapshot');
    expect(await menuOnB()).not.toContain('live-item'); // remembered by B now

    const started = Date.now();
    const created = await a.app.inject({
      method: 'POST',
      url: apiRoutes.createItem.path,
      headers: await a.bearer(demoUsers.admin),
      payload: {
        name: 'live-item',
        group: 'sales',
        title: { en: 'Live item' },
        report: { kind: 'external', url: 'https://example.com/live' },
      },
    });
    expect(created.statusCode).toBe(200);
    await stream.next((event) => event.type === 'catalogue', { timeoutMs: 1_000 });
    expect(
      await within(1_000 - (Date.now() - started), async () => (await menuOnB()).includes('live-item')),
    ).toBe(true);
  });

  it('a pin made through A shows in the menu B remembered, within 1 s', async () => {
    expect((await menuOnB()).length).toBeGreaterThan(0);
    const pinned = await a.app.inject({
      method: 'PUT',
      url: apiRoutes.updatePin.path,
      headers: await a.bearer(demoUsers.member),
      payload: { kind: 'report', name: 'pmxlayout', isPinned: true },
    });
    expect(pinned.statusCode).toBe(200);
    const pinnedOnB = async () => {
      const response = await b.app.inject({
        method: 'GET',
        url: apiRoutes.getMenu.path,
        headers: await a.bearer(demoUsers.member),
      });
      return menuResponseSchema
        .parse(response.json())
        .groups.some((group) => group.items.some((item) => item.name === 'pmxlayout' && item.isPinned));
    };
    expect(await within(1_000, pinnedOnB)).toBe(true);
  });
});

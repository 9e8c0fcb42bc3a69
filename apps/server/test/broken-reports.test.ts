import { apiRoutes, errorCodes, pathOf } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, reportProblemNotices } from '../src/features/notifications/notifications-schema';
import { user } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Readers are not misled (docs/decisions/046-broken-reports-and-their-owners.md): a definition the database
// refuses is "this report has a problem", not an outage, and its owners — the organisation's
// administrators — are told once per definition and kind until it runs again; a dashboard tile whose type
// does not match its visual is refused, naming the tile in the editor's language.

type Email = (typeof demoUsers)[keyof typeof demoUsers];
const reportBrokenMessage = 'This report has a problem; its owner has been told.';
const clientBody = {
  useBackendTranslation: false,
  isoLanguageName: 'en',
  cultureName: 'en-GB',
  currencySymbol: '€',
};

describe.each(testDrivers())('broken reports and misfitting tiles (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const call = async (
    email: Email,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: await t.bearer(email), ...(payload ? { payload } : {}) });
  const definition = (sql: string) => ({
    ...clientBody,
    name: 'broken-division',
    source: 'uploads',
    sql,
    parameters: [],
    columns: [],
    visuals: [],
    cacheSeconds: 0,
  });
  const userId = async (email: string) =>
    (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
  /** The notices about the definition a user has received. */
  const noticesOf = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, await userId(email)))
    ).filter((notice) => notice.content.title.en.includes('broken-division'));

  it('answers a refused statement as "this report has a problem" and tells the administrators once until it runs again', async () => {
    expect(
      (await call(demoUsers.admin, 'POST', apiRoutes.createDefinition.path, definition('select 1 / 0 as n')))
        .statusCode,
    ).toBe(201);
    const item = {
      ...clientBody,
      name: 'broken-report',
      group: 'sales',
      title: { en: 'Broken report' },
      report: { kind: 'query', definition: 'broken-division' },
    };
    expect((await call(demoUsers.admin, 'POST', apiRoutes.createItem.path, item)).statusCode).toBe(200);
    const page = pathOf(apiRoutes.getReport, { name: 'broken-report' });

    for (let run = 0; run < 3; run++) {
      const answer = await call(demoUsers.member, 'GET', page);
      // Not 503: the web client retries those, and "try again" would mislead.
      expect(answer.statusCode).toBe(500);
      expect(answer.headers['retry-after']).toBeUndefined();
      expect(answer.json()).toEqual({
        error: { code: errorCodes.reportBroken, message: reportBrokenMessage },
      });
    }
    // Administrators read the database's own message.
    const forAdmin = await call(demoUsers.admin, 'GET', page);
    expect(forAdmin.statusCode).toBe(500);
    expect(forAdmin.json().error.message).toMatch(/division by zero/);

    await vi.waitFor(async () => expect(await noticesOf(demoUsers.admin)).toHaveLength(1));
    // Four failing runs, one notice; the failures after the first find it already there.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [notice] = await noticesOf(demoUsers.admin);
    expect(await noticesOf(demoUsers.admin)).toHaveLength(1);
    expect(notice!.content.text.en).toMatch(/the database refused its statement \(division by zero\)/);
    expect(notice!.content.title.de).toBe('Berichtsdefinition „broken-division“ hat ein Problem');
    // Members are not the owners; another organisation's administrators hear nothing.
    expect(await noticesOf(demoUsers.member)).toHaveLength(0);
    expect(await noticesOf(demoUsers.beispielAdmin)).toHaveLength(0);

    // Corrected, it runs; the row is gone, so the next break is told again.
    const update = pathOf(apiRoutes.updateDefinition, { name: 'broken-division' });
    expect((await call(demoUsers.admin, 'PUT', update, definition('select 1 as n'))).statusCode).toBe(200);
    expect((await call(demoUsers.member, 'GET', page)).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(await t.database.db.select().from(reportProblemNotices)).toHaveLength(0),
    );
    expect((await call(demoUsers.admin, 'PUT', update, definition('select 2 / 0 as n'))).statusCode).toBe(
      200,
    );
    expect((await call(demoUsers.member, 'GET', page)).statusCode).toBe(500);
    await vi.waitFor(async () => expect(await noticesOf(demoUsers.admin)).toHaveLength(2));
  });

  describe('a tile whose type does not match its visual', () => {
    const dashboard = (tile: Record<string, unknown>, isoLanguageName = 'en') => ({
      ...clientBody,
      isoLanguageName,
      layoutId: 990,
      group: 'management',
      title: { en: 'Misfits' },
      tiles: [{ title: { en: 'Revenue trend', de: 'Umsatzverlauf' }, width: 6, ...tile }],
    });

    it('is refused naming the tile, in the editor’s language', async () => {
      const chartAsKpis = { type: 'kpi', definition: 'sales-per-period', visual: 'revenue' };
      const english = await call(
        demoUsers.admin,
        'POST',
        apiRoutes.createDashboard.path,
        dashboard(chartAsKpis),
      );
      expect(english.statusCode).toBe(400);
      expect(english.json().error.message).toBe(
        'The tile “Revenue trend” is a KPIs tile, but its visual “revenue” is a Line chart. Choose the visual again: the tile type follows it.',
      );
      const german = await call(
        demoUsers.admin,
        'POST',
        apiRoutes.createDashboard.path,
        dashboard(chartAsKpis, 'de-DE'),
      );
      expect(german.statusCode).toBe(400);
      expect(german.json().error.message).toContain('Die Kachel „Umsatzverlauf“ ist vom Typ Kennzahlen');
      expect(german.json().error.message).toContain('Liniendiagramm');

      // Without a visual: the definition has none of the tile's type.
      const missing = await call(
        demoUsers.admin,
        'POST',
        apiRoutes.createDashboard.path,
        dashboard({ type: 'bar', definition: 'sales-figures' }),
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toContain(
        '“Revenue trend” is a Bar chart tile, but “sales-figures” has no visual of that type',
      );
      expect((await call(demoUsers.member, 'GET', '/api/dashboards/990')).statusCode).toBe(404);

      // An import names the path; the matching tile is saved.
      const document = (await call(demoUsers.admin, 'GET', apiRoutes.exportCatalogue.path)).json();
      // The demo's first tile: the KPI visual 'revenue' of 'sales-figures', saved as a table.
      document.dashboards[0].dashboards[0].tiles[0].type = 'table';
      const imported = await call(demoUsers.admin, 'PUT', apiRoutes.importCatalogue.path, document);
      expect(imported.statusCode).toBe(400);
      expect(imported.json().error.message).toMatch(
        /^Invalid catalogue at \$\.dashboards\[0\]\.dashboards\[0\]\.tiles\[0\]\.type: The tile “/,
      );

      const fitting = await call(
        demoUsers.admin,
        'POST',
        apiRoutes.createDashboard.path,
        dashboard({ type: 'line', definition: 'sales-per-period', visual: 'revenue' }),
      );
      expect(fitting.statusCode).toBe(200);
    });
  });
});

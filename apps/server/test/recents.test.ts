import { apiRoutes, recentsResponseSchema, storedRecentsLimit } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentItems } from '../src/features/recents/recents-schema';
import { user } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// The reports home's "Continue where you left off" (docs/product.md §D.3 routes): recently opened reports and
// dashboards per user, on the server, newest first, at most 8, only what the user may still see.
describe.each(testDrivers())('/api/user/recents (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const recentsOf = async (email: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.listRecents.path}${query}`,
      headers: await t.bearer(email),
    });
    expect(response.statusCode).toBe(200);
    return recentsResponseSchema.parse(response.json()).items;
  };
  const open = async (email: string, kind: 'report' | 'dashboard', name: string) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.listRecents.path,
      headers: await t.bearer(email),
      // The web client adds its fields to every JSON body (docs/product.md §7).
      payload: { kind, name, isoLanguageName: 'en', useBackendTranslation: false },
    });
  const clear = async (email: string) =>
    t.app.inject({ method: 'DELETE', url: apiRoutes.listRecents.path, headers: await t.bearer(email) });
  const userIdOf = async (email: string) => {
    const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };

  it('is empty for a user who opened nothing', async () => {
    expect(await recentsOf(demoUsers.basic)).toEqual([]);
  });

  it('lists openings newest first, with the item as the menu shows it and when it was opened', async () => {
    const before = Date.now();
    for (const name of ['totalviewlayout', 'sales-trend', 'pmxlayout']) {
      const response = await open(demoUsers.member, 'report', name);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ kind: 'report', name });
    }
    expect((await open(demoUsers.member, 'dashboard', '101')).statusCode).toBe(200);

    const recents = await recentsOf(demoUsers.member);
    expect(recents.map(({ kind, item }) => `${kind}:${item.name}`)).toEqual([
      'dashboard:101',
      'report:pmxlayout',
      'report:sales-trend',
      'report:totalviewlayout',
    ]);
    expect(recents[3]?.item).toMatchObject({
      title: 'Total View',
      subTitle: 'All key figures at a glance',
      path: '/reports/totalviewlayout',
    });
    expect(recents[0]?.item).toMatchObject({ name: '101', path: '/dashboards/101' });
    for (const recent of recents) {
      // Allow for clocks of the test and the database a little apart.
      expect(Date.parse(recent.openedAt)).toBeGreaterThanOrEqual(before - 5_000);
      expect(Date.parse(recent.openedAt)).toBeLessThanOrEqual(Date.now() + 5_000);
    }

    // Titles follow the request's language.
    const german = await recentsOf(demoUsers.member, '?isoLanguageName=de-DE');
    expect(german[3]?.item.title).toBe('Gesamtübersicht');

    // Recents are per user.
    expect(await recentsOf(demoUsers.admin)).toEqual([]);
  });

  it('opening an item again moves it to the front (one entry per item, idempotent)', async () => {
    const first = await open(demoUsers.member, 'report', 'totalviewlayout');
    const second = await open(demoUsers.member, 'report', 'totalviewlayout');
    expect(Date.parse(second.json<{ openedAt: string }>().openedAt)).toBeGreaterThanOrEqual(
      Date.parse(first.json<{ openedAt: string }>().openedAt),
    );
    const recents = await recentsOf(demoUsers.member);
    expect(recents[0]?.item.name).toBe('totalviewlayout');
    expect(recents.filter(({ item }) => item.name === 'totalviewlayout')).toHaveLength(1);
  });

  it("answers 404 for what does not exist in the user's organisation, and records nothing", async () => {
    expect((await open(demoUsers.admin, 'report', 'no-such-report')).statusCode).toBe(404);
    // Beispiel AG's report, asked for by Demo GmbH's administrator: "not found", never "forbidden".
    expect((await open(demoUsers.admin, 'report', 'ba-liquidity')).statusCode).toBe(404);
    expect((await open(demoUsers.admin, 'dashboard', '301')).statusCode).toBe(404);
    expect((await open(demoUsers.admin, 'dashboard', 'not-a-layout-id')).statusCode).toBe(404);
    // Dashboards need the pro subscription (docs/product.md §D.3).
    expect((await open(demoUsers.basic, 'dashboard', '101')).statusCode).toBe(404);
    expect(await recentsOf(demoUsers.admin)).toEqual([]);
    expect(await recentsOf(demoUsers.basic)).toEqual([]);
  });

  it('rejects a bad body with 400', async () => {
    const headers = await t.bearer(demoUsers.member);
    for (const payload of [
      { kind: 'menu', name: 'totalviewlayout' },
      { kind: 'report', name: '' },
      { kind: 'report' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiRoutes.listRecents.path,
        headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('lists at most 8 and keeps at most 50 per user; items that no longer exist are left out', async () => {
    const adminId = await userIdOf(demoUsers.admin);
    // 60 stored openings, written directly: the newest two point at reports that do not exist (any more).
    const now = Date.now();
    const rows = Array.from({ length: 60 }, (_, index) => ({
      userId: adminId,
      kind: 'report',
      name: index === 0 ? 'gone-report' : index === 1 ? 'ba-liquidity' : `old-${index}`,
      openedAt: new Date(now - (index + 10) * 60_000),
    }));
    await t.database.db.insert(recentItems).values(rows);
    for (const name of ['totalviewlayout', 'sales-trend', 'pmxlayout']) {
      expect((await open(demoUsers.admin, 'report', name)).statusCode).toBe(200);
    }
    // Recording trimmed the list to the newest 50.
    const stored = await t.database.db.select().from(recentItems).where(eq(recentItems.userId, adminId));
    expect(stored).toHaveLength(storedRecentsLimit);

    const recents = await recentsOf(demoUsers.admin);
    expect(recents.map(({ item }) => item.name)).toEqual(['pmxlayout', 'sales-trend', 'totalviewlayout']);
  });

  it('fills the 8 with visible items only, newest first', async () => {
    const basicId = await userIdOf(demoUsers.basic);
    const now = Date.now();
    const menuNames = ['totalviewlayout', 'sales-trend', 'pmxlayout'];
    await t.database.db.insert(recentItems).values([
      ...Array.from({ length: 10 }, (_, index) => ({
        userId: basicId,
        kind: 'report',
        name: `missing-${index}`,
        openedAt: new Date(now - index * 1_000),
      })),
      ...menuNames.map((name, index) => ({
        userId: basicId,
        kind: 'report',
        name,
        openedAt: new Date(now - 60_000 - index * 1_000),
      })),
    ]);
    const recents = await recentsOf(demoUsers.basic);
    expect(recents.map(({ item }) => item.name)).toEqual(menuNames);
  });

  it('clears the list (and only the own one)', async () => {
    expect((await recentsOf(demoUsers.member)).length).toBeGreaterThan(0);
    const response = await clear(demoUsers.member);
    expect(response.statusCode).toBe(204);
    expect(await recentsOf(demoUsers.member)).toEqual([]);
    expect((await recentsOf(demoUsers.admin)).length).toBeGreaterThan(0);
  });

  it('needs a bearer token', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: apiRoutes.listRecents.path,
        ...(method === 'POST' ? { payload: { kind: 'report', name: 'totalviewlayout' } } : {}),
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

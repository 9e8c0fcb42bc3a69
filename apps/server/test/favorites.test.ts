import { apiRoutes, favoritesResponseSchema } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pins, user } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// docs/product.md §2 Favorites: pinned reports and dashboards with their titles, per user and organisation.
describe.each(testDrivers())('GET /api/navigation/favorites (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const favoritesOf = async (email: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.getFavorites.path}${query}`,
      headers: await t.bearer(email),
    });
    expect(response.statusCode).toBe(200);
    return favoritesResponseSchema.parse(response.json());
  };
  const pin = async (email: string, kind: 'report' | 'dashboard', name: string, isPinned = true) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.updatePin.path,
      headers: await t.bearer(email),
      payload: { kind, name, isPinned },
    });
    expect(response.statusCode).toBe(200);
  };

  it('is empty for a user without pins', async () => {
    expect(await favoritesOf(demoUsers.basic)).toEqual({ reports: [], dashboards: [] });
  });

  it('lists pinned reports in menu order and pinned dashboards with title and page', async () => {
    await pin(demoUsers.member, 'report', 'sales-trend');
    await pin(demoUsers.member, 'report', 'totalviewlayout');
    await pin(demoUsers.member, 'dashboard', '101');

    const favorites = await favoritesOf(demoUsers.member);
    expect(favorites.reports.map((item) => item.name)).toEqual(['totalviewlayout', 'sales-trend']);
    expect(favorites.reports[0]).toMatchObject({
      title: 'Total View',
      subTitle: 'All key figures at a glance',
      path: '/reports/totalviewlayout',
      isPinned: true,
    });
    expect(favorites.dashboards).toHaveLength(1);
    expect(favorites.dashboards[0]).toMatchObject({ name: '101', path: '/dashboards/101', isPinned: true });
    expect(favorites.dashboards[0]?.title).not.toBe('');

    // Titles follow the request's language.
    const german = await favoritesOf(demoUsers.member, '?isoLanguageName=de-DE');
    expect(german.reports[0]?.title).toBe('Gesamtübersicht');

    // Pins are per user.
    expect(await favoritesOf(demoUsers.admin)).toEqual({ reports: [], dashboards: [] });

    // Unpinned: gone.
    await pin(demoUsers.member, 'report', 'totalviewlayout', false);
    await pin(demoUsers.member, 'dashboard', '101', false);
    const after = await favoritesOf(demoUsers.member);
    expect(after.reports.map((item) => item.name)).toEqual(['sales-trend']);
    expect(after.dashboards).toEqual([]);
  });

  it("never lists a pin that points at another organisation's report", async () => {
    // A pin row written directly (e.g. left from a user who changed organisation) is not shown.
    const [admin] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.admin));
    if (!admin) throw new Error('demo admin missing');
    await t.database.db.insert(pins).values([
      { userId: admin.id, kind: 'report', name: 'ba-liquidity' },
      { userId: admin.id, kind: 'dashboard', name: '301' },
    ]);
    expect(await favoritesOf(demoUsers.admin)).toEqual({ reports: [], dashboards: [] });
  });

  it('needs a bearer token', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiRoutes.getFavorites.path });
    expect(response.statusCode).toBe(401);
  });
});

import {
  apiRoutes,
  dashboardResponseSchema,
  dashboardsMenuResponseSchema,
  dashboardTileDataResponseSchema,
  favoritesResponseSchema,
  pathOf,
} from '@cockpit/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardTiles } from '../src/db/dashboard-tiles-schema';
import { dashboards, organisations } from '../src/db/core-tables';
import { utcToday } from '../src/reports';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// docs/product.md §2 dashboards route and side panel, §3 (name = layout id), pro subscription, a grid of tiles each
// showing a visual of a report definition (the demo's are SQL over its sales data set, decision 027),
// reports and dashboards (another organisation's dashboard → 404).

describe.each(testDrivers())('dashboards content (%s)', (driver) => {
  let t: TestApp;
  let demoGmbhId: string;
  const today = utcToday();
  const yearStart = `${today.slice(0, 4)}-01-01`;
  /** Error log lines: a broken tile must say why (features/dashboards/README.md). */
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      salesRows: 20_000,
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    const [row] = await t.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Demo GmbH'));
    demoGmbhId = row!.id;
  });
  afterAll(() => t?.close());

  const get = async (url: string, email: string = demoUsers.member) =>
    t.app.inject({ method: 'GET', url, headers: await t.bearer(email) });

  it('the menu lists the organisation’s groups with layout ids as names, per-user pins', async () => {
    const response = await get(apiRoutes.getDashboardsMenu.path);
    expect(response.statusCode).toBe(200);
    const { groups } = dashboardsMenuResponseSchema.parse(response.json());
    expect(groups.map((group) => [group.name, group.items.map((item) => item.name)])).toEqual([
      ['management', ['101', '102']],
      ['operations', ['201']],
    ]);
    expect(groups[0]?.items[0]).toMatchObject({
      title: 'Executive Overview',
      subTitle: 'Revenue, margin and cash',
      path: '/dashboards/101',
      isPinned: false,
    });

    const german = dashboardsMenuResponseSchema.parse(
      (await get(`${apiRoutes.getDashboardsMenu.path}?isoLanguageName=de-AT`)).json(),
    );
    expect(german.groups[0]?.title).toBe('Geschäftsführung');

    const beispiel = dashboardsMenuResponseSchema.parse(
      (await get(apiRoutes.getDashboardsMenu.path, demoUsers.beispielAdmin)).json(),
    );
    expect(beispiel.groups.flatMap((group) => group.items.map((item) => item.name))).toEqual(['301']);
  });

  it('a basic subscription gets 403 on every dashboards call', async () => {
    for (const url of [apiRoutes.getDashboardsMenu.path, pathOf(apiRoutes.getDashboard, { layoutId: 101 })]) {
      const response = await get(url, demoUsers.basic);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('a dashboard lists its tiles; another organisation’s, an unknown one or a bad id is refused', async () => {
    const response = await get(pathOf(apiRoutes.getDashboard, { layoutId: 101 }));
    expect(response.statusCode).toBe(200);
    const dashboard = dashboardResponseSchema.parse(response.json());
    expect(dashboard).toMatchObject({
      layoutId: 101,
      title: 'Executive Overview',
      groupTitle: 'Management',
      isPinned: false,
    });
    expect(dashboard.tiles.map((tile) => tile.type)).toEqual([
      'kpi',
      'kpi',
      'kpi',
      'kpi',
      'line',
      'bar',
      'table',
    ]);

    for (const [layoutId, email] of [
      [101, demoUsers.beispielAdmin],
      [301, demoUsers.member],
      [999, demoUsers.member],
    ] as const) {
      expect(
        (await get(pathOf(apiRoutes.getDashboard, { layoutId: layoutId }), email)).statusCode,
        `${layoutId}`,
      ).toBe(404);
    }
    const bad = await get('/api/dashboards/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('layoutId');
  });

  it('every demo tile loads; a KPI tile equals the sum of the fact table', async () => {
    for (const layoutId of [101, 102, 103, 201]) {
      const email = layoutId === 103 ? demoUsers.admin : demoUsers.member;
      const { tiles } = dashboardResponseSchema.parse(
        (await get(pathOf(apiRoutes.getDashboard, { layoutId: layoutId }), email)).json(),
      );
      expect(tiles.length).toBeGreaterThanOrEqual(2);
      for (const tile of tiles) {
        const response = await get(
          pathOf(apiRoutes.getDashboardTile, { layoutId: layoutId, tileId: tile.id }),
          email,
        );
        expect(response.statusCode, `${layoutId}/${tile.title}`).toBe(200);
        const { data } = dashboardTileDataResponseSchema.parse(response.json());
        if (tile.type === 'kpi') {
          expect(data.kpis.length).toBeGreaterThan(0);
          for (const kpi of data.kpis) expect(kpi.value, `${layoutId}/${tile.title}`).not.toBeNull();
        }
        if (tile.type === 'line' || tile.type === 'bar') expect(data.charts).toHaveLength(1);
        if (tile.type === 'table') expect(data.table?.rows.length).toBeGreaterThan(0);
      }
    }

    const { tiles } = dashboardResponseSchema.parse(
      (await get(pathOf(apiRoutes.getDashboard, { layoutId: 101 }))).json(),
    );
    const revenueTile = dashboardTileDataResponseSchema.parse(
      (await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tiles[0]!.id }))).json(),
    );
    // A report definition's tile: the time its data was read.
    expect(revenueTile.info?.dataAsOf).toEqual(expect.any(String));
    const result = (await t.database.db.execute(sql`
      select sum(revenue) as revenue from sales
      where organisation_id = ${demoGmbhId} and sale_date between ${yearStart}::date and ${today}::date
    `)) as unknown as { rows: { revenue: string }[] };
    const [expected] = result.rows;
    expect(revenueTile.data.kpis).toHaveLength(1);
    expect(revenueTile.data.kpis[0]).toMatchObject({
      key: 'revenue.revenue',
      label: 'Revenue',
      format: 'currency',
    });
    expect(revenueTile.data.kpis[0]?.value).toBeCloseTo(Number(expected?.revenue), 2);

    const tableTile = dashboardTileDataResponseSchema.parse(
      (await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tiles[6]!.id }))).json(),
    );
    expect(tableTile.data.table?.rows).toHaveLength(10);
    expect(tableTile.data.table?.truncated).toBe(true);

    const barTile = dashboardTileDataResponseSchema.parse(
      (await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tiles[5]!.id }))).json(),
    );
    expect(barTile.data.charts[0]).toMatchObject({ id: 'revenue', kind: 'bar' });
    expect(barTile.data.charts[0]?.series.map((series) => series.key)).toEqual(['revenue']);
    const byRegion = (await t.database.db.execute(sql`
      select r.name_en as region, sum(s.revenue) as revenue from sales s join sales_regions r on r.id = s.region_id
      where s.organisation_id = ${demoGmbhId} and s.sale_date between ${yearStart}::date and ${today}::date
      group by 1 order by 2 desc
    `)) as unknown as { rows: { region: string; revenue: string }[] };
    expect(barTile.data.charts[0]?.categories).toEqual(byRegion.rows.map((row) => row.region));
    barTile.data.charts[0]!.series[0]!.values.forEach((value, index) =>
      expect(value).toBeCloseTo(Number(byRegion.rows[index]?.revenue), 2),
    );
  });

  it('a tile is only found through its own dashboard of the user’s organisation', async () => {
    const { tiles } = dashboardResponseSchema.parse(
      (await get(pathOf(apiRoutes.getDashboard, { layoutId: 101 }))).json(),
    );
    const tileId = tiles[0]!.id;
    expect(
      (await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 102, tileId: tileId }))).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: tileId }),
          demoUsers.beispielAdmin,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 101, tileId: 'not-a-uuid' }))).statusCode,
    ).toBe(400);
  });

  it('a tile with broken settings fails alone, with no internals in the answer', async () => {
    const [dashboard] = await t.database.db
      .select({ id: dashboards.id, organisationId: dashboards.organisationId })
      .from(dashboards)
      .where(eq(dashboards.layoutId, 102));
    const [broken] = await t.database.db
      .insert(dashboardTiles)
      .values({
        dashboardId: dashboard!.id,
        position: 99,
        tileType: 'line',
        definitionName: 'sales-per-period',
        visual: 'no-such-chart',
        titleEn: 'Broken',
        titleDe: 'Kaputt',
      })
      .returning({ id: dashboardTiles.id });
    // Written behind the catalogue's back, as an operator might in SQL: announced like any change.
    const changed = { type: 'catalogue-changed', organisationId: dashboard!.organisationId } as const;
    await t.app.clusterEvents.announce(changed);
    const response = await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 102, tileId: broken!.id }));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });

    const { tiles } = dashboardResponseSchema.parse(
      (await get(pathOf(apiRoutes.getDashboard, { layoutId: 102 }))).json(),
    );
    expect(tiles.at(-1)?.title).toBe('Broken');
    expect(
      (await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 102, tileId: tiles[0]!.id }))).statusCode,
    ).toBe(200);
    await t.database.db.delete(dashboardTiles).where(eq(dashboardTiles.id, broken!.id));
    await t.app.clusterEvents.announce(changed);
  });

  it('a tile naming a report definition the organisation lacks fails with the reason logged', async () => {
    const [dashboard] = await t.database.db
      .select({ id: dashboards.id, organisationId: dashboards.organisationId })
      .from(dashboards)
      .where(eq(dashboards.layoutId, 102));
    const [misfit] = await t.database.db
      .insert(dashboardTiles)
      .values({
        dashboardId: dashboard!.id,
        position: 98,
        tileType: 'bar',
        definitionName: 'product-mix-by-week',
        titleEn: 'Mix by week',
        titleDe: 'Mix nach Woche',
      })
      .returning({ id: dashboardTiles.id });
    const changed = { type: 'catalogue-changed', organisationId: dashboard!.organisationId } as const;
    await t.app.clusterEvents.announce(changed);
    try {
      logLines.length = 0;
      const response = await get(pathOf(apiRoutes.getDashboardTile, { layoutId: 102, tileId: misfit!.id }));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
      const logged = logLines.map((line) => JSON.parse(line) as { msg?: string; tileId?: string });
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: 'dashboard tile names a missing report definition',
          tileId: misfit!.id,
        }),
      );
    } finally {
      await t.database.db.delete(dashboardTiles).where(eq(dashboardTiles.id, misfit!.id));
      await t.app.clusterEvents.announce(changed);
    }
  });

  it('a pinned dashboard is marked in the menu and on its page, and listed in the favourites', async () => {
    const pin = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.updatePin.path,
      headers: await t.bearer(demoUsers.admin),
      payload: { kind: 'dashboard', name: '102', isPinned: true },
    });
    expect(pin.statusCode).toBe(200);
    const menu = dashboardsMenuResponseSchema.parse(
      (await get(apiRoutes.getDashboardsMenu.path, demoUsers.admin)).json(),
    );
    expect(menu.groups[0]?.items.map((item) => [item.name, item.isPinned])).toEqual([
      ['101', false],
      ['102', true],
      // The demo catalogue shows 103 to administrators only (decision 015).
      ['103', false],
    ]);
    expect(
      dashboardResponseSchema.parse(
        (await get(pathOf(apiRoutes.getDashboard, { layoutId: 102 }), demoUsers.admin)).json(),
      ).isPinned,
    ).toBe(true);
    const favorites = favoritesResponseSchema.parse(
      (await get(apiRoutes.getFavorites.path, demoUsers.admin)).json(),
    );
    expect(favorites.dashboards.map((item) => item.name)).toEqual(['102']);
    // Pins are per user.
    expect(
      dashboardResponseSchema.parse((await get(pathOf(apiRoutes.getDashboard, { layoutId: 102 }))).json())
        .isPinned,
    ).toBe(false);
  });
});

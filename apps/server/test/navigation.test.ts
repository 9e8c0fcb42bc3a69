import { apiErrorSchema, apiRoutes, menuIconNames, menuResponseSchema } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

describe.each(testDrivers())('navigation (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const menuOf = async (email: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.getMenu.path}${query}`,
      headers: await t.bearer(email),
    });
    expect(response.statusCode).toBe(200);
    return menuResponseSchema.parse(response.json()).groups;
  };
  const pin = async (email: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: apiRoutes.updatePin.path,
      headers: await t.bearer(email),
      payload: body,
    });
  const itemsOf = (groups: Awaited<ReturnType<typeof menuOf>>) => groups.flatMap((group) => group.items);

  describe('GET /api/navigation/menu', () => {
    it('returns the organisation menu: ≥ 6 groups, ≥ 30 items with icons and sub-titles', async () => {
      const groups = await menuOf(demoUsers.member);
      const items = itemsOf(groups);
      expect(groups.length).toBeGreaterThanOrEqual(6);
      expect(items.length).toBeGreaterThanOrEqual(30);
      for (const icon of [...groups.map((g) => g.icon), ...items.map((i) => i.icon)]) {
        expect(menuIconNames).toContain(icon);
      }
      expect(items.every((item) => item.subTitle !== null || item.externalUrl !== null)).toBe(true);
      expect(items.every((item) => !item.isActive && !item.isExpanded)).toBe(true);
      expect(groups.every((group) => !group.isActive && !group.isExpanded)).toBe(true);
    });

    it('has totalviewlayout and pmxlayout as internal reports and an external one', async () => {
      const items = itemsOf(await menuOf(demoUsers.member));
      expect(items.find((item) => item.name === 'totalviewlayout')?.path).toBe('/reports/totalviewlayout');
      expect(items.find((item) => item.name === 'pmxlayout')?.path).toBe('/reports/pmxlayout');
      const external = items.filter((item) => item.externalUrl !== null);
      expect(external.length).toBeGreaterThan(0);
      for (const item of external) {
        expect(item.externalUrl).toMatch(/^https:\/\//);
        expect(item.path).toBeNull();
      }
      for (const item of items.filter((i) => i.externalUrl === null))
        expect(item.path).toBe(`/reports/${item.name}`);
    });

    it('keeps groups and items in their sort order', async () => {
      const groups = await menuOf(demoUsers.member);
      expect(groups[0]?.name).toBe('sales');
      expect(groups[0]?.items[0]?.name).toBe('totalviewlayout');
    });

    it('answers in German for a German isoLanguageName, except untranslated titles', async () => {
      const english = itemsOf(await menuOf(demoUsers.member, '?isoLanguageName=en'));
      const german = itemsOf(await menuOf(demoUsers.member, '?isoLanguageName=de-DE'));
      const austrian = await menuOf(demoUsers.member, '?isoLanguageName=de-AT');
      expect(austrian[0]?.title).toBe('Vertrieb');
      expect(english.find((i) => i.name === 'sales-by-region')?.title).toBe('Sales by Region');
      expect(german.find((i) => i.name === 'sales-by-region')).toMatchObject({
        title: 'Umsatz nach Region',
        subTitle: 'Umsatz je Vertriebsregion',
      });
      const untranslated = german.filter((item) => item.leaveTitleUntranslated);
      expect(untranslated.length).toBeGreaterThan(0);
      for (const item of untranslated) {
        expect(item.title).toBe(english.find((e) => e.name === item.name)?.title);
      }
    });

    it("never shows another organisation's items", async () => {
      const demo = itemsOf(await menuOf(demoUsers.admin)).map((item) => item.name);
      const beispiel = itemsOf(await menuOf(demoUsers.beispielAdmin)).map((item) => item.name);
      expect(beispiel.length).toBeGreaterThan(0);
      expect(demo.filter((name) => beispiel.includes(name))).toEqual([]);
    });
  });

  describe('PUT /api/navigation/pins', () => {
    it('pins and unpins a report per user, idempotently', async () => {
      const body = { kind: 'report', name: 'sales-trend', isPinned: true };
      for (let i = 0; i < 2; i += 1) {
        const response = await pin(demoUsers.member, body);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(body);
      }
      const pinned = (await menuOf(demoUsers.member)).flatMap((g) => g.items).filter((i) => i.isPinned);
      expect(pinned.map((item) => item.name)).toEqual(['sales-trend']);
      // Pins belong to one user.
      const forAdmin = itemsOf(await menuOf(demoUsers.admin)).find((i) => i.name === 'sales-trend');
      expect(forAdmin?.isPinned).toBe(false);

      for (let i = 0; i < 2; i += 1) {
        const response = await pin(demoUsers.member, { ...body, isPinned: false });
        expect(response.statusCode).toBe(200);
      }
      expect(itemsOf(await menuOf(demoUsers.member)).some((item) => item.isPinned)).toBe(false);
    });

    it('pins a dashboard by its layout id and accepts the client body fields', async () => {
      const response = await pin(demoUsers.admin, {
        kind: 'dashboard',
        name: '101',
        isPinned: true,
        useBackendTranslation: false,
        isoLanguageName: 'en',
        cultureName: 'en-GB',
        currencySymbol: '€',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ kind: 'dashboard', name: '101', isPinned: true });
    });

    it.each([
      ['an unknown report', { kind: 'report', name: 'no-such-report', isPinned: true }],
      ["another organisation's report", { kind: 'report', name: 'ba-liquidity', isPinned: true }],
      ["another organisation's dashboard", { kind: 'dashboard', name: '301', isPinned: true }],
      ['a dashboard that is not a layout id', { kind: 'dashboard', name: 'executive', isPinned: true }],
    ])('answers 404 for %s', async (_, body) => {
      const response = await pin(demoUsers.admin, body);
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
    });

    it.each([
      ['an unknown kind', { kind: 'folder', name: 'totalviewlayout', isPinned: true }, 'kind'],
      ['a missing isPinned', { kind: 'report', name: 'totalviewlayout' }, 'isPinned'],
      ['a non-boolean isPinned', { kind: 'report', name: 'totalviewlayout', isPinned: 'yes' }, 'isPinned'],
      ['an empty name', { kind: 'report', name: '', isPinned: true }, 'name'],
      [
        'an unknown extra field',
        { kind: 'report', name: 'totalviewlayout', isPinned: true, extra: 1 },
        'extra',
      ],
    ])('answers 400 naming the field for %s', async (_, body, field) => {
      const response = await pin(demoUsers.admin, body);
      expect(response.statusCode).toBe(400);
      const { error } = apiErrorSchema.parse(response.json());
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toContain(field);
    });
  });
});

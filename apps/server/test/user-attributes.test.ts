import {
  type ActivityResponse,
  type ManagedUser,
  type ManagedUsersResponse,
  apiRoutes,
  catalogueDocumentSchema,
  pathOf,
  reportResponseSchema,
  userAttributesImportResultSchema,
} from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, userAttributes } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { createUploadedTable, organisationIdOf } from './helpers/uploaded-tables';

// User attributes (docs/decisions/027-reports-over-own-data.md): administrators set them in Users and by
// CSV import, only for their own organisation, each change in the activity log; a definition's
// `{{user.attributes.region}}` then shows a member only their region's rows. Nobody sets their own.

type Email = (typeof demoUsers)[keyof typeof demoUsers];

const orders = [
  ['North', 120],
  ['South', 80],
  ['North', 30],
  ['West', 200],
] as const;

const regionalDefinition = {
  name: 'regional-orders',
  source: 'uploads',
  sql: 'select region, sum(amount) as amount from regional_orders where region = any({{user.attributes.region}}) group by 1 order by 1',
  parameters: [],
  columns: [],
  visuals: [{ type: 'table', id: 'table' }],
  cacheSeconds: 0,
};

describe.each(testDrivers())('user attributes (%s)', (driver) => {
  let t: TestApp;
  let memberId: string;
  let basicId: string;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await createUploadedTable(
      t,
      await organisationIdOf(t),
      'regional_orders',
      'region text not null, amount numeric(12,2) not null',
      orders,
    );
    const idOf = async (email: string) =>
      (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    memberId = await idOf(demoUsers.member);
    basicId = await idOf(demoUsers.basic);
  });
  afterAll(() => t?.close());

  const call = (email: Email, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
    t.as(email, method, url, payload);
  const listed = async (email: string): Promise<ManagedUser> => {
    const page = (
      await call(demoUsers.admin, 'GET', `${apiRoutes.listUsers.path}?search=${encodeURIComponent(email)}`)
    ).json<ManagedUsersResponse>();
    return page.items.find((item) => item.email === email)!;
  };
  const importCsv = (csv: string, email: Email = demoUsers.admin) =>
    call(email, 'POST', apiRoutes.importUserAttributes.path, { csv });
  const stored = async (userId: string) =>
    (await t.database.db.select().from(userAttributes).where(eq(userAttributes.userId, userId)))[0]
      ?.attributes ?? {};
  const usersActivity = async () =>
    (await call(demoUsers.admin, 'GET', `${apiRoutes.listActivity.path}?kind=users`)).json<ActivityResponse>()
      .items;

  it("sets a user's attributes via PATCH, answers them in the list and records the change", async () => {
    const patched = await call(demoUsers.admin, 'PATCH', pathOf(apiRoutes.updateUser, { id: basicId }), {
      attributes: { region: ['South'], cost_centre: ['4711', '4712'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<ManagedUser>().attributes).toEqual({
      cost_centre: ['4711', '4712'],
      region: ['South'],
    });
    expect((await listed(demoUsers.basic)).attributes).toEqual({
      cost_centre: ['4711', '4712'],
      region: ['South'],
    });
    expect((await listed(demoUsers.member)).attributes).toEqual({});

    // A whole set: what is left out goes.
    const replaced = await call(demoUsers.admin, 'PATCH', pathOf(apiRoutes.updateUser, { id: basicId }), {
      attributes: { region: ['South', 'West'] },
    });
    expect(replaced.json<ManagedUser>().attributes).toEqual({ region: ['South', 'West'] });
    expect(await stored(basicId)).toEqual({ region: ['South', 'West'] });

    const targets = (await usersActivity())
      .filter((entry) => entry.action === 'users.changed')
      .map((entry) => entry.target);
    expect(targets).toContain(`${demoUsers.basic}: cost_centre = 4711 | 4712; region = South`);
    expect(targets).toContain(`${demoUsers.basic}: −cost_centre; region = South | West`);
  });

  it('refuses an invalid attribute via PATCH, naming the key, and changes nothing', async () => {
    for (const attributes of [
      { 'bad key': ['x'] },
      { region: [] },
      { region: ['x'.repeat(201)] },
      { region: 'North' },
    ]) {
      const refused = await call(demoUsers.admin, 'PATCH', pathOf(apiRoutes.updateUser, { id: basicId }), {
        attributes,
      });
      expect(refused.statusCode, JSON.stringify(attributes)).toBe(400);
      const key = Object.keys(attributes)[0]!;
      expect(refused.json().error.message, JSON.stringify(attributes)).toContain(key);
    }
    expect(await stored(basicId)).toEqual({ region: ['South', 'West'] });
  });

  it('imports valid CSV rows: values split by |, an empty cell removes the key, other keys stay', async () => {
    const imported = await importCsv(
      `email,region,team\n${demoUsers.member},North,"Sales|Support"\n${demoUsers.basic.toUpperCase()},,Sales\n`,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(userAttributesImportResultSchema.parse(imported.json())).toEqual({
      updated: 2,
      unknownEmails: [],
      errors: [],
    });
    expect(await stored(memberId)).toEqual({ region: ['North'], team: ['Sales', 'Support'] });
    expect(await stored(basicId)).toEqual({ team: ['Sales'] });
    const targets = (await usersActivity()).map((entry) => entry.target);
    expect(targets).toContain(`${demoUsers.member}: region = North; team = Sales | Support`);

    // The same file again changes nothing.
    expect((await importCsv(`email,region\n${demoUsers.member},North\n`)).json()).toMatchObject({
      updated: 0,
    });
  });

  it('imports nothing when any row is invalid and names each row and column', async () => {
    const before = await usersActivity();
    const refused = await importCsv(
      [
        'email,region,cost_centre',
        `${demoUsers.basic},East,1`,
        `not-an-address,West,2`,
        `${demoUsers.member},${'x'.repeat(201)},3`,
        `${demoUsers.admin},North`,
      ].join('\r\n'),
    );
    expect(refused.statusCode, refused.body).toBe(200);
    const result = userAttributesImportResultSchema.parse(refused.json());
    expect(result.updated).toBe(0);
    expect(result.errors.map(({ row, column }) => ({ row, column }))).toEqual([
      { row: 3, column: 'email' },
      { row: 4, column: 'region' },
      { row: 5, column: '' },
    ]);
    expect(await stored(basicId)).toEqual({ team: ['Sales'] });
    expect(await usersActivity()).toEqual(before);

    const badHeader = userAttributesImportResultSchema.parse(
      (await importCsv('mail,region\nx@example.com,North')).json(),
    );
    expect(badHeader.errors[0]).toMatchObject({ row: 1, column: 'mail' });
    const badKey = userAttributesImportResultSchema.parse(
      (await importCsv('email,re-gion\nx@example.com,North')).json(),
    );
    expect(badKey.errors[0]).toMatchObject({ row: 1, column: 're-gion' });
    const unclosed = userAttributesImportResultSchema.parse(
      (await importCsv('email,region\n"x@example.com,North')).json(),
    );
    expect(unclosed.errors[0]?.message).toMatch(/not valid CSV/);
  });

  it("counts another organisation's address as unknown, never touching that user", async () => {
    const [beispiel] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.beispielAdmin));
    const answer = await importCsv(
      `email;region\n${demoUsers.beispielAdmin};North\nnobody@example.com;North\n${demoUsers.basic};West\n`,
    );
    const result = userAttributesImportResultSchema.parse(answer.json());
    expect(result).toEqual({
      updated: 1,
      unknownEmails: [demoUsers.beispielAdmin, 'nobody@example.com'],
      errors: [],
    });
    expect(await stored(beispiel!.id)).toEqual({});
    expect(await stored(basicId)).toEqual({ region: ['West'], team: ['Sales'] });
    // Beispiel's administrator cannot reach Demo GmbH's users either: unknown to them.
    const theirs = userAttributesImportResultSchema.parse(
      (await importCsv(`email,region\n${demoUsers.member},South\n`, demoUsers.beispielAdmin)).json(),
    );
    expect(theirs).toEqual({ updated: 0, unknownEmails: [demoUsers.member], errors: [] });
    expect(await stored(memberId)).toEqual({ region: ['North'], team: ['Sales', 'Support'] });
  });

  it("shows a member only their region's rows after the import", async () => {
    const document = catalogueDocumentSchema.parse(
      (await call(demoUsers.admin, 'GET', apiRoutes.exportCatalogue.path)).json(),
    );
    const imported = await call(demoUsers.admin, 'PUT', apiRoutes.importCatalogue.path, {
      ...document,
      definitions: [...(document.definitions ?? []), regionalDefinition],
      menu: [
        ...document.menu,
        {
          name: 'regional',
          title: { en: 'Regional' },
          items: [
            {
              name: 'regional-orders',
              title: { en: 'Regional orders' },
              report: { kind: 'query', definition: 'regional-orders' },
            },
          ],
        },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const rowsFor = async (email: Email) => {
      const answer = await call(email, 'GET', pathOf(apiRoutes.getReport, { name: 'regional-orders' }));
      expect(answer.statusCode, answer.body).toBe(200);
      return reportResponseSchema.parse(answer.json()).data?.table?.rows;
    };
    expect(await rowsFor(demoUsers.member)).toEqual([['North', 150]]);
    expect(await rowsFor(demoUsers.basic)).toEqual([['West', 200]]);

    await importCsv(`email,region\n${demoUsers.member},South|West\n`);
    expect(await rowsFor(demoUsers.member)).toEqual([
      ['South', 80],
      ['West', 200],
    ]);
  });

  it('lets no member set attributes: not their own, not through settings, not through management', async () => {
    const before = await stored(memberId);
    const settings = (await call(demoUsers.member, 'GET', apiRoutes.getUserSettings.path)).json<
      Record<string, unknown>
    >();
    const viaSettings = await call(demoUsers.member, 'PUT', apiRoutes.updateUserSettings.path, {
      uiLanguage: settings.uiLanguage ?? 'en',
      uiCulture: settings.uiCulture ?? 'en-GB',
      currencySymbol: '€',
      displayName: 'Max Member',
      attributes: { region: ['South', 'North', 'West'] },
    });
    expect(viaSettings.statusCode).toBe(400);
    expect(viaSettings.json().error.message).toContain('attributes');
    const viaManagement = await call(
      demoUsers.member,
      'PATCH',
      pathOf(apiRoutes.updateUser, { id: memberId }),
      {
        attributes: { region: ['South', 'North', 'West'] },
      },
    );
    expect(viaManagement.statusCode).toBe(403);
    expect(
      (await importCsv(`email,region\n${demoUsers.member},North|South|West\n`, demoUsers.member)).statusCode,
    ).toBe(403);
    expect(await stored(memberId)).toEqual(before);
  });

  it('keeps keys taken from single sign-on: not set by hand, not by import, kept when the manual ones change', async () => {
    await t.database.db
      .update(userAttributes)
      .set({ attributes: { region: ['North'], team: ['Sales'] }, fromSingleSignOn: ['region'] })
      .where(eq(userAttributes.userId, basicId));
    expect((await listed(demoUsers.basic)).attributesFromSingleSignOn).toEqual(['region']);

    const byHand = await call(demoUsers.admin, 'PATCH', pathOf(apiRoutes.updateUser, { id: basicId }), {
      attributes: { region: ['South'] },
    });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.json().error.message).toContain('region');

    const byImport = userAttributesImportResultSchema.parse(
      (await importCsv(`email,region\n${demoUsers.basic},South\n`)).json(),
    );
    expect(byImport.errors).toEqual([
      { row: 2, column: 'region', message: expect.stringMatching(/single sign-on/) },
    ]);

    const manual = await call(demoUsers.admin, 'PATCH', pathOf(apiRoutes.updateUser, { id: basicId }), {
      attributes: { cost_centre: ['1'] },
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json<ManagedUser>().attributes).toEqual({ cost_centre: ['1'], region: ['North'] });
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { account, dashboards, menuGroups, menuItems, organisations, user } from '../src/db/core-tables';
import { demoOrganisations } from '../src/seed/demo-data';
import { seedDemoData } from '../src/seed/seed';
import { openTestDatabase, testDrivers } from './helpers/build-test-app';

describe.each(testDrivers())('demo seed (%s)', (driver) => {
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dropDatabase } = await openTestDatabase(driver));
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
  });

  const counts = async () => {
    const { db } = database;
    const total = async (
      table:
        | typeof user
        | typeof account
        | typeof organisations
        | typeof menuGroups
        | typeof menuItems
        | typeof dashboards,
    ) => (await db.select({ n: count() }).from(table))[0]?.n;
    return {
      organisations: await total(organisations),
      users: await total(user),
      accounts: await total(account),
      menuGroups: await total(menuGroups),
      menuItems: await total(menuItems),
      dashboards: await total(dashboards),
    };
  };

  it('creates the demo data once and changes nothing when run again', async () => {
    const first = await seedDemoData(database.db);
    expect(first.usersCreated).toBe(4);
    const afterFirst = await counts();
    const [admin] = await database.db
      .select()
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, 'admin@example.com'));

    const second = await seedDemoData(database.db);
    expect(second.usersCreated).toBe(0);
    expect(await counts()).toEqual(afterFirst);
    const [adminAgain] = await database.db
      .select()
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, 'admin@example.com'));
    // The password hash of an existing user is never replaced.
    expect(adminAgain?.account.password).toBe(admin?.account.password);
    expect(admin?.account).toMatchObject({ providerId: 'credential', accountId: admin?.user.id });
    expect(admin?.account.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    expect(afterFirst).toMatchObject({ organisations: 2, users: 4, accounts: 4, dashboards: 5 });
  });

  it('leaves a catalogue the administrators changed as it is when run again', async () => {
    const { db } = database;
    await seedDemoData(db);
    await db
      .update(menuItems)
      .set({ titleEn: 'Edited by hand', sort: 999 })
      .where(eq(menuItems.name, 'totalviewlayout'));
    await db.update(dashboards).set({ titleDe: 'Von Hand geändert' });

    await seedDemoData(db);
    // The catalogue belongs to the administrators once it exists (decision 015): a restart keeps it.
    const [item] = await db.select().from(menuItems).where(eq(menuItems.name, 'totalviewlayout'));
    expect(item?.titleEn).toBe('Edited by hand');
    expect(item?.sort).toBe(999);
    const titles = await db.select({ titleDe: dashboards.titleDe }).from(dashboards);
    expect(titles.every((row) => row.titleDe === 'Von Hand geändert')).toBe(true);
  });

  it('has the demo content the walking skeleton asks for', () => {
    const demo = demoOrganisations.find((organisation) => organisation.name === 'Demo GmbH')!;
    const { menu, dashboards: dashboardGroups } = demo.catalogue;
    const items = menu.flatMap((group) => group.items);
    expect(menu.length).toBeGreaterThanOrEqual(6);
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(items.map((item) => item.name)).toEqual(expect.arrayContaining(['totalviewlayout', 'pmxlayout']));
    expect(
      items.some((item) => item.report?.kind === 'external' && item.report.url.startsWith('https://')),
    ).toBe(true);
    expect(items.some((item) => item.leaveTitleUntranslated)).toBe(true);
    expect(new Set(items.map((item) => item.name)).size).toBe(items.length);
    expect(dashboardGroups.flatMap((group) => group.dashboards.map((d) => d.layoutId))).toEqual([
      101, 102, 103, 201,
    ]);
  });
});

import type { AddressInfo } from 'node:net';
import { apiRoutes, menuResponseSchema, pathOf, userSettingsSchema } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/core-tables';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { openNotificationStream } from './helpers/sse-client';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// The bearer check remembers live sessions and the menu route its answers (decision 014). These tests
// make sure nothing remembered outlives a change made through the API: every request below runs once
// *before* the change, so the caches are warm when the change happens.

const password = 'A-long-enough-password-1';
const clientQuery = '?isoLanguageName=en&currencySymbol=%E2%82%AC&useBackendTranslation=false';

describe.each(testDrivers())('account changes reach the next request at once (%s)', (driver) => {
  let t: TestApp;
  let baseUrl: string;
  let organisationId: string;
  let counter = 0;

  /** A fresh member of the demo organisation, signed in: their cookie, bearer header and raw token. */
  async function newSignedInUser() {
    counter += 1;
    const email = `account-change-${counter}-${driver}@example.com`;
    const id = await createUserWithPassword(t.database.db, {
      organisationId,
      email,
      password,
      name: `Account Change ${counter}`,
      roleKey: 'organisationmember',
      subscription: 'pro',
    });
    if (!id) throw new Error('user not created');
    return { id, email, ...(await sessionOf(email)) };
  }

  async function sessionOf(email: string) {
    const cookie = await t.signIn(email, password);
    const token = (
      await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })
    ).json<{
      token: string;
    }>().token;
    return { cookie, token, authorization: `Bearer ${token}` };
  }

  const get = (url: string, authorization: string) =>
    t.app.inject({ method: 'GET', url: `${url}${clientQuery}`, headers: { authorization } });

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [admin] = await t.database.db
      .select({ organisationId: user.organisationId })
      .from(user)
      .where(eq(user.email, demoUsers.admin));
    organisationId = admin!.organisationId;
  });
  afterAll(() => t?.close());

  it('a deactivated user is refused on the next request and their notification stream closes', async () => {
    const member = await newSignedInUser();
    expect((await get(apiRoutes.getUserSettings.path, member.authorization)).statusCode).toBe(200);
    const stream = await openNotificationStream(baseUrl, member.token);
    expect(stream.status).toBe(200);

    const deactivated = await t.app.inject({
      method: 'POST',
      url: `${pathOf(apiRoutes.deactivateUser, { id: member.id })}${clientQuery}`,
      headers: await t.bearer(demoUsers.admin),
      payload: {},
    });
    expect(deactivated.statusCode).toBe(200);

    expect((await get(apiRoutes.getUserSettings.path, member.authorization)).statusCode).toBe(401);
    await stream.ended;
  });

  it('a password change refuses the other sessions at once and closes their streams', async () => {
    const member = await newSignedInUser();
    const other = await sessionOf(member.email);
    expect((await get(apiRoutes.getUserSettings.path, other.authorization)).statusCode).toBe(200);
    const otherStream = await openNotificationStream(baseUrl, other.token);

    const changed = await t.app.inject({
      method: 'POST',
      url: `${apiRoutes.changePassword.path}${clientQuery}`,
      headers: { authorization: member.authorization, cookie: member.cookie, origin: t.origin },
      payload: { currentPassword: password, newPassword: 'Another-long-password-2' },
    });
    expect(changed.statusCode).toBe(204);

    expect((await get(apiRoutes.getUserSettings.path, other.authorization)).statusCode).toBe(401);
    await otherStream.ended;
    // The browser that changed the password keeps its session.
    expect((await get(apiRoutes.getUserSettings.path, member.authorization)).statusCode).toBe(200);
  });

  it('saved settings are what the next request sees', async () => {
    const member = await newSignedInUser();
    const before = userSettingsSchema.parse(
      (await get(apiRoutes.getUserSettings.path, member.authorization)).json(),
    );
    expect(before.userDisplayName).toMatch(/^Account Change \d+$/);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `${apiRoutes.getUserSettings.path}${clientQuery}`,
      headers: { authorization: member.authorization },
      payload: {
        uiLanguage: 'de-AT',
        uiCulture: 'de-AT',
        currencySymbol: 'CHF',
        displayName: 'Renamed Person',
      },
    });
    expect(saved.statusCode).toBe(200);

    const settings = userSettingsSchema.parse(
      (await get(apiRoutes.getUserSettings.path, member.authorization)).json(),
    );
    expect(settings.userDisplayName).toBe('Renamed Person');
    expect(settings.accountSettings.currencySymbol).toBe('CHF');
    // Without a language in the query the menu follows the saved language: German titles now.
    const menu = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: member.authorization },
    });
    const titles = menuResponseSchema.parse(menu.json()).groups.map((group) => group.title);
    expect(titles).toContain('Vertrieb');
  });

  it('a role given by an administrator counts from the next request', async () => {
    const member = await newSignedInUser();
    expect((await get(apiRoutes.listUsers.path, member.authorization)).statusCode).toBe(403);

    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `${pathOf(apiRoutes.updateUser, { id: member.id })}${clientQuery}`,
      headers: await t.bearer(demoUsers.admin),
      payload: { roleKey: 'organisationadministrator' },
    });
    expect(promoted.statusCode).toBe(200);

    expect((await get(apiRoutes.listUsers.path, member.authorization)).statusCode).toBe(200);
  });

  it('the menu shows a pin and an unpin on the very next request', async () => {
    const member = await newSignedInUser();
    const pinnedNames = async () =>
      menuResponseSchema
        .parse((await get(apiRoutes.getMenu.path, member.authorization)).json())
        .groups.flatMap((group) => group.items)
        .filter((item) => item.isPinned)
        .map((item) => item.name);
    expect(await pinnedNames()).toEqual([]);

    const pin = (isPinned: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `${apiRoutes.updatePin.path}${clientQuery}`,
        headers: { authorization: member.authorization },
        payload: { kind: 'report', name: 'totalviewlayout', isPinned },
      });
    expect((await pin(true)).statusCode).toBe(200);
    expect(await pinnedNames()).toEqual(['totalviewlayout']);
    expect((await pin(false)).statusCode).toBe(200);
    expect(await pinnedNames()).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { apiRoutes, errorCodes, pendingSetUpClaim, pathOf } from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordCount, isBuiltFromOwnWords, isCommonPassword } from '../src/auth/password';
import { managementActivity } from '../src/activity';
import { organisations, session, user } from '../src/db/core-tables';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { openNotificationStream } from './helpers/sse-client';

// Decision 022: one-time passwords set by administrators, "must change password" at the next sign-in,
// and common, personal or guessable passwords refused wherever a password is set.

const listFolder = path.resolve(import.meta.dirname, '../common-passwords');

describe('the list of common passwords', () => {
  it('holds at least 3,000 passwords of 12 or more characters, shipped with its licence, every one refused ignoring case', () => {
    const entries = readFileSync(path.join(listFolder, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(entries.length).toBeGreaterThanOrEqual(3_000);
    expect(entries.filter((entry) => entry.length < 12)).toEqual([]);
    for (const entry of entries) expect(isCommonPassword(entry.toUpperCase()), entry).toBe(true);
    expect(commonPasswordCount).toBe(new Set(entries).size);
    expect(readFileSync(path.join(listFolder, 'LICENSE.txt'), 'utf8')).toContain(
      'Permission is hereby granted',
    );
    // What the length rule alone let through: the review's examples and the old list's long entries.
    for (const common of [
      'password1234',
      'Password123!',
      'qwertyuiop12',
      'qwerty123456',
      '1q2w3e4r5t6y',
      'QAZWSXEDCRFV',
    ]) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(isCommonPassword('Correct-horse-battery-staple')).toBe(false);
  });
});

describe("passwords built from the owner's words", () => {
  const owner = { email: 'max.mustermann@example.com', name: 'Max Mustermann' };
  it.each([
    'Max-Mustermann-2024',
    'mustermann.max!!',
    'MaxMustermann#1',
    'ReportCockpit!2026',
    'Cockpit-Report-99',
    'Example-Mustermann',
  ])('refuses %s', (password) => expect(isBuiltFromOwnWords(password, owner)).toBe(true));
  it.each(['Max-hat-einen-Kiwi-Baum', 'Correct-horse-battery-staple', 'Handed-over-Kiwi-73'])(
    'accepts %s',
    (password) => expect(isBuiltFromOwnWords(password, owner)).toBe(false),
  );
});

describe.each(testDrivers())('one-time passwords (%s)', (driver) => {
  const logLines: string[] = [];
  let t: TestApp;
  let baseUrl: string;
  let demoOrganisationId: string;
  let admin: { authorization: string };

  /** A user of Demo GmbH with a password of their own (not flagged), signed in twice. */
  async function userWithSessions(email: string, password: string, sessions = 2) {
    const id = (await createUserWithPassword(t.database.db, {
      organisationId: demoOrganisationId,
      email,
      password,
      name: email.split('@')[0]!,
      roleKey: 'organisationmember',
      subscription: 'pro',
    }))!;
    const signedIn = [];
    for (let index = 0; index < sessions; index += 1) {
      const cookie = await t.signIn(email, password);
      signedIn.push({ cookie, token: await tokenOf(cookie) });
    }
    return { id, sessions: signedIn };
  }

  async function tokenOf(cookie: string): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  }

  const reset = (id: string, password: string, headers: Record<string, string> = admin) =>
    t.app.inject({
      method: 'POST',
      url: pathOf(apiRoutes.resetUserPassword, { id }),
      headers,
      payload: { password },
    });

  const changeOwn = (token: string, cookie: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.changePassword.path,
      headers: { authorization: `Bearer ${token}`, cookie },
      payload: { currentPassword, newPassword },
    });

  const flagOf = async (id: string) =>
    (await t.database.db.select({ flag: user.mustChangePassword }).from(user).where(eq(user.id, id)))[0]
      ?.flag;

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      realSignIn: true,
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [demo] = await t.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Demo GmbH'));
    demoOrganisationId = demo!.id;
    admin = await t.bearer(demoUsers.admin);
  });
  afterAll(() => t?.close());

  it('never forces the demo users: their sign-ins keep working directly', async () => {
    const rows = await t.database.db.select({ email: user.email, flag: user.mustChangePassword }).from(user);
    for (const row of rows) expect(row.flag, row.email).toBe(false);
    const claims = decodeJwt(await t.tokenFor(demoUsers.member));
    expect(claims[pendingSetUpClaim]).toBeUndefined();
    const menu = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: await t.bearer(demoUsers.member),
    });
    expect(menu.statusCode).toBe(200);
  });

  it('refuses the reset to members (403), another organisation (404), unknown users (404) and the own account (409)', async () => {
    const victim = await userWithSessions('reset-authz@example.com', 'Own-password-of-authz', 0);
    const password = 'Fresh-one-time-1';
    expect((await reset(victim.id, password, {})).statusCode).toBe(401);
    const member = await reset(victim.id, password, await t.bearer(demoUsers.member));
    expect(member.statusCode).toBe(403);
    const other = await reset(victim.id, password, await t.bearer(demoUsers.beispielAdmin));
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('reset-authz@example.com');
    expect((await reset('no-such-user', password)).statusCode).toBe(404);
    const adminId = decodeJwt(await t.tokenFor(demoUsers.admin)).sub!;
    expect((await reset(adminId, password)).statusCode).toBe(409);
    // Nothing changed for the victim.
    expect(await flagOf(victim.id)).toBe(false);
  });

  it('sets the password, the flag and ends every session of the user, streams included', async () => {
    const oldPassword = 'Own-password-of-anna';
    const anna = await userWithSessions('reset-anna@example.com', oldPassword, 2);
    const stream = await openNotificationStream(baseUrl, anna.sessions[0]!.token);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.type === 'snapshot');

    const oneTime = 'Anna-one-time-77';
    const response = await reset(anna.id, oneTime);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: anna.id, email: 'reset-anna@example.com' });

    await stream.ended; // closed by the server, not by the test
    const left = await t.database.db.select().from(session).where(eq(session.userId, anna.id));
    expect(left).toHaveLength(0);
    for (const { token, cookie } of anna.sessions) {
      const menu = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getMenu.path,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(menu.statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })).statusCode,
      ).toBe(401);
    }
    expect(await flagOf(anna.id)).toBe(true);

    // The old password is gone, the one-time one signs in.
    await expect(t.signIn('reset-anna@example.com', oldPassword)).rejects.toThrow(/401/);
    const cookie = await t.signIn('reset-anna@example.com', oneTime);
    const token = await tokenOf(cookie);
    expect(decodeJwt(token)[pendingSetUpClaim]).toEqual(['password-change']);

    // The administrators' activity log has it, without the password.
    const [entry] = await t.database.db
      .select()
      .from(managementActivity)
      .where(
        and(
          eq(managementActivity.action, 'users.password-reset'),
          eq(managementActivity.target, 'reset-anna@example.com'),
        ),
      );
    expect(entry).toMatchObject({ organisationId: demoOrganisationId, kind: 'users' });
    const activity = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.listActivity.path}?kind=users`,
      headers: admin,
    });
    expect(activity.statusCode).toBe(200);
    expect(activity.body).toContain('users.password-reset');
    expect(activity.body).not.toContain(oneTime);
  });

  it('refuses everything but the password change while the flag is set; the change clears it', async () => {
    const oneTime = 'Bert-one-time-88';
    const bert = await userWithSessions('reset-bert@example.com', 'Own-password-of-bert', 0);
    expect((await reset(bert.id, oneTime)).statusCode).toBe(200);
    const cookie = await t.signIn('reset-bert@example.com', oneTime);
    const token = await tokenOf(cookie);
    const bearer = { authorization: `Bearer ${token}` };

    for (const url of [
      apiRoutes.getMenu.path,
      apiRoutes.getFavorites.path,
      apiRoutes.listSessions.path,
      apiRoutes.listOlderNotifications.path,
      apiRoutes.listRecents.path,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url, headers: bearer });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code, url).toBe(errorCodes.passwordChangeRequired);
    }
    const stream = await openNotificationStream(baseUrl, token);
    expect(stream.status).toBe(403);
    // What the password-change screen needs.
    expect(
      (await t.app.inject({ method: 'GET', url: apiRoutes.getUserSettings.path, headers: bearer }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: apiRoutes.getAppConfig.path, headers: bearer })).statusCode,
    ).toBe(200);
    const settingsChange = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.getUserSettings.path,
      headers: bearer,
      payload: { uiLanguage: 'en', uiCulture: 'en-GB', currencySymbol: '€', displayName: 'Bert' },
    });
    expect(settingsChange.statusCode).toBe(403);

    // The one-time password cannot be kept, nor a common one chosen.
    const unchanged = await changeOwn(token, cookie, oneTime, oneTime);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().error.code).toBe(errorCodes.passwordUnchanged);
    const common = await changeOwn(token, cookie, oneTime, 'Qwertyqwerty');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe(errorCodes.commonPassword);
    expect(await flagOf(bert.id)).toBe(true);

    const changed = await changeOwn(token, cookie, oneTime, 'Bert-chose-this-one');
    expect(changed.statusCode).toBe(204);
    expect(await flagOf(bert.id)).toBe(false);
    // The same token now works (the bearer check read the user again), and a new token has no claim.
    expect(
      (await t.app.inject({ method: 'GET', url: apiRoutes.getMenu.path, headers: bearer })).statusCode,
    ).toBe(200);
    expect(decodeJwt(await tokenOf(cookie))[pendingSetUpClaim]).toBeUndefined();
  });

  it('never holds up a single sign-on session (the provider owns those credentials)', async () => {
    const finn = await userWithSessions('reset-finn@example.com', 'Own-password-of-finn', 1);
    await t.database.db.update(user).set({ mustChangePassword: true }).where(eq(user.id, finn.id));
    await t.database.db.update(session).set({ signInMethod: 'sso' }).where(eq(session.userId, finn.id));
    t.app.sessionEvents.emitUserChanged(finn.id);
    const { token, cookie } = finn.sessions[0]!;
    const menu = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(menu.statusCode).toBe(200);
    expect(decodeJwt(await tokenOf(cookie))[pendingSetUpClaim]).toBeUndefined();
  });

  it('flags users created by an administrator with an initial password', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: apiRoutes.listUsers.path,
      headers: admin,
      payload: {
        name: 'Carla Created',
        email: 'reset-carla@example.com',
        password: 'Carla-initial-99',
        roleKey: 'organisationmember',
        subscription: 'basic',
        uiLanguage: 'de-DE',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await flagOf(created.json<{ id: string }>().id)).toBe(true);
    const cookie = await t.signIn('reset-carla@example.com', 'Carla-initial-99');
    const token = await tokenOf(cookie);
    expect(decodeJwt(token)[pendingSetUpClaim]).toEqual(['password-change']);
    const menu = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(menu.json().error.code).toBe(errorCodes.passwordChangeRequired);
  });

  it('refuses a common password on every path with COMMON_PASSWORD', async () => {
    const creation = await t.app.inject({
      method: 'POST',
      url: apiRoutes.listUsers.path,
      headers: admin,
      payload: {
        name: 'Common',
        email: 'reset-common@example.com',
        password: 'qwerty123456',
        roleKey: 'organisationmember',
        subscription: 'basic',
        uiLanguage: 'en',
      },
    });
    expect(creation.statusCode).toBe(400);
    expect(creation.json().error).toMatchObject({
      code: errorCodes.commonPassword,
      message: expect.stringContaining('password'),
    });

    const dora = await userWithSessions('reset-dora@example.com', 'Own-password-of-dora', 1);
    const resetCommon = await reset(dora.id, '1q2w3e4r5t6y');
    expect(resetCommon.statusCode).toBe(400);
    expect(resetCommon.json().error.code).toBe(errorCodes.commonPassword);
    expect(await flagOf(dora.id)).toBe(false);
    // Refused before anything happened: her session lives on.
    expect((await t.database.db.select().from(session).where(eq(session.userId, dora.id))).length).toBe(1);

    const { cookie, token } = dora.sessions[0]!;
    const own = await changeOwn(token, cookie, 'Own-password-of-dora', 'QAZWSXEDCRFV');
    expect(own.statusCode).toBe(400);
    expect(own.json().error.code).toBe(errorCodes.commonPassword);

    // The length rules still come first.
    const short = await reset(dora.id, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe(errorCodes.badRequest);
  });

  it("refuses, on every path, a common password of 12+ characters, one built from the owner's words and a guessable one, naming why", async () => {
    const finn = await userWithSessions('finn.fischer@example.com', 'Own-password-of-finn', 1);
    const { cookie, token } = finn.sessions[0]!;
    const guessable = 'Hallo1234567';
    expect(isCommonPassword(guessable)).toBe(false);
    const cases: [string, string, RegExp][] = [
      ['Password123!', errorCodes.commonPassword, /common passwords/],
      ['Finn-Fischer-2024', errorCodes.personalPassword, /e-mail address, the name or the product's name/],
      ['Report-Cockpit-2026', errorCodes.personalPassword, /product's name/],
      [guessable, errorCodes.guessablePassword, /easy to guess/],
    ];
    for (const [password, code, why] of cases) {
      const creation = await t.app.inject({
        method: 'POST',
        url: apiRoutes.listUsers.path,
        headers: admin,
        payload: {
          name: 'Finn Fischer',
          email: 'finn.fischer2@example.com',
          password,
          roleKey: 'organisationmember',
          subscription: 'basic',
          uiLanguage: 'en',
        },
      });
      const byAdmin = await reset(finn.id, password);
      const own = await changeOwn(token, cookie, 'Own-password-of-finn', password);
      for (const [where, answer] of [
        ['creation', creation],
        ['reset', byAdmin],
        ['own change', own],
      ] as const) {
        expect(answer.statusCode, `${password} ${where}`).toBe(400);
        expect(answer.json().error.code, `${password} ${where}`).toBe(code);
        expect(answer.json().error.message, `${password} ${where}`).toMatch(why);
      }
    }
    // A strong password of the same person is fine.
    expect((await reset(finn.id, 'Kiwi-Baum-am-Fluss-17')).statusCode).toBe(200);
  });

  it('still checks lengths first', async () => {
    const dora = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'reset-dora@example.com'));
    const short = await reset(dora[0]!.id, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe(errorCodes.badRequest);
  });

  it('never writes a password or a hash into a log line or an answer', async () => {
    const secret = 'Never-log-this-Secret-4711';
    const eve = await userWithSessions('reset-eve@example.com', 'Own-password-of-eve', 0);
    const response = await reset(eve.id, secret);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('argon2');
    const cookie = await t.signIn('reset-eve@example.com', secret);
    const token = await tokenOf(cookie);
    const next = 'Eve-chose-her-own-1';
    expect((await changeOwn(token, cookie, secret, next)).statusCode).toBe(204);
    const settings = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(settings.body).not.toContain('argon2');
    const logs = logLines.join('\n');
    expect(logs).toContain('management.user.password_reset');
    for (const password of [
      secret,
      next,
      'Anna-one-time-77',
      'Bert-one-time-88',
      'Carla-initial-99',
      'qwerty123456',
    ]) {
      expect(logs).not.toContain(password);
    }
    expect(logs).not.toContain('$argon2id$');
  });
});

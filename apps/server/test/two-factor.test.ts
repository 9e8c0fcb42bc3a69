import { randomUUID } from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createHMAC } from '@better-auth/utils/hmac';
import { createOTP } from '@better-auth/utils/otp';
import { makeSignature } from 'better-auth/crypto';
import {
  apiRoutes,
  errorCodes,
  pathOf,
  recoveryCodeCount,
  twoFactorEnableResponseSchema,
  twoFactorStatusSchema,
} from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, session, user, verification } from '../src/db/core-tables';
import { twoFactor } from '../src/db/two-factor-schema';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { type TestApp, buildTestApp, integrityHeader, testDrivers } from './helpers/build-test-app';
import { type Credentials, signInAs } from './helpers/roles';

// Decision 021 (two-factor sign-in with TOTP codes): turning it on, the code step of the sign-in, its
// limits, recovery codes, the organisation's policy and the administrator's reset; every code works once;
// "trust this device" is not offered.

const password = 'Two-factor-password-1';
const accountFailureLimit = 6;

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The `name=value` pairs of the cookies an answer set (expired ones left out). */
function cookiesOf(response: Injected): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '' && (cookie.maxAge === undefined || cookie.maxAge > 0))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** The current code of an `otpauth://` URI's key, as an authenticator app shows it. */
async function codeFor(totpURI: string, offsetSeconds = 0): Promise<string> {
  // An earlier step's code is accepted only until the current step ends: with less than 3 s of it left, it
  // is taken in the next step, so it does not expire on its way through a slow machine.
  const left = 30_000 - (Date.now() % 30_000);
  if (offsetSeconds < 0 && left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const otp = createOTP(base32.decode(secret), { digits: 6, period: 30 });
  return otp.hotp(Math.floor((Date.now() + offsetSeconds * 1000) / 30_000));
}

/** A code that is surely wrong now: not the current one (nor its neighbours the library accepts). */
async function wrongCodeFor(totpURI: string): Promise<string> {
  const valid = new Set([await codeFor(totpURI, -30), await codeFor(totpURI), await codeFor(totpURI, 30)]);
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

describe.each(testDrivers())('two-factor sign-in (%s)', (driver) => {
  let t: TestApp;
  let demoId = '';
  const logLines: string[] = [];
  /** Every key and recovery code handed out in this file: none may ever appear in a log line. */
  const handedOut: string[] = [];

  const newUser = async (email: string, organisationId = demoId) => {
    const id = await createUserWithPassword(t.database.db, {
      organisationId,
      email,
      password,
      name: email.split('@')[0]!,
      roleKey: 'organisationmember',
      subscription: 'basic',
    });
    return id!;
  };

  const passwordSignIn = async (email: string, remoteAddress = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      remoteAddress,
      headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
      payload: { email, password },
    });

  const post = async (url: string, cookie: string, payload: unknown, remoteAddress = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: t.origin, cookie, ...(await integrityHeader(t.app)) },
      payload: payload as Record<string, unknown>,
    });

  const bearerOf = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
  };

  /** Signs in with the password (no second factor yet), turns two-factor sign-in on and confirms it. */
  const turnOn = async (email: string) => {
    const signIn = await passwordSignIn(email);
    expect(signIn.statusCode).toBe(200);
    const enable = await post(apiRoutes.enableTwoFactor.path, cookiesOf(signIn), { password });
    expect(enable.statusCode).toBe(200);
    const setup = twoFactorEnableResponseSchema.parse(enable.json());
    handedOut.push(new URL(setup.totpURI).searchParams.get('secret')!, ...setup.backupCodes);
    // The previous step's code (still accepted): the current one stays unused for the sign-in that follows.
    const confirm = await post(apiRoutes.verifyTwoFactorCode.path, cookiesOf(signIn), {
      code: await codeFor(setup.totpURI, -30),
    });
    expect(confirm.statusCode).toBe(200);
    return { ...setup, cookie: cookiesOf(confirm) };
  };

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      realSignIn: true,
      env: { LOG_LEVEL: 'debug', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: String(accountFailureLimit) },
      logStream: { write: (line) => void logLines.push(line) },
    });
    const [demo] = await t.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Demo GmbH'));
    demoId = demo!.id;
  });
  afterAll(() => t?.close());

  it('turns on with the password, a QR key of "Report Cockpit" and ten recovery codes, confirmed by a code', async () => {
    const email = 'tf-enable@example.com';
    await newUser(email);
    const signIn = await passwordSignIn(email);
    const cookie = cookiesOf(signIn);

    const wrongPassword = await post(apiRoutes.enableTwoFactor.path, cookie, {
      password: 'not-the-password-1',
    });
    expect(wrongPassword.statusCode).toBe(400);

    const enable = await post(apiRoutes.enableTwoFactor.path, cookie, { password });
    expect(enable.statusCode).toBe(200);
    const setup = twoFactorEnableResponseSchema.parse(enable.json());
    handedOut.push(new URL(setup.totpURI).searchParams.get('secret')!, ...setup.backupCodes);
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/Report%20Cockpit:tf-enable%40example\.com\?/);
    expect(new URL(setup.totpURI).searchParams.get('issuer')).toBe('Report Cockpit');
    expect(setup.backupCodes).toHaveLength(recoveryCodeCount);

    // Not in force before the first correct code: a sign-in still needs the password only.
    const before = await passwordSignIn(email);
    expect(before.json()).not.toHaveProperty('twoFactorRedirect');

    const wrong = await post(apiRoutes.verifyTwoFactorCode.path, cookie, {
      code: await wrongCodeFor(setup.totpURI),
    });
    expect(wrong.statusCode).toBe(401);
    const confirm = await post(apiRoutes.verifyTwoFactorCode.path, cookie, {
      code: await codeFor(setup.totpURI),
    });
    expect(confirm.statusCode).toBe(200);
    // The library replaces the session: the answer carries a new cookie but never the session token.
    expect(confirm.json()).not.toHaveProperty('token');

    const status = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getTwoFactorStatus.path,
      headers: await bearerOf(cookiesOf(confirm)),
    });
    expect(twoFactorStatusSchema.parse(status.json())).toEqual({ enabled: true, required: false });
    const [row] = await t.database.db
      .select()
      .from(twoFactor)
      .innerJoin(user, eq(user.id, twoFactor.userId))
      .where(eq(user.email, email));
    // The key is stored encrypted, never as the base32 text of the QR code.
    expect(row!.two_factor.secret).not.toContain(new URL(setup.totpURI).searchParams.get('secret')!);
    expect(row!.two_factor.verified).toBe(true);
  });

  it('asks for a code after the password; a correct code signs in, a wrong one is refused', async () => {
    const email = 'tf-sign-in@example.com';
    await newUser(email);
    const { totpURI } = await turnOn(email);

    const signIn = await passwordSignIn(email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    // No session yet, only the plugin's short-lived challenge cookie, as strict as the session cookie.
    expect(signIn.cookies.filter((c) => c.name.endsWith('session_token') && c.value !== '')).toHaveLength(0);
    const challenge = signIn.cookies.find((c) => c.name === 'cockpit.two_factor')!;
    expect(challenge).toBeDefined();
    expect(challenge.httpOnly).toBe(true);
    expect(challenge.sameSite).toBe('Strict');
    expect(challenge.maxAge).toBeLessThanOrEqual(600);
    const noToken = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getToken.path,
      headers: { cookie: cookiesOf(signIn) },
    });
    expect(noToken.statusCode).toBe(401);

    // The code step needs the app's integrity token like the password step.
    const withoutIntegrity = await t.app.inject({
      method: 'POST',
      url: apiRoutes.verifyTwoFactorCode.path,
      headers: { origin: t.origin, cookie: cookiesOf(signIn) },
      payload: { code: await codeFor(totpURI) },
    });
    expect(withoutIntegrity.statusCode).toBe(403);
    expect(withoutIntegrity.json()).toMatchObject({ error: { code: errorCodes.integrityRequired } });

    const wrong = await post(apiRoutes.verifyTwoFactorCode.path, cookiesOf(signIn), {
      code: await wrongCodeFor(totpURI),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies.filter((c) => c.name.endsWith('session_token') && c.value !== '')).toHaveLength(0);

    const right = await post(apiRoutes.verifyTwoFactorCode.path, cookiesOf(signIn), {
      code: await codeFor(totpURI),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).not.toHaveProperty('token');
    const sessionCookie = right.cookies.find((c) => c.name.endsWith('session_token'))!;
    expect(sessionCookie.sameSite).toBe('Strict');
    expect(sessionCookie.httpOnly).toBe(true);
    const menu = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: await bearerOf(cookiesOf(right)),
    });
    expect(menu.statusCode).toBe(200);
  });

  it('accepts a code once: the same code in a second browser, or an earlier one, is refused like a wrong code', async () => {
    const email = 'tf-reuse@example.com';
    const userId = await newUser(email);
    const { totpURI } = await turnOn(email);
    const code = await codeFor(totpURI);

    const first = await passwordSignIn(email, '198.51.100.60');
    const second = await passwordSignIn(email, '198.51.100.61');
    expect(
      (await post(apiRoutes.verifyTwoFactorCode.path, cookiesOf(first), { code }, '198.51.100.60'))
        .statusCode,
    ).toBe(200);
    const reused = await post(
      apiRoutes.verifyTwoFactorCode.path,
      cookiesOf(second),
      { code },
      '198.51.100.61',
    );
    expect(reused.statusCode).toBe(401);
    expect(reused.cookies.filter((c) => c.name.endsWith('session_token') && c.value !== '')).toHaveLength(0);
    // The step before (still inside the accepted window) is older than the one used: refused too.
    const earlier = await post(
      apiRoutes.verifyTwoFactorCode.path,
      cookiesOf(second),
      { code: await codeFor(totpURI, -30) },
      '198.51.100.61',
    );
    expect(earlier.statusCode).toBe(401);
    // The last accepted step is in the database, so every server instance refuses it alike.
    const [row] = await t.database.db
      .select({ step: twoFactor.lastAcceptedStep })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId));
    expect(row!.step).toBeGreaterThanOrEqual(Math.floor(Date.now() / 30_000) - 1);
    // The next code works.
    const next = await post(
      apiRoutes.verifyTwoFactorCode.path,
      cookiesOf(second),
      { code: await codeFor(totpURI, 30) },
      '198.51.100.61',
    );
    expect(next.statusCode).toBe(200);
  });

  it('refuses "trust this device": no trusted-device cookie, no session', async () => {
    const email = 'tf-trust-option@example.com';
    await newUser(email);
    const { totpURI, backupCodes } = await turnOn(email);
    const signIn = await passwordSignIn(email);
    for (const [url, code] of [
      [apiRoutes.verifyTwoFactorCode.path, await codeFor(totpURI)],
      [apiRoutes.verifyRecoveryCode.path, backupCodes[0]!],
    ] as const) {
      const answer = await post(url, cookiesOf(signIn), { code, trustDevice: true });
      expect(answer.statusCode, url).toBe(400);
      expect(
        answer.cookies.filter(
          (c) => c.value !== '' && (c.name.includes('trust_device') || c.name.endsWith('session_token')),
        ),
      ).toHaveLength(0);
    }
    // Refused before the code was looked at: it still signs in without the option.
    const right = await post(apiRoutes.verifyTwoFactorCode.path, cookiesOf(signIn), {
      code: await codeFor(totpURI),
    });
    expect(right.statusCode).toBe(200);
  });

  describe('a trusted device, should one exist, ends when the factor or the password changes', () => {
    /** What the library's "trust this device" leaves behind: a verification row and its signed cookie. */
    const trustedDeviceCookie = async (userId: string) => {
      const identifier = `trust-device-${randomUUID()}`;
      await t.database.db.insert(verification).values({
        id: randomUUID(),
        identifier,
        value: userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const secret = t.config.authSecret;
      const value = `${await createHMAC('SHA-256', 'base64urlnopad').sign(secret, `${userId}!${identifier}`)}!${identifier}`;
      return `cockpit.trust_device=${encodeURIComponent(`${value}.${await makeSignature(value, secret)}`)}`;
    };
    /** A sign-in from the trusted browser; the library renews the trust at each use, so the browser keeps the new cookie. */
    const signInWith = async (email: string, secret: string, browser: { cookie: string }) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: apiRoutes.signInWithEmail.path,
        remoteAddress: '203.0.113.9',
        headers: { origin: t.origin, cookie: browser.cookie, ...(await integrityHeader(t.app)) },
        payload: { email, password: secret },
      });
      const renewed = answer.cookies.find((c) => c.name === 'cockpit.trust_device' && c.value !== '');
      if (renewed) browser.cookie = `${renewed.name}=${renewed.value}`;
      return answer;
    };
    const adminBearer = async () => ({ authorization: (await signInAs(t, 'admin')).authorization! });

    const events: [
      string,
      (userId: string, email: string, trusted: { cookie: string }, cookie: string) => Promise<string>,
    ][] = [
      [
        'an administrator resets the second factor',
        async (userId, email) => {
          const url = pathOf(apiRoutes.resetUserTwoFactor, { id: userId });
          expect(
            (await t.app.inject({ method: 'POST', url, headers: await adminBearer(), payload: {} }))
              .statusCode,
          ).toBe(204);
          await turnOn(email);
          return password;
        },
      ],
      [
        'the user turns two-factor sign-in off (in another browser)',
        async (_userId, email, _trusted, cookie) => {
          expect((await post(apiRoutes.disableTwoFactor.path, cookie, { password })).statusCode).toBe(200);
          await turnOn(email);
          return password;
        },
      ],
      [
        'an administrator sets a one-time password',
        async (userId) => {
          const oneTime = 'Handed-over-Kiwi-73';
          const url = pathOf(apiRoutes.resetUserPassword, { id: userId });
          const reset = await t.app.inject({
            method: 'POST',
            url,
            headers: await adminBearer(),
            payload: { password: oneTime },
          });
          expect(reset.statusCode).toBe(200);
          return oneTime;
        },
      ],
      [
        'the user changes the password',
        async (_userId, email, trusted) => {
          const signedIn = await signInWith(email, password, trusted);
          expect(signedIn.json()).not.toHaveProperty('twoFactorRedirect');
          const newPassword = 'Chosen-anew-Mango-58';
          const change = await t.app.inject({
            method: 'POST',
            url: apiRoutes.changePassword.path,
            headers: await bearerOf(cookiesOf(signedIn)),
            payload: { currentPassword: password, newPassword },
          });
          expect(change.statusCode).toBe(204);
          return newPassword;
        },
      ],
    ];

    it.each(events.map(([label, event], n) => [label, event, n] as const))(
      'when %s',
      async (_label, event, n) => {
        const email = `tf-trust-${n}@example.com`;
        const userId = await newUser(email);
        const { cookie } = await turnOn(email);
        const trusted = { cookie: await trustedDeviceCookie(userId) };
        // The trust works (this is the library's mechanism): the password alone signs in from that browser.
        expect((await signInWith(email, password, trusted)).json()).not.toHaveProperty('twoFactorRedirect');

        const nextPassword = await event(userId, email, trusted, cookie);
        const after = await signInWith(email, nextPassword, trusted);
        expect(after.statusCode).toBe(200);
        expect(after.json()).toMatchObject({ twoFactorRedirect: true });
      },
    );
  });

  it('counts wrong codes against the account like wrong passwords, then refuses with 429', async () => {
    const email = 'tf-limits@example.com';
    await newUser(email);
    const { totpURI } = await turnOn(email);
    const wrongCode = await wrongCodeFor(totpURI);

    // Spread over two sign-ins and several addresses: the account's counter holds them all.
    let failures = 0;
    for (const address of ['198.51.100.40', '198.51.100.41']) {
      const signIn = await passwordSignIn(email, address);
      expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
      for (let i = 0; i < accountFailureLimit / 2; i += 1) {
        const answer = await post(
          apiRoutes.verifyTwoFactorCode.path,
          cookiesOf(signIn),
          { code: wrongCode },
          address,
        );
        expect(answer.statusCode).toBe(401);
        failures += 1;
      }
    }
    expect(failures).toBe(accountFailureLimit);
    const signIn = await passwordSignIn(email, '198.51.100.42');
    // The account is locked for now: even the right password is refused, as after wrong passwords.
    expect(signIn.statusCode).toBe(429);
    expect(signIn.json()).toMatchObject({ error: { code: errorCodes.rateLimited } });
    expect(Number(signIn.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses the right code once the account is locked', async () => {
    const email = 'tf-locked@example.com';
    await newUser(email);
    const { totpURI } = await turnOn(email);
    const signIn = await passwordSignIn(email, '198.51.100.50');
    const wrongCode = await wrongCodeFor(totpURI);
    // The library allows five codes per sign-in; the sixth wrong guess is still counted.
    for (let i = 0; i < accountFailureLimit - 1; i += 1) {
      expect(
        (
          await post(
            apiRoutes.verifyTwoFactorCode.path,
            cookiesOf(signIn),
            { code: wrongCode },
            '198.51.100.50',
          )
        ).statusCode,
      ).toBe(401);
    }
    const again = await passwordSignIn(email, '198.51.100.51');
    expect(again.json()).toMatchObject({ twoFactorRedirect: true });
    expect(
      (await post(apiRoutes.verifyTwoFactorCode.path, cookiesOf(again), { code: wrongCode }, '198.51.100.51'))
        .statusCode,
    ).toBe(401);
    const right = await post(
      apiRoutes.verifyTwoFactorCode.path,
      cookiesOf(again),
      { code: await codeFor(totpURI) },
      '198.51.100.51',
    );
    expect(right.statusCode).toBe(429);
    expect(right.cookies.filter((c) => c.name.endsWith('session_token') && c.value !== '')).toHaveLength(0);
  });

  it('accepts a recovery code once', async () => {
    const email = 'tf-recovery@example.com';
    await newUser(email);
    const { backupCodes } = await turnOn(email);
    const code = backupCodes[0]!;

    const first = await passwordSignIn(email);
    const used = await post(apiRoutes.verifyRecoveryCode.path, cookiesOf(first), { code });
    expect(used.statusCode).toBe(200);
    expect(used.json()).not.toHaveProperty('token');
    expect(used.cookies.find((c) => c.name.endsWith('session_token'))?.value).toBeTruthy();

    const second = await passwordSignIn(email);
    const reused = await post(apiRoutes.verifyRecoveryCode.path, cookiesOf(second), { code });
    expect(reused.statusCode).toBe(401);
    const other = await post(apiRoutes.verifyRecoveryCode.path, cookiesOf(second), { code: backupCodes[1]! });
    expect(other.statusCode).toBe(200);
  });

  it('turns off with the password only', async () => {
    const email = 'tf-disable@example.com';
    await newUser(email);
    const { cookie } = await turnOn(email);
    expect(
      (await post(apiRoutes.disableTwoFactor.path, cookie, { password: 'not-the-password-1' })).statusCode,
    ).toBe(400);
    expect((await post(apiRoutes.disableTwoFactor.path, cookie, { password })).statusCode).toBe(200);
    const signIn = await passwordSignIn(email);
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect(signIn.cookies.find((c) => c.name.endsWith('session_token'))?.value).toBeTruthy();
  });

  describe('the organisation policy', () => {
    let admin: Credentials;
    beforeAll(async () => {
      admin = await signInAs(t, 'admin');
    });
    afterAll(async () => {
      await t.database.db
        .update(organisations)
        .set({ requireTwoFactor: false })
        .where(eq(organisations.id, demoId));
    });

    const setPolicy = async (credentials: Credentials, requireTwoFactor: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: apiRoutes.getTwoFactorPolicy.path,
        headers: { authorization: credentials.authorization! },
        payload: { requireTwoFactor },
      });

    it('is set by administrators only, for their own organisation, once they use a second factor', async () => {
      const member = await signInAs(t, 'member');
      const otherAdmin = await signInAs(t, 'otherAdmin');
      expect((await setPolicy(member, true)).statusCode).toBe(403);
      // Without a second factor of their own the administrator would lock themselves out: refused.
      const withoutOwn = await setPolicy(admin, true);
      expect(withoutOwn.statusCode).toBe(409);
      expect(withoutOwn.json()).toMatchObject({ error: { code: errorCodes.conflict } });

      const enable = await post(apiRoutes.enableTwoFactor.path, admin.cookie!, {
        password: 'Cockpit-admin-1',
      });
      const { totpURI, backupCodes } = twoFactorEnableResponseSchema.parse(enable.json());
      handedOut.push(new URL(totpURI).searchParams.get('secret')!, ...backupCodes);
      const confirm = await post(apiRoutes.verifyTwoFactorCode.path, admin.cookie!, {
        code: await codeFor(totpURI),
      });
      expect(confirm.statusCode).toBe(200);
      admin = { ...admin, cookie: cookiesOf(confirm), ...(await bearerOf(cookiesOf(confirm))) };

      expect((await setPolicy(admin, true)).json()).toEqual({ requireTwoFactor: true });
      const read = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getTwoFactorPolicy.path,
        headers: { authorization: admin.authorization! },
      });
      expect(read.json()).toEqual({ requireTwoFactor: true });
      const other = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getTwoFactorPolicy.path,
        headers: { authorization: otherAdmin.authorization! },
      });
      expect(other.json()).toEqual({ requireTwoFactor: false });
    });

    it('sends users without a second factor to set it up: everything else answers 403', async () => {
      expect((await setPolicy(admin, true)).statusCode).toBe(200);
      const email = 'tf-policy@example.com';
      await newUser(email);
      const signIn = await passwordSignIn(email);
      const cookie = cookiesOf(signIn);
      const bearer = await bearerOf(cookie);

      const menu = await t.app.inject({ method: 'GET', url: apiRoutes.getMenu.path, headers: bearer });
      expect(menu.statusCode).toBe(403);
      expect(menu.json()).toMatchObject({ error: { code: errorCodes.twoFactorRequired } });
      const status = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getTwoFactorStatus.path,
        headers: bearer,
      });
      expect(status.json()).toEqual({ enabled: false, required: true });
      expect(
        (await t.app.inject({ method: 'GET', url: apiRoutes.getUserSettings.path, headers: bearer }))
          .statusCode,
      ).toBe(200);

      // The set-up itself is allowed; afterwards the new session may do everything.
      const enable = await post(apiRoutes.enableTwoFactor.path, cookie, { password });
      const { totpURI, backupCodes } = twoFactorEnableResponseSchema.parse(enable.json());
      handedOut.push(new URL(totpURI).searchParams.get('secret')!, ...backupCodes);
      const confirm = await post(apiRoutes.verifyTwoFactorCode.path, cookie, {
        code: await codeFor(totpURI),
      });
      expect(confirm.statusCode).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getMenu.path,
        headers: await bearerOf(cookiesOf(confirm)),
      });
      expect(after.statusCode).toBe(200);
    });

    it('exempts single sign-on sessions', async () => {
      const email = 'tf-sso@example.com';
      const userId = await newUser(email);
      const signIn = await passwordSignIn(email);
      // What the single sign-on flow sets on the sessions it creates (decision 021).
      await t.database.db.update(session).set({ signInMethod: 'sso' }).where(eq(session.userId, userId));
      const menu = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getMenu.path,
        headers: await bearerOf(cookiesOf(signIn)),
      });
      expect(menu.statusCode).toBe(200);
    });

    it('lets an administrator reset a user’s second factor: a member may not, another organisation gets 404', async () => {
      const email = 'tf-reset@example.com';
      const userId = await newUser(email);
      await turnOn(email);
      const url = pathOf(apiRoutes.resetUserTwoFactor, { id: userId });
      const member = await signInAs(t, 'member');
      const otherAdmin = await signInAs(t, 'otherAdmin');
      const reset = (credentials: Credentials) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: credentials.authorization! },
          payload: {},
        });

      expect((await reset(member)).statusCode).toBe(403);
      expect((await reset(otherAdmin)).statusCode).toBe(404);
      expect((await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, userId))).length).toBe(
        1,
      );

      expect((await reset(admin)).statusCode).toBe(204);
      expect((await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, userId))).length).toBe(
        0,
      );
      // The password alone signs in again; the policy then sends the user to set it up anew.
      const signIn = await passwordSignIn(email);
      expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
      const menu = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getMenu.path,
        headers: await bearerOf(cookiesOf(signIn)),
      });
      expect(menu.json()).toMatchObject({ error: { code: errorCodes.twoFactorRequired } });

      const unknown = pathOf(apiRoutes.resetUserTwoFactor, { id: 'no-such-user' });
      const missing = await t.app.inject({
        method: 'POST',
        url: unknown,
        headers: { authorization: admin.authorization! },
        payload: {},
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  it('never writes a key or a recovery code to the log, nor a session token into an answer', () => {
    expect(handedOut.length).toBeGreaterThan(10);
    const log = logLines.join('\n');
    for (const secret of handedOut) expect(log).not.toContain(secret);
    expect(log).toContain('auth.second_factor.failure');
  });
});

import { apiErrorSchema, apiRoutes, tokenCheckParam, tokenResponseSchema } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/core-tables';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import {
  type TestApp,
  buildTestApp,
  demoUsers,
  integrityHeader,
  testDrivers,
} from './helpers/build-test-app';

describe.each(testDrivers())('auth (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, { realSignIn: true });
  });
  afterAll(() => t?.close());

  const signIn = async (email: string, password: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
      payload: { email, password, ...extra },
    });

  it('signs in with e-mail and password, sets an HttpOnly session cookie, tolerates the client body fields', async () => {
    const response = await signIn(demoUsers.admin, 'Cockpit-admin-1', {
      useBackendTranslation: false,
      isoLanguageName: 'en',
      cultureName: 'en-GB',
      currencySymbol: '€',
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'cockpit.session_token');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    // The session token lives only in the cookie, never in a body the SPA can read.
    expect(response.json()).not.toHaveProperty('token');
    expect(response.json().user.email).toBe(demoUsers.admin);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrongPassword = await signIn(demoUsers.admin, 'not-the-password');
    const unknownUser = await signIn('nobody@example.com', 'Cockpit-admin-1');
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('UNAUTHORIZED');
      expect(response.cookies).toHaveLength(0);
    }
    expect(wrongPassword.json()).toEqual(unknownUser.json());
  });

  it('rejects a malformed sign-in body with 400 in the error shape', async () => {
    const response = await signIn('not-an-email', 'x');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
  });

  it('offers no sign-up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
      payload: { email: 'new@example.com', password: 'Some-password-1', name: 'New' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
  });

  it('exchanges the session for a bearer token of at most 15 minutes', async () => {
    const cookie = await t.signIn(demoUsers.member);
    const response = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { token } = tokenResponseSchema.parse(response.json());
    const claims = decodeJwt(token);
    expect(claims.iss).toBe(t.config.publicUrl);
    expect(claims.aud).toBe(t.config.publicUrl);
    expect(typeof claims.sub).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(15 * 60);

    const settings = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(settings.statusCode).toBe(200);
  });

  it('gives no token without a session (401 in the error shape)', async () => {
    for (const cookie of [undefined, 'cockpit.session_token=forged.value']) {
      const response = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getToken.path,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('UNAUTHORIZED');
    }
  });

  it("answers the web app's session check without a session with 200 { token: null } (no failed request)", async () => {
    const check = `${apiRoutes.getToken.path}?${tokenCheckParam}=true`;
    for (const cookie of [undefined, 'cockpit.session_token=forged.value']) {
      const response = await t.app.inject({ method: 'GET', url: check, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ token: null });
    }
    const cookie = await t.signIn(demoUsers.basic);
    const signedIn = await t.app.inject({ method: 'GET', url: check, headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ token: string }>().token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('signs out: the session cookie is cleared and no longer yields a token', async () => {
    const cookie = await t.signIn(demoUsers.basic);
    const signOut = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signOut.path,
      headers: { cookie, origin: t.origin },
      // The web client adds its fields to every JSON POST body (docs/product.md §7).
      payload: {
        useBackendTranslation: false,
        isoLanguageName: 'en',
        cultureName: 'en-GB',
        currencySymbol: '€',
      },
    });
    expect(signOut.statusCode).toBe(200);
    const cleared = signOut.cookies.find((c) => c.name === 'cockpit.session_token');
    expect(cleared?.value).toBe('');
    const token = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    expect(token.statusCode).toBe(401);
    expect(signOut.json()).toEqual({ success: true });
  });

  it('signs out without a session too (the SPA may sign out twice)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signOut.path,
      headers: { origin: t.origin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it('refuses a cookie-carrying POST from an untrusted origin (CSRF)', async () => {
    const cookie = await t.signIn(demoUsers.basic);
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signOut.path,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('FORBIDDEN');
  });

  it('refuses a deactivated user at once: no sign-in, and an issued token stops working', async () => {
    const email = `deactivated-${driver}@example.com`;
    const [organisation] = await t.database.db.select({ id: user.organisationId }).from(user).limit(1);
    const id = await createUserWithPassword(t.database.db, {
      organisationId: organisation!.id,
      email,
      password: 'Some-password-1',
      name: 'Dee Activated',
      roleKey: 'organisationmember',
      subscription: 'pro',
    });
    const cookie = await t.signIn(email, 'Some-password-1');
    const { token } = (
      await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })
    ).json<{
      token: string;
    }>();

    await t.database.db.update(user).set({ active: false }).where(eq(user.id, id!));

    const settings = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(settings.statusCode).toBe(401);
    const again = await signIn(email, 'Some-password-1');
    expect(again.statusCode).toBe(401);
    expect(again.cookies).toHaveLength(0);
  });

  it('answers unknown auth paths with 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/no-such-endpoint' });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });
});

import { apiErrorSchema, apiPaths, publicApiPaths } from '@cockpit/contracts';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

/**
 * Every path of `apiPaths` is classified here; adding a path to the contracts without deciding whether
 * it is protected fails this file.
 */
const protectedRoutes: { method: 'GET' | 'PUT'; url: string; payload?: object }[] = [
  { method: 'GET', url: apiPaths.userSettings },
  { method: 'GET', url: apiPaths.appConfig },
  { method: 'GET', url: apiPaths.menu },
  { method: 'PUT', url: apiPaths.pins, payload: { kind: 'report', name: 'totalviewlayout', isPinned: true } },
  { method: 'GET', url: apiPaths.dashboardsAvailability },
  { method: 'GET', url: apiPaths.userSessions },
  { method: 'GET', url: apiPaths.favorites },
  { method: 'GET', url: apiPaths.userRecents },
  { method: 'GET', url: apiPaths.featured },
  { method: 'GET', url: apiPaths.notifications },
];
const notBearerProtected = new Set<string>([
  ...publicApiPaths,
  apiPaths.authPrefix,
  apiPaths.signIn,
  apiPaths.signOut,
  apiPaths.token,
  apiPaths.docs,
  // Ending a session would end the token this file uses: covered by authorization-table.test.ts (issue 7).
  apiPaths.userSession,
  // A stream never ends for `inject`, and `:uid` needs a real notification: covered by notifications.test.ts
  // (401 without a token, real streams) and authorization-table.test.ts (issue 4).
  apiPaths.notificationsStream,
  apiPaths.notification,
  apiPaths.managementNotifications,
  // A successful call would change the demo password (and answers 204): 401 and input checks are in
  // user-settings.test.ts (issue 3).
  apiPaths.userPassword,
]);

/** What the web client adds to every call (spec §7). */
const clientQuery =
  'useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=de-DE&cultureName=de-DE';
const clientBody = {
  useBackendTranslation: false,
  isoLanguageName: 'de-DE',
  cultureName: 'de-DE',
  currencySymbol: '€',
};

describe('route classification', () => {
  it('covers every API path', () => {
    const classified = new Set([...notBearerProtected, ...protectedRoutes.map((route) => route.url)]);
    expect(Object.values(apiPaths).filter((path) => !classified.has(path))).toEqual([]);
  });
});

describe.each(testDrivers())('protected routes (%s)', (driver) => {
  let t: TestApp;
  let expiredToken: string;
  let foreignToken: string;
  let validToken: string;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    validToken = await t.tokenFor(demoUsers.admin);
    const sub = (
      JSON.parse(Buffer.from(validToken.split('.')[1]!, 'base64url').toString()) as { sub: string }
    ).sub;
    const now = Math.floor(Date.now() / 1000);
    // Signed with the server's real key, but expired a minute ago.
    expiredToken = (
      await t.app.auth.api.signJWT({ body: { payload: { sub, iat: now - 1000, exp: now - 60 } } })
    ).token;
    // Well-formed and unexpired, but signed by a key the server does not know.
    const { privateKey } = await generateKeyPair('EdDSA');
    foreignToken = await new SignJWT({ sub })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'foreign' })
      .setIssuer(t.config.publicUrl)
      .setAudience(t.config.publicUrl)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  });
  afterAll(() => t?.close());

  const badAuthorizations = () => ({
    'no token': undefined,
    'a garbage token': 'Bearer not.a.jwt',
    'an expired token': `Bearer ${expiredToken}`,
    'a token of another key': `Bearer ${foreignToken}`,
    'another scheme': `Basic ${Buffer.from('admin@example.com:Cockpit-admin-1').toString('base64')}`,
    'the session cookie value as token': 'Bearer cockpit.session_token',
  });

  for (const route of protectedRoutes) {
    it(`${route.method} ${route.url} answers 401 without a valid bearer token`, async () => {
      for (const [label, authorization] of Object.entries(badAuthorizations())) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: authorization ? { authorization } : {},
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(response.statusCode, label).toBe(401);
        expect(apiErrorSchema.parse(response.json()).error.code, label).toBe('UNAUTHORIZED');
      }
    });

    it(`${route.method} ${route.url} accepts the client's query parameters and body fields`, async () => {
      const response = await t.app.inject({
        method: route.method,
        url: `${route.url}?${clientQuery}`,
        headers: { authorization: `Bearer ${validToken}` },
        ...(route.payload ? { payload: { ...route.payload, ...clientBody } } : {}),
      });
      expect(response.statusCode).toBe(200);
    });

    it(`${route.method} ${route.url} rejects unknown query parameters with 400 naming them`, async () => {
      const response = await t.app.inject({
        method: route.method,
        url: `${route.url}?${clientQuery}&surprise=1`,
        headers: { authorization: `Bearer ${validToken}` },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain('surprise');
    });
  }

  it('keeps the session cookie out of bearer-protected routes', async () => {
    const cookie = await t.signIn(demoUsers.admin);
    const response = await t.app.inject({ method: 'GET', url: apiPaths.userSettings, headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });
});

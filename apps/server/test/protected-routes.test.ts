import { apiDocsPath, apiErrorSchema, apiRoutes, authApiPrefix, publicApiPaths } from '@cockpit/contracts';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

/**
 * The token rules in depth on a sample of bearer-protected routes; every registered route is covered by
 * authorization-table.test.ts. A route the contracts do not protect with a bearer token must be named in
 * `notBearerProtected`, so making a route public is a decision this file sees (decision 025).
 */
const protectedRoutes: { method: 'GET' | 'PUT'; url: string; payload?: object }[] = [
  { method: 'GET', url: apiRoutes.getUserSettings.path },
  { method: 'GET', url: apiRoutes.getAppConfig.path },
  { method: 'GET', url: apiRoutes.getMenu.path },
  {
    method: 'PUT',
    url: apiRoutes.updatePin.path,
    payload: { kind: 'report', name: 'totalviewlayout', isPinned: true },
  },
  { method: 'GET', url: apiRoutes.getDashboardsAvailability.path },
  { method: 'GET', url: apiRoutes.listSessions.path },
  { method: 'GET', url: apiRoutes.getFavorites.path },
  { method: 'GET', url: apiRoutes.listRecents.path },
  { method: 'GET', url: apiRoutes.getFeatured.path },
  { method: 'GET', url: apiRoutes.listOlderNotifications.path },
];
const notBearerProtected = new Set<string>([
  ...publicApiPaths,
  authApiPrefix,
  // The auth library's routes authenticate with its session cookie (docs/product.md §D.3).
  ...Object.values(apiRoutes)
    .filter((route) => route.path.startsWith(`${authApiPrefix}/`))
    .map((route) => route.path),
  apiDocsPath,
  // Ending a session would end the token this file uses: covered by authorization-table.test.ts (decision 009).
  apiRoutes.endSession.path,
  // A stream never ends for `inject`, and `:uid` needs a real notification: covered by notifications.test.ts
  // (401 without a token, real streams) and authorization-table.test.ts (live notifications).
  apiRoutes.streamNotifications.path,
  apiRoutes.updateNotification.path,
  apiRoutes.listSentNotifications.path,
  // A successful call would change the demo password (and answers 204): 401 and input checks are in
  // user-settings.test.ts (navigation shell).
  apiRoutes.changePassword.path,
]);

/** What the web client adds to every call (docs/product.md §7). */
const clientQuery =
  'useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=de-DE&cultureName=de-DE';
const clientBody = {
  useBackendTranslation: false,
  isoLanguageName: 'de-DE',
  cultureName: 'de-DE',
  currencySymbol: '€',
};

describe('route classification', () => {
  it('names every route the contracts do not protect with a bearer token', () => {
    const routes = Object.values(apiRoutes);
    const unprotected = routes.filter((route) => route.security !== 'bearer').map((route) => route.path);
    expect(unprotected.filter((path) => !notBearerProtected.has(path))).toEqual([]);
    const bearer = new Set<string>(
      routes.filter((route) => route.security === 'bearer').map((route) => route.path),
    );
    expect(protectedRoutes.filter((route) => !bearer.has(route.url))).toEqual([]);
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
    const response = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(401);
  });
});

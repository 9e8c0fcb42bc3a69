import { apiRoutes, pathOf, type SignInSettings, singleSignOnCallbackPath } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, userAttributes } from '../src/db/core-tables';
import { buildTestApp, demoUsers, testDrivers, type TestApp } from './helpers/build-test-app';
import { fakeNameResolver } from './helpers/fake-name-resolver';
import {
  type OidcTestProvider,
  startOidcTestProvider,
  walkProviderPages,
} from './helpers/oidc-test-provider';

// User attributes from single-sign-on claims (decision 027) against a real OpenID provider on a loopback
// port: the organisation maps claims to attribute keys; each sign-in replaces those keys from the ID
// token (a missing claim removes its key), recorded in from_single_sign_on; keys set by hand stay.

const domain = 'sso-attributes.example';
const email = `erika@${domain}`;

describe.each(testDrivers())('user attributes from single sign-on (%s)', (driver) => {
  let t: TestApp;
  let idp: OidcTestProvider;
  const dns = fakeNameResolver();

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: [domain],
    newUserRoleKey: 'organisationmember',
    newUserSubscription: 'pro',
    requireSingleSignOn: false,
    breakGlassUserId: null,
    ...overrides,
  });
  const putSettings = async (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: apiRoutes.getSignInSettings.path,
      headers: await t.bearer(demoUsers.admin),
      payload: body,
    });
  const getSettings = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: apiRoutes.getSignInSettings.path,
        headers: await t.bearer(demoUsers.admin),
      })
    ).json<SignInSettings>();

  async function signIn() {
    const started = await t.app.inject({
      method: 'POST',
      url: apiRoutes.startSingleSignOn.path,
      headers: { origin: t.origin },
      payload: { email },
    });
    expect(started.statusCode, started.body).toBe(200);
    const stateCookie = started.cookies.find((cookie) => cookie.name.endsWith('sso_state'))!;
    const back = await walkProviderPages(started.json<{ url: string }>().url, { login: 'erika' });
    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${stateCookie.name}=${stateCookie.value}` },
    });
    expect(response.statusCode).toBe(302);
    expect(new URL(response.headers.location as string).pathname).toBe('/');
  }
  const storedOf = async () => {
    const [row] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const [stored] = await t.app.db.select().from(userAttributes).where(eq(userAttributes.userId, row!.id));
    return { userId: row!.id, attributes: stored?.attributes, fromSingleSignOn: stored?.fromSingleSignOn };
  };

  beforeAll(async () => {
    idp = await startOidcTestProvider({ redirectUris: [`http://localhost:3000${singleSignOnCallbackPath}`] });
    t = await buildTestApp(driver, { realSignIn: true, nameResolver: dns });
    const saved = await putSettings(settingsBody({ attributeClaims: { region: 'region', team: 'groups' } }));
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await getSettings();
    dns.txtRecords.set(`${settings.domainProof.recordPrefix}.${domain}`, [settings.domainProof.recordValue]);
    const verified = await t.app.inject({
      method: 'POST',
      url: pathOf(apiRoutes.verifySignInDomain, { domain }),
      headers: await t.bearer(demoUsers.admin),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('stores the mapping with the provider and keeps it when a save leaves it out', async () => {
    expect((await getSettings()).provider?.attributeClaims).toEqual({ region: 'region', team: 'groups' });
    expect((await putSettings(settingsBody({ clientSecret: '' }))).statusCode).toBe(200);
    expect((await getSettings()).provider?.attributeClaims).toEqual({ region: 'region', team: 'groups' });
    const invalid = await putSettings(settingsBody({ attributeClaims: { 'bad key': 'region' } }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain('attributeClaims');
  });

  it('sets the mapped attributes at each sign-in, keeps manual keys, removes a key whose claim is gone', async () => {
    idp.accounts.set('erika', {
      email,
      email_verified: true,
      name: 'Erika SSO',
      region: 'North',
      groups: ['Sales', 'Support'],
    });
    await signIn();
    let stored = await storedOf();
    expect(stored.attributes).toEqual({ region: ['North'], team: ['Sales', 'Support'] });
    expect(stored.fromSingleSignOn).toEqual(['region', 'team']);

    // An administrator adds a key of their own; the provider's keys cannot be set by hand.
    const headers = await t.bearer(demoUsers.admin);
    const manual = await t.app.inject({
      method: 'PATCH',
      url: pathOf(apiRoutes.updateUser, { id: stored.userId }),
      headers,
      payload: { attributes: { cost_centre: ['4711'] } },
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().attributesFromSingleSignOn).toEqual(['region', 'team']);
    const byHand = await t.app.inject({
      method: 'PATCH',
      url: pathOf(apiRoutes.updateUser, { id: stored.userId }),
      headers,
      payload: { attributes: { region: ['South'] } },
    });
    expect(byHand.statusCode).toBe(400);

    // The directory changes: a new region, no groups any more.
    idp.accounts.set('erika', { email, email_verified: true, name: 'Erika SSO', region: 'West' });
    await signIn();
    stored = await storedOf();
    expect(stored.attributes).toEqual({ cost_centre: ['4711'], region: ['West'] });
    expect(stored.fromSingleSignOn).toEqual(['region']);
  });
});

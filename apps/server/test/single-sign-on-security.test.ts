import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ActivityResponse,
  apiRoutes,
  errorCodes,
  pathOf,
  type SignInSettings,
  singleSignOnCallbackPath,
} from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { session, user } from '../src/db/core-tables';
import { ssoProviders } from '../src/features/single-sign-on/single-sign-on-schema';
import {
  buildTestApp,
  demoUsers,
  integrityHeader,
  testDrivers,
  type TestApp,
} from './helpers/build-test-app';
import { fakeNameResolver } from './helpers/fake-name-resolver';
import {
  type OidcTestProvider,
  startOidcTestProvider,
  walkProviderPages,
} from './helpers/oidc-test-provider';

// Single sign-on (decision 020) against what an attacker with an administrator account of one
// organisation would try: a provider whose discovery document points the server at internal addresses,
// claiming another organisation's (or a public mail service's) e-mail domain, sending the stored client
// secret to another issuer — and the break-glass exemption and password sessions around "require single
// sign-on".

const domain = 'claimed.example';
const unproven = 'unproven.example';
type ErrorAnswer = { error: { code: string; message: string } };

describe.each(testDrivers())('single sign-on under attack (%s)', (driver) => {
  let t: TestApp;
  let idp: OidcTestProvider;
  let exampleOrganisationId: string;
  let adminId: string;
  const dns = fakeNameResolver();

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: [domain],
    newUserRoleKey: 'organisationmember',
    newUserSubscription: 'basic',
    requireSingleSignOn: false,
    breakGlassUserId: null,
    ...overrides,
  });

  async function putSettings(email: string, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'PUT',
      url: apiRoutes.saveSignInSettings.path,
      headers: await t.bearer(email),
      payload: body,
    });
  }

  async function settingsOf(email: string): Promise<SignInSettings> {
    const response = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getSignInSettings.path,
      headers: await t.bearer(email),
    });
    return response.json<SignInSettings>();
  }

  async function verify(email: string, claimed: string) {
    return t.app.inject({
      method: 'POST',
      url: pathOf(apiRoutes.verifySignInDomain, { domain: claimed }),
      headers: await t.bearer(email),
    });
  }

  /** Publishes `email`'s organisation's TXT record for the domain. */
  async function publishProof(email: string, claimed: string) {
    const { domainProof } = await settingsOf(email);
    dns.txtRecords.set(`${domainProof.recordPrefix}.${claimed}`, [domainProof.recordValue]);
  }

  async function start(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.startSingleSignOn.path,
      headers: { origin: t.origin },
      payload: { email },
    });
    const stateCookie = response.cookies.find((cookie) => cookie.name.endsWith('sso_state'));
    return {
      status: response.statusCode,
      url: response.statusCode === 200 ? response.json<{ url: string }>().url : '',
      cookie: stateCookie ? `${stateCookie.name}=${stateCookie.value}` : '',
    };
  }

  /** Through the provider's pages and back: the login screen's error, or the session cookie. */
  async function signInWithProvider(email: string, login: string) {
    const started = await start(email);
    expect(started.status).toBe(200);
    const back = await walkProviderPages(started.url, { login });
    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: started.cookie },
    });
    const sessionCookie = response.cookies.find((c) => c.name.endsWith('session_token') && c.value !== '');
    return {
      error: new URL(response.headers.location as string).searchParams.get('ssoError'),
      cookie: sessionCookie ? `${sessionCookie.name}=${sessionCookie.value}` : null,
    };
  }

  async function passwordSignIn(email: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
      payload: { email, password },
    });
  }

  async function tokenStatus(cookie: string) {
    return (await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } }))
      .statusCode;
  }

  async function signInActivity(email: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.listActivity.path}?kind=sign-in`,
      headers: await t.bearer(email),
    });
    expect(response.statusCode).toBe(200);
    return response.json<ActivityResponse>().items;
  }

  beforeAll(async () => {
    idp = await startOidcTestProvider({ redirectUris: [`http://localhost:3000${singleSignOnCallbackPath}`] });
    t = await buildTestApp(driver, { realSignIn: true, nameResolver: dns });
    const [admin] = await t.app.db.select().from(user).where(eq(user.email, demoUsers.admin));
    adminId = admin!.id;
    exampleOrganisationId = admin!.organisationId;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  describe('the address rule covers the issuer and every endpoint of its document', () => {
    let tampered: http.Server;
    let base: string;
    /** The document's fields the next request serves over the real provider's. */
    let overrides: Record<string, unknown> = {};

    beforeAll(async () => {
      // A provider of the attacker's on this machine: the real provider's document with some endpoints
      // pointed elsewhere.
      tampered = http.createServer((request, response) => {
        void fetch(`${idp.issuer}/.well-known/openid-configuration`)
          .then((answer) => answer.json() as Promise<Record<string, unknown>>)
          .then((document) => {
            response.setHeader('content-type', 'application/json');
            response.end(JSON.stringify({ ...document, issuer: base, ...overrides }));
          });
      });
      await new Promise<void>((resolve) => tampered.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(tampered.address() as AddressInfo).port}`;
      dns.hosts.set('metadata.example.com', ['169.254.169.254']);
      dns.hosts.set('tokens.example.com', ['93.184.216.34']);
    });
    afterAll(() => void tampered.close());

    it.each([
      ['token_endpoint', 'http://10.0.0.5/token'],
      ['token_endpoint', 'http://192.168.1.10:8080/token'],
      ['jwks_uri', 'http://169.254.169.254/latest/meta-data'],
      ['jwks_uri', 'http://metadata.example.com/keys'],
      ['userinfo_endpoint', 'http://[::ffff:10.0.0.1]/me'],
      // The loopback issuer's permission for plain http does not reach another host, public or not.
      ['token_endpoint', 'http://tokens.example.com/token'],
      ['token_endpoint', 'https://tokens.example.com/token'],
      ['revocation_endpoint', 'http://100.64.0.1/revoke'],
    ])('refuses a document whose %s is %s', async (field, url) => {
      overrides = { [field]: url };
      const response = await putSettings(demoUsers.admin, settingsBody({ issuerUrl: base }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ErrorAnswer>().error.message).toMatch(new RegExp(`^issuerUrl: .*${field}`));
      const rows = await t.app.db
        .select()
        .from(ssoProviders)
        .where(eq(ssoProviders.organisationId, exampleOrganisationId));
      expect(rows.every((row) => row.issuerUrl !== base)).toBe(true);
    });

    it('refuses issuers at 0.0.0.0 and [::], which reach this machine too', async () => {
      const port = new URL(base).port;
      for (const issuerUrl of [`http://0.0.0.0:${port}`, `http://[::]:${port}`]) {
        const response = await putSettings(demoUsers.admin, settingsBody({ issuerUrl }));
        expect(response.statusCode, issuerUrl).toBe(400);
        expect(response.json<ErrorAnswer>().error.message).toMatch(/^issuerUrl: .*unspecified/);
      }
    });

    it('accepts a provider on this machine whose endpoints are all loopback (outside production)', async () => {
      overrides = {};
      const response = await putSettings(demoUsers.admin, settingsBody({ issuerUrl: base }));
      expect(response.statusCode, response.body).toBe(200);
      // Back to the real provider for what follows.
      const back = await putSettings(demoUsers.admin, settingsBody());
      expect(back.statusCode, back.body).toBe(200);
    });
  });

  describe('e-mail domains route sign-ins only once proven', () => {
    it("an unproven claim routes nobody and blocks nobody; only the DNS record's organisation proves it", async () => {
      // Beispiel AG claims the domain first…
      const squatted = await putSettings(demoUsers.beispielAdmin, settingsBody());
      expect(squatted.statusCode, squatted.body).toBe(200);
      expect((await settingsOf(demoUsers.beispielAdmin)).provider?.domains).toEqual([
        { domain, verified: false },
      ]);
      expect((await start(`someone@${domain}`)).status).toBe(404);

      // …the rightful organisation still saves it (no 409) and proves it with its TXT record.
      const saved = await putSettings(demoUsers.admin, settingsBody());
      expect(saved.statusCode, saved.body).toBe(200);
      const notYet = await verify(demoUsers.admin, domain);
      expect(notYet.statusCode).toBe(400);
      expect(notYet.json<ErrorAnswer>().error.code).toBe(errorCodes.domainNotProven);
      await publishProof(demoUsers.admin, domain);
      // The record names Demo GmbH's value: it proves nothing for Beispiel AG.
      const foreign = await verify(demoUsers.beispielAdmin, domain);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json<ErrorAnswer>().error.code).toBe(errorCodes.domainNotProven);
      const proven = await verify(demoUsers.admin, domain);
      expect(proven.statusCode, proven.body).toBe(200);
      expect(proven.json<SignInSettings>().provider?.domains).toEqual([{ domain, verified: true }]);

      // Now it routes to Demo GmbH's provider, and Beispiel AG can neither prove nor save it.
      expect((await start(`someone@${domain}`)).status).toBe(200);
      await publishProof(demoUsers.beispielAdmin, domain);
      const late = await verify(demoUsers.beispielAdmin, domain);
      expect(late.statusCode).toBe(409);
      const again = await putSettings(
        demoUsers.beispielAdmin,
        settingsBody({ clientSecret: idp.clientSecret }),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorAnswer>().error.message).toContain(domain);
      await publishProof(demoUsers.admin, domain);
    });

    it('refuses public mail domains and domains where other organisations have users', async () => {
      for (const publicDomain of ['gmail.com', 'outlook.com', 'web.de', 'mail.gmx.de']) {
        const response = await putSettings(
          demoUsers.admin,
          settingsBody({ domains: [domain, publicDomain] }),
        );
        expect(response.statusCode, publicDomain).toBe(400);
        expect(response.json<ErrorAnswer>().error.code).toBe(errorCodes.publicMailDomain);
      }
      // Beispiel AG's people have addresses at beispiel.example.
      const used = await putSettings(
        demoUsers.admin,
        settingsBody({ domains: [domain, 'beispiel.example'] }),
      );
      expect(used.statusCode).toBe(409);
      expect(used.json<ErrorAnswer>().error.code).toBe(errorCodes.domainInUse);
      expect((await settingsOf(demoUsers.admin)).provider?.domains).toEqual([{ domain, verified: true }]);
    });

    it('creates no account and links nobody through an unproven domain of the same provider', async () => {
      const saved = await putSettings(demoUsers.admin, settingsBody({ domains: [domain, unproven] }));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<SignInSettings>().provider?.domains).toEqual([
        { domain, verified: true }, // kept its proof
        { domain: unproven, verified: false },
      ]);
      expect((await start(`someone@${unproven}`)).status).toBe(404);
      idp.accounts.set('stranger', { email: `stranger@${unproven}`, email_verified: true });
      const result = await signInWithProvider(`someone@${domain}`, 'stranger');
      expect(result.error).toBe('wrong_organisation');
      expect(result.cookie).toBeNull();
      expect(
        await t.app.db
          .select()
          .from(user)
          .where(eq(user.email, `stranger@${unproven}`)),
      ).toHaveLength(0);
    });
  });

  describe('the stored client secret stays with its issuer and client', () => {
    it('asks for the secret again when the issuer URL or the client ID changes', async () => {
      const otherIssuer = await putSettings(
        demoUsers.admin,
        settingsBody({ issuerUrl: 'https://login.example.com/realms/other', clientSecret: '' }),
      );
      expect(otherIssuer.statusCode).toBe(400);
      expect(otherIssuer.json<ErrorAnswer>().error.message).toMatch(/^clientSecret: .*again/);
      const otherClient = await putSettings(demoUsers.admin, settingsBody({ clientId: 'another-client' }));
      // settingsBody carries the secret: only an omitted one is refused.
      expect(otherClient.statusCode, otherClient.body).toBe(200);
      const omitted = await putSettings(demoUsers.admin, settingsBody({ clientSecret: undefined }));
      expect(omitted.statusCode).toBe(400);
      expect(omitted.json<ErrorAnswer>().error.message).toMatch(/^clientSecret: /);
      // Unchanged issuer and client: the stored secret is kept.
      const restored = await putSettings(demoUsers.admin, settingsBody());
      expect(restored.statusCode).toBe(200);
      const kept = await putSettings(demoUsers.admin, settingsBody({ clientSecret: undefined }));
      expect(kept.statusCode, kept.body).toBe(200);
    });

    it("records every change in management's Activity, for the own organisation only", async () => {
      const ours = await signInActivity(demoUsers.admin);
      expect(ours.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['sign-in.settings-changed', 'sign-in.domain-verified']),
      );
      expect(ours.every((entry) => entry.kind === 'sign-in')).toBe(true);
      expect(ours.find((entry) => entry.action === 'sign-in.domain-verified')?.target).toBe(domain);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: apiRoutes.removeSignInSettings.path,
        headers: await t.bearer(demoUsers.beispielAdmin),
      });
      expect(removed.statusCode).toBe(200);
      const theirs = await signInActivity(demoUsers.beispielAdmin);
      expect(theirs[0]).toMatchObject({ action: 'sign-in.settings-removed', target: idp.issuer });
      expect(theirs.some((entry) => entry.action === 'sign-in.domain-verified')).toBe(false);
    });
  });

  describe('"require single sign-on"', () => {
    const glass = { email: 'glass@example.com', password: 'Break-glass-admin-1' };
    let glassId: string;

    beforeAll(async () => {
      glassId = (await createUserWithPassword(t.app.db, {
        name: 'Break Glass',
        email: glass.email,
        password: glass.password,
        organisationId: exampleOrganisationId,
        roleKey: 'organisationadministrator',
        subscription: 'pro',
      }))!;
    });

    it("ends the organisation's other password sessions when turned on, not single sign-on ones", async () => {
      const memberCookie = await t.signIn(demoUsers.member);
      const basicCookie = await t.signIn(demoUsers.basic);
      const glassCookie = await t.signIn(glass.email, glass.password);
      const beispielCookie = await t.signIn(demoUsers.beispielAdmin);
      idp.accounts.set('sso-person', { email: `person@${domain}`, email_verified: true });
      const sso = await signInWithProvider(`person@${domain}`, 'sso-person');
      expect(sso.cookie).not.toBeNull();
      expect(await tokenStatus(memberCookie)).toBe(200);

      const saved = await putSettings(
        demoUsers.admin,
        settingsBody({ requireSingleSignOn: true, breakGlassUserId: glassId }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await tokenStatus(memberCookie)).toBe(401);
      expect(await tokenStatus(basicCookie)).toBe(401);
      expect(await tokenStatus(sso.cookie!)).toBe(200);
      expect(await tokenStatus(glassCookie)).toBe(200);
      expect(await tokenStatus(beispielCookie)).toBe(200);
      // The administrator who turned it on keeps the session the change was made in.
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: apiRoutes.getSignInSettings.path,
            headers: await t.bearer(demoUsers.admin),
          })
        ).statusCode,
      ).toBe(200);
      const [member] = await t.app.db.select().from(user).where(eq(user.email, demoUsers.member));
      expect(await t.app.db.select().from(session).where(eq(session.userId, member!.id))).toHaveLength(0);
    });

    it('exempts the break-glass administrator only while an active administrator', async () => {
      expect((await passwordSignIn(glass.email, glass.password)).statusCode).toBe(200);
      const demoted = await t.app.inject({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateUser, { id: glassId }),
        headers: await t.bearer(demoUsers.admin),
        payload: { roleKey: 'organisationmember' },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      expect((await settingsOf(demoUsers.admin)).provider?.breakGlassUserId).toBeNull();
      const refused = await passwordSignIn(glass.email, glass.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorAnswer>().error.code).toBe(errorCodes.singleSignOnRequired);

      // Promoted again, the exemption does not come back by itself…
      await t.app.inject({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateUser, { id: glassId }),
        headers: await t.bearer(demoUsers.admin),
        payload: { roleKey: 'organisationadministrator' },
      });
      expect((await passwordSignIn(glass.email, glass.password)).statusCode).toBe(403);
      // …an administrator chooses it again; deactivating the user ends it once more.
      const chosen = await putSettings(
        demoUsers.admin,
        settingsBody({ requireSingleSignOn: true, breakGlassUserId: glassId }),
      );
      expect(chosen.statusCode, chosen.body).toBe(200);
      const deactivated = await t.app.inject({
        method: 'POST',
        url: pathOf(apiRoutes.deactivateUser, { id: glassId }),
        headers: await t.bearer(demoUsers.admin),
        payload: {},
      });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      expect((await settingsOf(demoUsers.admin)).provider?.breakGlassUserId).toBeNull();
      const [row] = await t.app.db
        .select({ breakGlassUserId: ssoProviders.breakGlassUserId })
        .from(ssoProviders)
        .where(eq(ssoProviders.organisationId, exampleOrganisationId));
      expect(row!.breakGlassUserId).toBeNull();
    });

    it('checks at each sign-in that the break-glass user is an active administrator', async () => {
      // Even a row that still names a demoted user (written before the database cleared it) exempts nobody.
      await t.app.db
        .update(user)
        .set({ active: true, roleKey: 'organisationmember' })
        .where(eq(user.id, glassId));
      await t.app.db
        .update(ssoProviders)
        .set({ breakGlassUserId: glassId })
        .where(eq(ssoProviders.organisationId, exampleOrganisationId));
      expect((await passwordSignIn(glass.email, glass.password)).statusCode).toBe(403);
      await t.app.db.update(user).set({ roleKey: 'organisationadministrator' }).where(eq(user.id, glassId));
      await t.app.db
        .update(ssoProviders)
        .set({ breakGlassUserId: glassId })
        .where(eq(ssoProviders.organisationId, exampleOrganisationId));
      expect((await passwordSignIn(glass.email, glass.password)).statusCode).toBe(200);
      expect(adminId).not.toBe(glassId);
    });
  });
});

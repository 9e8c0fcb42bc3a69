import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiRoutes,
  errorCodes,
  pathOf,
  type SignInSettings,
  singleSignOnAccountPrefix,
  singleSignOnCallbackPath,
} from '@cockpit/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user, verification } from '../src/db/core-tables';
import { ssoProviders } from '../src/features/single-sign-on/single-sign-on-schema';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
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

// Single sign-on (decision 020) against a real OpenID provider on a loopback port: the full code flow,
// just-in-time users, linking by verified e-mail only, tampering, organisations kept apart, "require
// single sign-on", and the client secret never leaving the server.

const domain = 'sso.example';
const otherDomain = 'beispiel-sso.example';

describe.each(testDrivers())('single sign-on (%s)', (driver) => {
  let t: TestApp;
  let idp: OidcTestProvider;
  const logLines: string[] = [];
  let adminId: string;
  let exampleOrganisationId: string;
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

  async function putSettings(email: string, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'PUT',
      url: apiRoutes.getSignInSettings.path,
      headers: await t.bearer(email),
      payload: body,
    });
  }

  /** The administrator proves a claimed domain: the DNS TXT record the settings name, then "Verify". */
  async function proveDomain(email: string, claimed: string) {
    const headers = await t.bearer(email);
    const settings = (
      await t.app.inject({ method: 'GET', url: apiRoutes.getSignInSettings.path, headers })
    ).json<SignInSettings>();
    dns.txtRecords.set(`${settings.domainProof.recordPrefix}.${claimed}`, [settings.domainProof.recordValue]);
    const verified = await t.app.inject({
      method: 'POST',
      url: pathOf(apiRoutes.verifySignInDomain, { domain: claimed }),
      headers,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  /** The login screen's "sign in with your organisation" up to the provider: its URL and the state cookie. */
  async function start(email: string, redirectTo?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.startSingleSignOn.path,
      headers: { origin: t.origin },
      payload: { email, ...(redirectTo ? { redirectTo } : {}) },
    });
    const stateCookie = response.cookies.find((cookie) => cookie.name.endsWith('sso_state'));
    return {
      response,
      url: response.statusCode === 200 ? response.json<{ url: string }>().url : '',
      cookie: stateCookie ? `${stateCookie.name}=${stateCookie.value}` : '',
    };
  }

  /** Back at the app with the provider's answer, as the browser would arrive (with its state cookie). */
  async function callback(callbackUrl: URL, cookie: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: cookie ? { cookie } : {},
    });
    const sessionCookie = response.cookies.find((c) => c.name.endsWith('session_token') && c.value !== '');
    return {
      status: response.statusCode,
      location: new URL(response.headers.location as string),
      sessionCookie: sessionCookie ? `${sessionCookie.name}=${sessionCookie.value}` : null,
    };
  }

  /** The whole journey: start, the provider's pages, back. */
  async function signInWithProvider(email: string, login: string | null, redirectTo?: string) {
    const started = await start(email, redirectTo);
    expect(started.response.statusCode).toBe(200);
    const back = await walkProviderPages(started.url, { login });
    return callback(back, started.cookie);
  }

  async function whoIs(sessionCookie: string) {
    const token = (
      await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie: sessionCookie } })
    ).json<{ token: string }>().token;
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
    };
  }

  beforeAll(async () => {
    idp = await startOidcTestProvider({ redirectUris: [`http://localhost:3000${singleSignOnCallbackPath}`] });
    t = await buildTestApp(driver, {
      realSignIn: true,
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void logLines.push(line) },
      nameResolver: dns,
    });
    const [admin] = await t.app.db.select().from(user).where(eq(user.email, demoUsers.admin));
    adminId = admin!.id;
    exampleOrganisationId = admin!.organisationId;
    const saved = await putSettings(demoUsers.admin, settingsBody());
    expect(saved.statusCode, saved.body).toBe(200);
    await proveDomain(demoUsers.admin, domain);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  describe('management → Sign-in', () => {
    it('shows the provider without its secret, and the redirect URI to register', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getSignInSettings.path,
        headers: await t.bearer(demoUsers.admin),
      });
      expect(response.statusCode).toBe(200);
      const settings = response.json<SignInSettings>();
      expect(settings.provider).toMatchObject({
        issuerUrl: idp.issuer,
        clientId: idp.clientId,
        hasClientSecret: true,
        domains: [{ domain, verified: true }],
        newUserSubscription: 'pro',
      });
      expect(settings.redirectUri).toBe(`http://localhost:3000${singleSignOnCallbackPath}`);
      expect(settings.administrators.map((a) => a.email)).toContain(demoUsers.admin);
      expect(response.body).not.toContain(idp.clientSecret);
      expect(Object.keys(settings.provider!)).not.toContain('clientSecret');
    });

    it('stores the client secret encrypted, never as plain text', async () => {
      const [row] = await t.app.db
        .select()
        .from(ssoProviders)
        .where(eq(ssoProviders.organisationId, exampleOrganisationId));
      expect(row!.clientSecretEncrypted).not.toBe(idp.clientSecret);
      expect(row!.clientSecretEncrypted).not.toContain(idp.clientSecret);
      expect(row!.clientSecretEncrypted).toMatch(/^v1\./);
    });

    it('keeps the stored secret when none is typed, and needs one when none is stored', async () => {
      const kept = await putSettings(demoUsers.admin, settingsBody({ clientSecret: '' }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.body).not.toContain(idp.clientSecret);
      const missing = await putSettings(
        demoUsers.beispielAdmin,
        settingsBody({ clientSecret: undefined, domains: [otherDomain] }),
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ error: { message: string } }>().error.message).toMatch(/clientSecret/);
    });

    it('refuses a plain-http issuer that is not a loopback address', async () => {
      const response = await putSettings(
        demoUsers.admin,
        settingsBody({ issuerUrl: 'http://idp.example.com' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(/issuerUrl.*https/);
    });

    it('refuses an issuer whose discovery document is missing, bad or for another issuer', async () => {
      const bad = http.createServer((request, response) => {
        response.setHeader('content-type', 'application/json');
        if (request.url?.startsWith('/other'))
          response.end(JSON.stringify({ issuer: 'http://127.0.0.1:1/elsewhere' }));
        else if (request.url?.startsWith('/text')) response.end('not json');
        else {
          response.statusCode = 404;
          response.end('{}');
        }
      });
      await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
      try {
        for (const issuerUrl of [`${base}/other`, `${base}/text`, `${base}/missing`, 'http://127.0.0.1:1']) {
          const response = await putSettings(demoUsers.admin, settingsBody({ issuerUrl }));
          expect(response.statusCode, issuerUrl).toBe(400);
          expect(response.json<{ error: { message: string } }>().error.message).toMatch(/^issuerUrl: /);
        }
      } finally {
        bad.close();
      }
      // Nothing was changed by the refused saves.
      const [row] = await t.app.db
        .select()
        .from(ssoProviders)
        .where(eq(ssoProviders.organisationId, exampleOrganisationId));
      expect(row!.issuerUrl).toBe(idp.issuer);
    });

    it("refuses another organisation's domain with 409", async () => {
      const response = await putSettings(
        demoUsers.beispielAdmin,
        settingsBody({ domains: [domain, otherDomain] }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(domain);
    });

    it('requires a break-glass administrator of the organisation when single sign-on is required', async () => {
      const none = await putSettings(demoUsers.admin, settingsBody({ requireSingleSignOn: true }));
      expect(none.statusCode).toBe(400);
      const [member] = await t.app.db.select().from(user).where(eq(user.email, demoUsers.member));
      const notAdmin = await putSettings(
        demoUsers.admin,
        settingsBody({ requireSingleSignOn: true, breakGlassUserId: member!.id }),
      );
      expect(notAdmin.statusCode).toBe(400);
      const [otherAdmin] = await t.app.db.select().from(user).where(eq(user.email, demoUsers.beispielAdmin));
      const foreign = await putSettings(
        demoUsers.admin,
        settingsBody({ requireSingleSignOn: true, breakGlassUserId: otherAdmin!.id }),
      );
      expect(foreign.statusCode).toBe(400);
    });
  });

  describe('sign-in through the provider', () => {
    it('creates a first-time user in the organisation (just in time) and signs them in', async () => {
      idp.accounts.set('new-person', {
        email: `New.Person@${domain}`,
        email_verified: true,
        name: 'New Person',
      });
      const result = await signInWithProvider(`new.person@${domain}`, 'new-person', '/reports/sales');
      expect(result.status).toBe(302);
      expect(result.location.href).toBe('http://localhost:3000/reports/sales');
      expect(result.sessionCookie).not.toBeNull();
      const claims = await whoIs(result.sessionCookie!);

      const [created] = await t.app.db
        .select()
        .from(user)
        .where(eq(user.email, `new.person@${domain}`));
      expect(created).toMatchObject({
        id: claims.sub,
        name: 'New Person',
        organisationId: exampleOrganisationId,
        roleKey: 'organisationmember',
        subscription: 'pro',
        active: true,
      });
      const accounts = await t.app.db.select().from(account).where(eq(account.userId, created!.id));
      expect(accounts).toHaveLength(1);
      expect(accounts[0]!.providerId.startsWith(singleSignOnAccountPrefix)).toBe(true);
      expect(accounts[0]!.password).toBeNull();
      // The agreed marker for two-factor and password changes (decisions 021, 022).
      const [row] = await t.app.db.select().from(session).where(eq(session.id, claims.sid));
      expect(row!.signInMethod).toBe('sso');

      // The next sign-in finds the same user through the linked account.
      const again = await signInWithProvider(`new.person@${domain}`, 'new-person');
      expect(again.location.href).toBe('http://localhost:3000/');
      expect((await whoIs(again.sessionCookie!)).sub).toBe(created!.id);
      expect(await t.app.db.select().from(user).where(like(user.email, `new.person@%`))).toHaveLength(1);
    });

    it('links an existing user by verified e-mail only', async () => {
      const existingId = await createUserWithPassword(t.app.db, {
        name: 'Existing Person',
        email: `existing@${domain}`,
        password: 'Existing-person-1',
        organisationId: exampleOrganisationId,
        roleKey: 'organisationmember',
        subscription: 'basic',
      });
      idp.accounts.set('existing-unverified', { email: `existing@${domain}`, email_verified: false });
      const refused = await signInWithProvider(`existing@${domain}`, 'existing-unverified');
      expect(refused.location.pathname).toBe('/login');
      expect(refused.location.searchParams.get('ssoError')).toBe('email_not_verified');
      expect(refused.sessionCookie).toBeNull();
      const unlinked = await t.app.db
        .select()
        .from(account)
        .where(
          and(eq(account.userId, existingId!), like(account.providerId, `${singleSignOnAccountPrefix}%`)),
        );
      expect(unlinked).toHaveLength(0);

      idp.accounts.set('existing', { email: `existing@${domain}`, email_verified: true });
      const linked = await signInWithProvider(`existing@${domain}`, 'existing');
      expect(linked.sessionCookie).not.toBeNull();
      expect((await whoIs(linked.sessionCookie!)).sub).toBe(existingId);
      const [kept] = await t.app.db.select().from(user).where(eq(user.id, existingId!));
      expect(kept!.subscription).toBe('basic'); // linking changes nothing about the user
    });

    it('never lands outside the app or on the login screen', async () => {
      // An absolute target is refused by the auth library's origin check before anything starts…
      for (const redirectTo of ['https://evil.example/', '//evil.example/x']) {
        expect((await start(`new.person@${domain}`, redirectTo)).response.statusCode, redirectTo).toBe(403);
      }
      // …and the login screen itself lands on the root.
      for (const redirectTo of ['/login?x=1']) {
        const result = await signInWithProvider(`new.person@${domain}`, 'new-person', redirectTo);
        expect(result.location.href, redirectTo).toBe('http://localhost:3000/');
      }
    });

    it('answers 404 for an e-mail domain without a provider', async () => {
      const { response } = await start('someone@unknown.example');
      expect(response.statusCode).toBe(404);
    });

    it('reports a declined consent (access_denied) on the login screen', async () => {
      const result = await signInWithProvider(`new.person@${domain}`, null);
      expect(result.location.searchParams.get('ssoError')).toBe('access_denied');
      expect(result.sessionCookie).toBeNull();
    });

    it('refuses a deactivated user', async () => {
      idp.accounts.set('gone', { email: `gone@${domain}`, email_verified: true });
      const first = await signInWithProvider(`gone@${domain}`, 'gone');
      const { sub } = await whoIs(first.sessionCookie!);
      await t.app.db.update(user).set({ active: false }).where(eq(user.id, sub));
      const refused = await signInWithProvider(`gone@${domain}`, 'gone');
      expect(refused.location.searchParams.get('ssoError')).toBe('deactivated');
      expect(refused.sessionCookie).toBeNull();
    });

    it('answers 502 when the provider cannot be reached at the start', async () => {
      // A changed provider is discovered afresh (the cache is per saved version).
      await t.app.db
        .update(ssoProviders)
        .set({ updatedAt: new Date() })
        .where(eq(ssoProviders.organisationId, exampleOrganisationId));
      idp.setAvailable(false);
      try {
        const { response, cookie } = await start(`new.person@${domain}`);
        expect(response.statusCode).toBe(502);
        expect(cookie).toBe('');
      } finally {
        idp.setAvailable(true);
      }
      const again = await start(`new.person@${domain}`);
      expect(again.response.statusCode).toBe(200);
      // The client secret travels only from server to provider (client_secret_post), never to the browser.
      expect(again.url).not.toContain(idp.clientSecret);
      expect(again.response.body).not.toContain(idp.clientSecret);
    });

    it('reports an unreachable provider', async () => {
      const started = await start(`new.person@${domain}`);
      const back = await walkProviderPages(started.url, { login: 'new-person' });
      idp.setAvailable(false);
      try {
        const result = await callback(back, started.cookie);
        expect(result.location.searchParams.get('ssoError')).toBe('provider_unavailable');
        expect(result.sessionCookie).toBeNull();
      } finally {
        idp.setAvailable(true);
      }
    });
  });

  describe('tampering is refused', () => {
    it('a changed state, a missing state cookie or a replayed answer', async () => {
      const started = await start(`new.person@${domain}`);
      const back = await walkProviderPages(started.url, { login: 'new-person' });
      const changed = new URL(back);
      changed.searchParams.set('state', `${back.searchParams.get('state')}x`);
      for (const [url, cookie] of [
        [changed, started.cookie],
        [back, ''],
      ] as const) {
        const result = await callback(url, cookie);
        expect(result.location.searchParams.get('ssoError')).toBe('invalid_response');
        expect(result.sessionCookie).toBeNull();
      }
      const used = await callback(back, started.cookie);
      expect(used.sessionCookie).not.toBeNull();
      const replayed = await callback(back, started.cookie);
      expect(replayed.location.searchParams.get('ssoError')).toBe('invalid_response');
      expect(replayed.sessionCookie).toBeNull();
    });

    it.each(['codeVerifier', 'nonce'] as const)('a changed PKCE verifier or nonce (%s)', async (field) => {
      const started = await start(`new.person@${domain}`);
      const state = new URL(started.url).searchParams.get('state')!;
      const identifier = `sso-state:${state}`;
      const [row] = await t.app.db.select().from(verification).where(eq(verification.identifier, identifier));
      const pending = JSON.parse(row!.value) as Record<string, string>;
      pending[field] = 'tampered-value-that-is-long-enough-to-be-a-pkce-verifier-0123456789';
      await t.app.db
        .update(verification)
        .set({ value: JSON.stringify(pending) })
        .where(eq(verification.identifier, identifier));
      const back = await walkProviderPages(started.url, { login: 'new-person' });
      const result = await callback(back, started.cookie);
      expect(result.location.searchParams.get('ssoError')).toBe('invalid_response');
      expect(result.sessionCookie).toBeNull();
    });
  });

  describe('organisations are kept apart', () => {
    it('a provider of another organisation cannot sign users into this one', async () => {
      // Beispiel AG registers the same identity service for its own domain.
      const saved = await putSettings(demoUsers.beispielAdmin, settingsBody({ domains: [otherDomain] }));
      expect(saved.statusCode, saved.body).toBe(200);
      await proveDomain(demoUsers.beispielAdmin, otherDomain);
      // A user of the example organisation whose address is in Beispiel's domain…
      const victimId = await createUserWithPassword(t.app.db, {
        name: 'Victim',
        email: `victim@${otherDomain}`,
        password: 'Victim-person-1',
        organisationId: exampleOrganisationId,
        roleKey: 'organisationadministrator',
        subscription: 'pro',
      });
      idp.accounts.set('victim', { email: `victim@${otherDomain}`, email_verified: true });
      const refused = await signInWithProvider(`victim@${otherDomain}`, 'victim');
      expect(refused.location.searchParams.get('ssoError')).toBe('wrong_organisation');
      expect(refused.sessionCookie).toBeNull();
      const links = await t.app.db.select().from(account).where(eq(account.userId, victimId!));
      expect(links.every((link) => !link.providerId.startsWith(singleSignOnAccountPrefix))).toBe(true);

      // …and an address of this organisation's domain asserted through Beispiel's registration.
      idp.accounts.set('smuggled', { email: `new.person@${domain}`, email_verified: true });
      const smuggled = await signInWithProvider(`someone@${otherDomain}`, 'smuggled');
      expect(smuggled.location.searchParams.get('ssoError')).toBe('wrong_organisation');
      expect(smuggled.sessionCookie).toBeNull();
    });

    it("each administrator sees only their own organisation's provider", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getSignInSettings.path,
        headers: await t.bearer(demoUsers.beispielAdmin),
      });
      const settings = response.json<SignInSettings>();
      expect(settings.provider?.domains).toEqual([{ domain: otherDomain, verified: true }]);
      expect(settings.administrators.map((a) => a.email)).not.toContain(demoUsers.admin);
    });
  });

  describe('"require single sign-on"', () => {
    async function passwordSignIn(email: string, password: string) {
      return t.app.inject({
        method: 'POST',
        url: apiRoutes.signInWithEmail.path,
        headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
        payload: { email, password },
      });
    }

    it('refuses password sign-in except for the break-glass administrator', async () => {
      const saved = await putSettings(
        demoUsers.admin,
        settingsBody({ requireSingleSignOn: true, breakGlassUserId: adminId }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      try {
        const member = await passwordSignIn(demoUsers.member, 'Cockpit-member-1');
        expect(member.statusCode).toBe(403);
        expect(member.json<{ error: { code: string } }>().error.code).toBe(errorCodes.singleSignOnRequired);
        expect(member.cookies.filter((c) => c.name.endsWith('session_token') && c.value !== '')).toHaveLength(
          0,
        );
        // A wrong password learns nothing about the organisation's rule.
        const wrong = await passwordSignIn(demoUsers.member, 'Not-the-password-1');
        expect(wrong.statusCode).toBe(401);
        const admin = await passwordSignIn(demoUsers.admin, 'Cockpit-admin-1');
        expect(admin.statusCode).toBe(200);
        // Another organisation's users are not affected.
        const other = await passwordSignIn(demoUsers.beispielAdmin, 'Beispiel-admin-1');
        expect(other.statusCode).toBe(200);
        // Single sign-on still works for everyone.
        const sso = await signInWithProvider(`new.person@${domain}`, 'new-person');
        expect(sso.sessionCookie).not.toBeNull();
      } finally {
        await putSettings(demoUsers.admin, settingsBody());
      }
      expect((await passwordSignIn(demoUsers.member, 'Cockpit-member-1')).statusCode).toBe(200);
    });
  });

  it('never writes the client secret (or a token) into a log line', () => {
    const everything = logLines.join('\n');
    expect(logLines.some((line) => line.includes('auth.sso.success'))).toBe(true);
    expect(logLines.some((line) => line.includes('auth.sso.failure'))).toBe(true);
    expect(everything).not.toContain(idp.clientSecret);
  });
});

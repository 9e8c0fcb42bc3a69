import { apiRoutes, tokenCheckParam } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { type TcpProxy, hostAndPort, startTcpProxy } from './helpers/tcp-proxy';

/**
 * Decision 009 "Outages": while the database cannot be reached, the token exchange cannot tell whether
 * the session exists. It answers 503 with Retry-After — never "no session" (200 `{ token: null }` to the
 * session check, 401 otherwise), which sent signed-in people to the login screen although their session
 * was intact. The database is taken away by a TCP proxy in front of PostgreSQL that is closed and reopened.
 */
describe.runIf(testDrivers().includes('postgres'))(
  'the token exchange while PostgreSQL is unreachable',
  () => {
    let proxy: TcpProxy;
    let t: TestApp;
    let cookie: string;

    beforeAll(async () => {
      proxy = await startTcpProxy(hostAndPort(process.env.TEST_DATABASE_URL!));
      t = await buildTestApp('postgres', { connectThrough: (url) => proxy.url(url) });
      cookie = await t.signIn(demoUsers.member);
    });
    afterAll(async () => {
      await proxy?.open();
      await t?.close();
      await proxy?.stop();
    });

    const exchange = (query: string) =>
      t.app.inject({ method: 'GET', url: `${apiRoutes.getToken.path}${query}`, headers: { cookie } });

    it('answers 503 with Retry-After, not "no session", and a token again once the database is back', async () => {
      const before = await exchange(`?${tokenCheckParam}=true`);
      expect(before.statusCode).toBe(200);
      expect(typeof before.json<{ token: unknown }>().token).toBe('string');

      await proxy.close();
      try {
        for (const query of [`?${tokenCheckParam}=true`, '']) {
          const during = await exchange(query);
          expect(during.statusCode, `token exchange ${query || 'without check'}`).toBe(503);
          expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
          expect(during.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
        }
        // A protected call with the token held: never 401 (the web app would send the person to /login).
        const protectedCall = await t.app.inject({
          method: 'GET',
          url: apiRoutes.getUserSettings.path,
          headers: { authorization: `Bearer ${before.json<{ token: string }>().token}` },
        });
        expect([200, 503]).toContain(protectedCall.statusCode);
      } finally {
        await proxy.open();
      }

      await expect
        .poll(async () => (await exchange(`?${tokenCheckParam}=true`)).statusCode, { timeout: 30_000 })
        .toBe(200);
      expect(typeof (await exchange(`?${tokenCheckParam}=true`)).json<{ token: unknown }>().token).toBe(
        'string',
      );
    });

    it('still answers "no session" without a session cookie, database or not', async () => {
      await proxy.close();
      try {
        const response = await t.app.inject({
          method: 'GET',
          url: `${apiRoutes.getToken.path}?${tokenCheckParam}=true`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ token: null });
      } finally {
        await proxy.open();
      }
    });
  },
);

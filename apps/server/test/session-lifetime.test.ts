import { apiRoutes } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// decision 009, ASVS 7.3.1 / 7.3.2: the server ends a session idle for longer than the browser's idle time
// (plus its countdown) — its token exchange is refused with 401 — and every session ends a fixed time
// after sign-in (SESSION_MAX_AGE_SECONDS, default 12 h), however busy it is.

const sessionIdOf = async (t: TestApp, cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const token = response.json<{ token: string }>().token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
  return { token, sessionId: claims.sid };
};

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

describe.each(testDrivers())('session lifetime on the server (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // Idle 60 s + countdown 10 s: the server's limit is 70 s without an API call.
    t = await buildTestApp(driver, { env: { IDLE_TIMEOUT_SECONDS: '60', IDLE_COUNTDOWN_SECONDS: '10' } });
  });
  afterAll(() => t?.close());

  const exchange = (cookie: string) =>
    t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
  const lastActive = async (sessionId: string) =>
    (
      await t.database.db
        .select({ updatedAt: session.updatedAt })
        .from(session)
        .where(eq(session.id, sessionId))
    )[0]?.updatedAt;

  it('lasts 12 hours from sign-in by default, without being extended', async () => {
    const cookie = await t.signIn(demoUsers.member);
    const { sessionId } = await sessionIdOf(t, cookie);
    const [row] = await t.database.db.select().from(session).where(eq(session.id, sessionId));
    const lifetimeSeconds = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(Math.abs(lifetimeSeconds - 12 * 3600)).toBeLessThan(5);
  });

  it('refuses the token exchange of a session idle for too long, and ends it', async () => {
    const cookie = await t.signIn(demoUsers.member);
    const { sessionId, token } = await sessionIdOf(t, cookie);
    await t.database.db
      .update(session)
      .set({ updatedAt: secondsAgo(75) })
      .where(eq(session.id, sessionId));

    const refused = await exchange(cookie);
    expect(refused.statusCode).toBe(401);
    expect(await t.database.db.select().from(session).where(eq(session.id, sessionId))).toEqual([]);
    // The bearer token it had is refused too, and the session stays ended.
    const call = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.statusCode).toBe(401);
    expect((await exchange(cookie)).statusCode).toBe(401);
  });

  it('keeps a session alive while the app is used', async () => {
    const cookie = await t.signIn(demoUsers.basic);
    const { sessionId, token } = await sessionIdOf(t, cookie);
    await t.database.db
      .update(session)
      .set({ updatedAt: secondsAgo(65) })
      .where(eq(session.id, sessionId));
    const call = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.statusCode).toBe(200);
    // "Last active" is written in the background.
    await expect
      .poll(async () => Date.now() - (await lastActive(sessionId))!.getTime(), { timeout: 5_000 })
      .toBeLessThan(5_000);
    await t.database.db
      .update(session)
      .set({ updatedAt: secondsAgo(65) })
      .where(eq(session.id, sessionId));
    // Within the limit: a new token.
    expect((await exchange(cookie)).statusCode).toBe(200);
  });

  it('does not count the token exchange itself, nor the notification stream, as use', async () => {
    const cookie = await t.signIn(demoUsers.admin);
    const { sessionId, token } = await sessionIdOf(t, cookie);
    const idleSince = secondsAgo(40);
    await t.database.db.update(session).set({ updatedAt: idleSince }).where(eq(session.id, sessionId));
    expect((await exchange(cookie)).statusCode).toBe(200);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const abort = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}${apiRoutes.streamNotifications.path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    abort.abort();
    expect((await lastActive(sessionId))?.getTime()).toBe(idleSince.getTime());
  });

  it('ends a session at its absolute lifetime however busy it is', async () => {
    const cookie = await t.signIn(demoUsers.member);
    const { sessionId, token } = await sessionIdOf(t, cookie);
    await t.database.db
      .update(session)
      .set({ expiresAt: secondsAgo(1), updatedAt: new Date() })
      .where(eq(session.id, sessionId));
    expect((await exchange(cookie)).statusCode).toBe(401);
    // The bearer check re-reads the session after its short cache (decision 014) and refuses it.
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: apiRoutes.getMenu.path,
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode,
        { timeout: 15_000, interval: 500 },
      )
      .toBe(401);
  });
});

describe('SESSION_MAX_AGE_SECONDS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { SESSION_MAX_AGE_SECONDS: '3600' } });
  });
  afterAll(() => t?.close());

  it('sets the absolute lifetime', async () => {
    const cookie = await t.signIn(demoUsers.member);
    const { sessionId } = await sessionIdOf(t, cookie);
    const [row] = await t.database.db.select().from(session).where(eq(session.id, sessionId));
    expect(Math.abs((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000 - 3600)).toBeLessThan(5);
  });
});

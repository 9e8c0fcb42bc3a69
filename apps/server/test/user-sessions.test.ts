import type { AddressInfo } from 'node:net';
import { apiErrorSchema, apiRoutes, pathOf, userSessionsResponseSchema } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndedSession } from '../src/auth/session-events';
import {
  type TestApp,
  buildTestApp,
  demoUsers,
  integrityHeader,
  testDrivers,
} from './helpers/build-test-app';

// Security hardening requirement "Sessions: a user can list and end their own sessions …; ending one, signing out, or being
// deactivated stops API access within the bearer token's lifetime" — here: at once.

const passwords: Record<string, string> = {
  [demoUsers.member]: 'Cockpit-member-1',
  [demoUsers.basic]: 'Cockpit-basic-1',
  [demoUsers.admin]: 'Cockpit-admin-1',
};

interface SignedIn {
  cookie: string;
  authorization: string;
  sessionId: string;
}

const sessionPath = (id: string) => pathOf(apiRoutes.endSession, { id });

describe.each(testDrivers())('user sessions (%s)', (driver) => {
  let t: TestApp;
  const ended: EndedSession[] = [];

  async function signInWith(email: string, userAgent: string): Promise<SignedIn> {
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, 'user-agent': userAgent, ...(await integrityHeader(t.app)) },
      payload: { email, password: passwords[email] },
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name === 'cockpit.session_token')!;
    const cookie = `${session.name}=${session.value}`;
    const token = (
      await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })
    ).json<{
      token: string;
    }>().token;
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    return { cookie, authorization: `Bearer ${token}`, sessionId: sid };
  }

  const list = (who: SignedIn) =>
    t.app.inject({
      method: 'GET',
      url: `${apiRoutes.listSessions.path}?isoLanguageName=en`,
      headers: { authorization: who.authorization },
    });

  beforeAll(async () => {
    t = await buildTestApp(driver);
    t.app.sessionEvents.onEnded((event) => ended.push(event));
  });
  afterAll(() => t?.close());

  it('lists only my own sessions, newest activity first, with browser, times and the current one marked', async () => {
    const laptop = await signInWith(demoUsers.basic, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    const phone = await signInWith(demoUsers.basic, 'Mozilla/5.0 (iPhone) Safari/605.1');
    await signInWith(demoUsers.admin, 'Admin-Browser/1.0');

    const response = await list(laptop);
    expect(response.statusCode).toBe(200);
    const { sessions } = userSessionsResponseSchema.parse(response.json());
    expect(sessions.map((s) => s.id).sort()).toEqual([laptop.sessionId, phone.sessionId].sort());
    const current = sessions.filter((s) => s.current);
    expect(current.map((s) => s.id)).toEqual([laptop.sessionId]);
    expect(sessions.find((s) => s.id === phone.sessionId)?.userAgent).toBe(
      'Mozilla/5.0 (iPhone) Safari/605.1',
    );
    for (const s of sessions)
      expect(Date.parse(s.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    // The session's secret token is never part of the answer.
    expect(response.body).not.toContain(laptop.cookie.split('=')[1]!.split('.')[0]!);
  });

  it('ends another of my sessions: its bearer token and its cookie stop working at once', async () => {
    const keep = await signInWith(demoUsers.member, 'Keep/1.0');
    const stolen = await signInWith(demoUsers.member, 'Lost-Phone/1.0');
    expect((await list(stolen)).statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'DELETE',
      url: sessionPath(stolen.sessionId),
      headers: { authorization: keep.authorization },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(ended).toContainEqual({ userId: expect.any(String), sessionId: stolen.sessionId });

    // The token has not expired, but its session is gone.
    const refused = await list(stolen);
    expect(refused.statusCode).toBe(401);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('UNAUTHORIZED');
    const noToken = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getToken.path,
      headers: { cookie: stolen.cookie },
    });
    expect(noToken.statusCode).toBe(401);
    // The other session is untouched.
    expect((await list(keep)).statusCode).toBe(200);
    const ids = userSessionsResponseSchema.parse((await list(keep)).json()).sessions.map((s) => s.id);
    expect(ids).not.toContain(stolen.sessionId);
  });

  it('answers 404 for another user’s session and for unknown ids, and leaves them alone', async () => {
    const member = await signInWith(demoUsers.member, 'Member/1.0');
    const admin = await signInWith(demoUsers.admin, 'Admin/1.0');
    for (const id of [admin.sessionId, 'no-such-session-id']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: sessionPath(id),
        headers: { authorization: member.authorization },
      });
      expect(response.statusCode, id).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
    }
    expect((await list(admin)).statusCode).toBe(200);
  });

  it.each(["' OR '1'='1", '../../etc/passwd', '%00', 'a'.repeat(101), 'ä', '<script>'])(
    'rejects the malformed session id %s with 400 (414 when longer than the router takes)',
    async (id) => {
      const member = await signInWith(demoUsers.member, 'Member/2.0');
      const response = await t.app.inject({
        method: 'DELETE',
        url: sessionPath(id),
        headers: { authorization: member.authorization },
      });
      expect(response.statusCode).toBe(id.length > 100 ? 414 : 400);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
    },
  );

  it('ending the current session works like signing out', async () => {
    const me = await signInWith(demoUsers.basic, 'Me/1.0');
    const response = await t.app.inject({
      method: 'DELETE',
      url: sessionPath(me.sessionId),
      headers: { authorization: me.authorization },
    });
    expect(response.statusCode).toBe(204);
    expect((await list(me)).statusCode).toBe(401);
  });

  it('signing out stops the bearer token at once and reports the ended session', async () => {
    const me = await signInWith(demoUsers.basic, 'SignOut/1.0');
    const signOut = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signOut.path,
      headers: { cookie: me.cookie, origin: t.origin },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await list(me)).statusCode).toBe(401);
    expect(ended).toContainEqual({ userId: expect.any(String), sessionId: me.sessionId });
  });

  it('closes the notification stream of a session when it is ended or signed out', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const openStream = async (who: SignedIn) => {
      const response = await fetch(`${baseUrl}${apiRoutes.streamNotifications.path}`, {
        headers: { authorization: who.authorization },
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let ended = false;
      const drained = (async () => {
        while (!(await reader.read()).done);
        ended = true;
      })();
      return { isEnded: () => ended, drained };
    };
    const keep = await signInWith(demoUsers.member, 'Stream-Keep/1.0');
    const ending = await signInWith(demoUsers.member, 'Stream-End/1.0');
    const signingOut = await signInWith(demoUsers.member, 'Stream-SignOut/1.0');
    const kept = await openStream(keep);
    const ended1 = await openStream(ending);
    const ended2 = await openStream(signingOut);

    await t.app.inject({
      method: 'DELETE',
      url: sessionPath(ending.sessionId),
      headers: { authorization: keep.authorization },
    });
    await t.app.inject({
      method: 'POST',
      url: apiRoutes.signOut.path,
      headers: { cookie: signingOut.cookie, origin: t.origin },
    });
    await expect.poll(() => ended1.isEnded() && ended2.isEnded(), { timeout: 15_000 }).toBe(true);
    expect(kept.isEnded()).toBe(false);
  });

  it('refuses a token that names no session (issued before sessions were checked, or forged)', async () => {
    const me = await signInWith(demoUsers.basic, 'NoSid/1.0');
    const sub = JSON.parse(Buffer.from(me.authorization.split('.')[1]!, 'base64url').toString())
      .sub as string;
    const { token } = await t.app.auth.api.signJWT({
      body: { payload: { sub, iss: t.config.publicUrl, aud: t.config.publicUrl } },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: apiRoutes.listSessions.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

import { apiPaths, integrityTokenHeader } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, integrityHeader } from './helpers/build-test-app';

// Issue 7 "Structured logs (pino) with request ids, sign-in successes and failures and authorisation
// failures logged, tokens and passwords redacted".

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string; event?: string };

describe('structured security logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  const wrongPassword = 'Wrong-Secret-Passw0rd-7731';
  const memberPassword = 'Cockpit-member-1';
  let bearer = '';
  let cookieValue = '';
  let integrity = '';

  const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
  const events = (name: string) => parsed().filter((line) => line.event === name);

  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void lines.push(line) },
    });
    integrity = (await integrityHeader(t.app))[integrityTokenHeader]!;

    // A failed and a successful sign-in, with the passwords in the body.
    await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      headers: { origin: t.origin, [integrityTokenHeader]: integrity },
      payload: { email: demoUsers.member, password: wrongPassword },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      headers: { origin: t.origin, [integrityTokenHeader]: integrity, 'user-agent': 'Log-Test/1.0' },
      payload: { email: demoUsers.member, password: memberPassword },
    });
    const cookie = signIn.cookies.find((c) => c.name === 'cockpit.session_token')!;
    cookieValue = cookie.value;
    const token = await t.app.inject({
      method: 'GET',
      url: apiPaths.token,
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    bearer = token.json<{ token: string }>().token;

    // A password change through the auth library, an authorised call, a 401 and a 403.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: t.origin, cookie: `${cookie.name}=${cookie.value}` },
      payload: { currentPassword: wrongPassword, newPassword: `${wrongPassword}-new` },
    });
    await t.app.inject({ method: 'GET', url: apiPaths.menu, headers: { authorization: `Bearer ${bearer}` } });
    await t.app.inject({
      method: 'GET',
      url: apiPaths.menu,
      headers: { authorization: `Bearer ${bearer}x` },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/management/users',
      headers: { authorization: `Bearer ${bearer}` },
    });
    // Without an integrity token.
    await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      headers: { origin: t.origin },
      payload: { email: demoUsers.member, password: wrongPassword },
    });
  });
  afterAll(() => t?.close());

  it('writes JSON lines with a request id on every request line', () => {
    expect(lines.length).toBeGreaterThan(10);
    const requestLines = parsed().filter(
      (line) => line.msg === 'incoming request' || line.msg === 'request completed',
    );
    expect(requestLines.length).toBeGreaterThan(10);
    for (const line of requestLines) expect(typeof line.reqId).toBe('string');
  });

  it('logs sign-in failures and successes as events, the failure without the e-mail', () => {
    const failures = events('auth.sign_in.failure');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ status: 401, account: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(JSON.stringify(failures[0])).not.toContain(demoUsers.member);
    const successes = events('auth.sign_in.success');
    expect(successes).toHaveLength(1);
    expect(successes[0]).toMatchObject({ userId: expect.any(String) });
    expect(events('auth.integrity_missing')).toHaveLength(1);
  });

  it('logs authorisation failures with status and route', () => {
    const denied = events('authz.denied');
    expect(denied).toContainEqual(
      expect.objectContaining({ status: 401, route: apiPaths.menu, method: 'GET' }),
    );
    expect(denied).toContainEqual(expect.objectContaining({ status: 403, userId: expect.any(String) }));
  });

  it('never writes a password, token or session cookie', () => {
    const everything = lines.join('\n');
    for (const secret of [
      wrongPassword,
      memberPassword,
      `${wrongPassword}-new`,
      bearer,
      cookieValue,
      integrity,
    ]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(everything.includes(secret), `a secret starting ${secret.slice(0, 6)}… is in the log`).toBe(
        false,
      );
    }
    // Nor a recognisable part of one (a JWT's signature, the cookie's token).
    expect(everything).not.toContain(bearer.split('.')[2]!);
    expect(everything).not.toContain(cookieValue.split('.')[0]!);
  });
});

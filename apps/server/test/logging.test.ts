import { apiRoutes, integrityTokenHeader } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, integrityHeader } from './helpers/build-test-app';

// Security hardening requirement "Structured logs (pino) with request ids, sign-in successes and failures and authorisation
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
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, [integrityTokenHeader]: integrity },
      payload: { email: demoUsers.member, password: wrongPassword },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, [integrityTokenHeader]: integrity, 'user-agent': 'Log-Test/1.0' },
      payload: { email: demoUsers.member, password: memberPassword },
    });
    const cookie = signIn.cookies.find((c) => c.name === 'cockpit.session_token')!;
    cookieValue = cookie.value;
    const token = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getToken.path,
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
    await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: `Bearer ${bearer}` },
    });
    await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
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
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin },
      payload: { email: demoUsers.member, password: wrongPassword },
    });
  });
  afterAll(() => t?.close());

  it('writes one JSON line per request: method, route, status, time, request id, user id', () => {
    // Decision 028: no "incoming request" line, one line when the answer is sent.
    expect(parsed().filter((line) => line.msg === 'incoming request')).toEqual([]);
    const requestLines = parsed().filter((line) => line.msg === 'request completed');
    // The eight requests made above, each once.
    expect(requestLines).toHaveLength(8);
    expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(8);
    for (const line of requestLines) {
      expect(line).toMatchObject({
        reqId: expect.any(String),
        method: expect.stringMatching(/^(GET|POST)$/),
        route: expect.any(String),
        status: expect.any(Number),
        responseTime: expect.any(Number),
      });
      expect(line.userId === null || typeof line.userId === 'string').toBe(true);
    }
    const menuLines = requestLines.filter((line) => line.route === apiRoutes.getMenu.path);
    expect(menuLines).toEqual([
      expect.objectContaining({ method: 'GET', status: 200, userId: expect.any(String) }),
      expect.objectContaining({ method: 'GET', status: 401, userId: null }),
    ]);
    expect(requestLines).toContainEqual(
      expect.objectContaining({ route: '/api/management/users', status: 403, userId: menuLines[0]!.userId }),
    );
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
      expect.objectContaining({ status: 401, route: apiRoutes.getMenu.path, method: 'GET' }),
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

// decision 009: a database outage makes every sign-in, token exchange and bearer check fail with the
// failed query's error — which carries its bound parameters (e-mail, session token, ids). The log keeps
// the error, never the values.
describe('database errors in the log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let sessionToken = '';
  let bearer = '';
  const email = demoUsers.member;

  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const cookie = await t.signIn(email);
    sessionToken = cookie.split('=')[1]!.split('.')[0]!;
    // A token whose session this process has not checked yet: the bearer check must ask the database.
    const token = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    bearer = token.json<{ token: string }>().token;
    lines.length = 0;

    // The database goes away. (The auth library would print failures to stderr itself: watched too.)
    const printed = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      lines.push(
        args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '),
      );
    });
    restoreConsole = () => printed.mockRestore();
    await t.database.close();
    await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    await t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
      payload: { email, password: 'Wrong-Secret-Passw0rd-7731' },
    });
    await t.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: `Bearer ${bearer}` },
    });
  });
  let restoreConsole = () => {};
  afterAll(async () => {
    restoreConsole();
    await t?.close();
  });

  it('logs the failed queries', () => {
    const everything = lines.join('\n');
    expect(everything).toContain('Failed query');
  });

  it('without their bound parameters', () => {
    const everything = lines.join('\n');
    expect(sessionToken.length).toBeGreaterThan(10);
    expect(everything.includes(sessionToken), 'the session token is in the log').toBe(false);
    expect(everything.includes(email), 'the e-mail is in the log').toBe(false);
    const claims = JSON.parse(Buffer.from(bearer.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
    };
    expect(everything.includes(claims.sid), 'the session id is in the log').toBe(false);
    expect(everything).toContain('[redacted]');
  });
});

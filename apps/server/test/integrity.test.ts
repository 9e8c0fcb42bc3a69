import {
  apiErrorSchema,
  apiRoutes,
  type IntegrityChallenge,
  integrityChallengeResponseSchema,
  type IntegritySolution,
  integrityTokenHeader,
  integrityTokenResponseSchema,
} from '@cockpit/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { redisReachable, testRedisUrl, uniqueRedisPrefix } from './helpers/redis';

// Security hardening requirement "App integrity": signed challenges that expire within 600 s and work once; a token of about
// one hour; sign-in and sign-up refuse requests without one.

const memberPassword = 'Cockpit-member-1';

async function fetchChallenge(t: TestApp): Promise<IntegrityChallenge> {
  const response = await t.app.inject({ method: 'GET', url: apiRoutes.getIntegrityChallenge.path });
  expect(response.statusCode).toBe(200);
  return integrityChallengeResponseSchema.parse(response.json()).challenge;
}

async function solve(challenge: IntegrityChallenge): Promise<IntegritySolution> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge could not be solved');
  return solution;
}

const verify = (t: TestApp, challenge: unknown, solution: unknown) =>
  t.app.inject({
    method: 'POST',
    url: apiRoutes.verifyIntegrity.path,
    // The web client adds its fields to every JSON body (docs/product.md §7).
    payload: { challenge, solution, useBackendTranslation: false, isoLanguageName: 'en' },
  });

const signIn = (
  t: TestApp,
  headers: Record<string, string> = {},
  path: string = apiRoutes.signInWithEmail.path,
) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { origin: t.origin, ...headers },
    payload: { email: demoUsers.member, password: memberPassword },
  });

describe.each(testDrivers())('app integrity (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('issues a signed PBKDF2 challenge that expires within 600 s and is never cached', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.getIntegrityChallenge.path}?isoLanguageName=en`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { challenge } = integrityChallengeResponseSchema.parse(response.json());
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    const secondsLeft = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(500);
    expect(secondsLeft).toBeLessThanOrEqual(600);
    // Every challenge is different.
    expect((await fetchChallenge(t)).signature).not.toBe(challenge.signature);
  });

  it('exchanges a solved challenge for a token of about one hour, and the token opens sign-in', async () => {
    const challenge = await fetchChallenge(t);
    const response = await verify(t, challenge, await solve(challenge));
    expect(response.statusCode).toBe(200);
    const { token, expiresAt } = integrityTokenResponseSchema.parse(response.json());
    const lifetimeSeconds = (Date.parse(expiresAt) - Date.now()) / 1000;
    expect(lifetimeSeconds).toBeGreaterThan(3500);
    expect(lifetimeSeconds).toBeLessThanOrEqual(3600);

    const signedIn = await signIn(t, { [integrityTokenHeader]: token });
    expect(signedIn.statusCode).toBe(200);
    // Not single-use: the SPA keeps it for its hour (a second sign-in in the same tab).
    expect((await signIn(t, { [integrityTokenHeader]: token })).statusCode).toBe(200);
  });

  it('refuses a challenge used a second time (replay)', async () => {
    const challenge = await fetchChallenge(t);
    const solution = await solve(challenge);
    expect((await verify(t, challenge, solution)).statusCode).toBe(200);
    const replay = await verify(t, challenge, solution);
    expect(replay.statusCode).toBe(400);
    expect(apiErrorSchema.parse(replay.json()).error.code).toBe('INTEGRITY_FAILED');
    expect(replay.json().error.message).toContain('already been used');
  });

  it('refuses wrong solutions and tampered challenges without burning the challenge', async () => {
    const challenge = await fetchChallenge(t);
    const solution = await solve(challenge);
    // (The counter itself proves nothing: the derived key is the proof, checked against its signature.)
    const wrongKey = { ...solution, derivedKey: '00'.repeat(32) };
    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const longer = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt + 3600 },
    };
    for (const [label, response] of [
      ['wrong key', await verify(t, challenge, wrongKey)],
      ['cheaper parameters', await verify(t, easier, solution)],
      ['longer expiry', await verify(t, longer, solution)],
      ['no signature', await verify(t, { parameters: challenge.parameters, signature: '' }, solution)],
    ] as const) {
      expect(response.statusCode, label).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error.code, label).toMatch(
        /^(INTEGRITY_FAILED|BAD_REQUEST)$/,
      );
    }
    // The genuine solution still works once.
    expect((await verify(t, challenge, solution)).statusCode).toBe(200);
  });

  it('refuses an expired challenge', async () => {
    const challenge = await fetchChallenge(t);
    const solution = await solve(challenge);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 601_000);
    const response = await verify(t, challenge, solution);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('expired');
  });

  it('rejects malformed verify bodies with 400, never 5xx', async () => {
    const challenge = await fetchChallenge(t);
    for (const payload of [
      {},
      { challenge },
      { challenge, solution: { counter: -1, derivedKey: 'ab' } },
      { challenge, solution: { counter: 2 ** 40, derivedKey: 'ab' } },
      { challenge, solution: { counter: 1, derivedKey: 'not hex' } },
      {
        challenge: {
          parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' },
          signature: challenge.signature,
        },
        solution: { counter: 1, derivedKey: 'ab' },
      },
      { challenge: 'x', solution: [] },
      { challenge, solution: { counter: 1, derivedKey: 'ab' }, extra: true },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: apiRoutes.verifyIntegrity.path, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });

  it('refuses sign-in and sign-up without a valid integrity token (403 INTEGRITY_REQUIRED)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bearer = await t.tokenFor(demoUsers.admin);
    const { token: genuine } = await t.app.integrity.issueToken();
    const [header, payload] = genuine.split('.');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'integrity+jwt' })
      .setIssuer(t.config.publicUrl)
      .setAudience(`${t.config.publicUrl}/integrity`)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('a-key-the-server-does-not-have-0123456789'));
    for (const [label, headers] of [
      ['no header', {}],
      ['empty', { [integrityTokenHeader]: '' }],
      ['garbage', { [integrityTokenHeader]: 'not-a-token' }],
      ['a bearer token instead', { [integrityTokenHeader]: bearer }],
      ['a forged token', { [integrityTokenHeader]: forged }],
      ['the signature cut off', { [integrityTokenHeader]: `${header}.${payload}.` }],
      [
        'alg none',
        { [integrityTokenHeader]: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.` },
      ],
    ] as const) {
      const response = await signIn(t, headers);
      expect(response.statusCode, label).toBe(403);
      expect(apiErrorSchema.parse(response.json()).error.code, label).toBe('INTEGRITY_REQUIRED');
      expect(response.cookies, label).toHaveLength(0);
    }
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.origin },
      payload: { email: 'new@example.com', password: 'Some-password-123', name: 'New' },
    });
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json().error.code).toBe('INTEGRITY_REQUIRED');
  });

  it('refuses an integrity token that has expired', async () => {
    const { token } = await t.app.integrity.issueToken();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601_000 });
    try {
      const response = await signIn(t, { [integrityTokenHeader]: token });
      expect(response.statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    '/api/auth/sign-in/email/',
    '/api/auth//sign-in/email',
    '/api/auth/sign-in//email',
    '/api/auth/SIGN-IN/email',
    '/api/auth/sign-in%2Femail',
    '/api/auth/%73ign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/./sign-in/email',
    '/api/auth/%2e%2e/auth/sign-in/email',
    '/api/auth/sign-in/email?x=1',
    '/api/auth/sign-in/email#frag',
    '/api/auth/sign-up/email/',
  ])('gives no session without an integrity token for the path variant %s', async (path) => {
    const response = await signIn(t, {}, path);
    expect([403, 404]).toContain(response.statusCode);
    expect(response.cookies).toHaveLength(0);
  });

  it('checks the token inside the auth library too (backstop behind the HTTP guard)', async () => {
    const response = await t.app.auth.handler(
      new Request(`${t.config.publicUrl}${apiRoutes.signInWithEmail.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.origin },
        body: JSON.stringify({ email: demoUsers.member, password: memberPassword }),
      }),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('INTEGRITY_REQUIRED');
  });
});

describe('app integrity with used challenges in Redis', async () => {
  const reachable = await redisReachable();
  let first: TestApp;
  let second: TestApp;
  const { prefix, cleanup } = uniqueRedisPrefix();

  beforeAll(async () => {
    if (!reachable) return;
    // Two server processes sharing one Redis (docs/product.md §D.2 scale-out).
    const env = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
    first = await buildTestApp('pglite', { env, seed: false });
    second = await buildTestApp('pglite', { env, seed: false });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (reachable) await cleanup();
  });

  it.runIf(reachable)(
    'refuses a challenge redeemed on one process when it is replayed on another',
    async () => {
      const challenge = await fetchChallenge(first);
      const solution = await solve(challenge);
      expect((await verify(first, challenge, solution)).statusCode).toBe(200);
      const replay = await verify(second, challenge, solution);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.code).toBe('INTEGRITY_FAILED');
      expect(first.app.useOnceKeys.backend).toBe('redis');
    },
  );
});

describe('integrity endpoints are rate limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After after 120 challenges a minute from one address', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 121; i += 1) {
      last = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getIntegrityChallenge.path,
        remoteAddress: '203.0.113.7',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(last?.json()).error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getIntegrityChallenge.path,
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(200);
  });
});

import { apiErrorSchema, apiPaths } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../src/db/schema';
import { createMemoryCounters } from '../src/plugins/shared-counters';
import {
  type TestApp,
  buildTestApp,
  demoUsers,
  integrityHeader,
  testDrivers,
} from './helpers/build-test-app';
import { redisReachable, testRedisUrl, uniqueRedisPrefix } from './helpers/redis';

// Issue 7: "Sign-in rate limits per account and per address (429 with Retry-After; at most 100 failed
// attempts per account per hour); counters in Redis when REDIS_URL is set, in memory otherwise."

const passwords: Record<string, string> = {
  [demoUsers.member]: 'Cockpit-member-1',
  [demoUsers.basic]: 'Cockpit-basic-1',
  [demoUsers.admin]: 'Cockpit-admin-1',
};

async function attempt(t: TestApp, email: string, password: string, remoteAddress = '198.51.100.1') {
  return t.app.inject({
    method: 'POST',
    url: apiPaths.signIn,
    remoteAddress,
    headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
    payload: { email, password },
  });
}

function expectTooMany(response: Awaited<ReturnType<typeof attempt>>, maxSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(apiErrorSchema.parse(response.json()).error.code).toBe('RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(response.cookies).toHaveLength(0);
}

describe('the account limit defaults to 100 failed sign-ins per hour', () => {
  it('is configured so', async () => {
    const { testConfig } = await import('./helpers/build-test-app');
    expect(testConfig().signInLimits.maxFailuresPerAccountPerHour).toBe(100);
  });
});

describe.each(testDrivers())('sign-in limits in memory (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, {
      env: { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '6' },
    });
  });
  afterAll(() => t?.close());

  it('locks an account after its failures, even for the right password, and only that account', async () => {
    const email = demoUsers.member;
    // From different addresses: the account limit holds however the guesses are spread.
    for (const address of ['198.51.100.10', '198.51.100.11', '198.51.100.12']) {
      expect((await attempt(t, email, 'wrong-password-123', address)).statusCode).toBe(401);
    }
    const sessionsOf = async () =>
      (
        await t.database.db
          .select({ id: session.id })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(eq(user.email, email))
      ).length;
    const before = await sessionsOf();
    expectTooMany(await attempt(t, email, passwords[email]!, '198.51.100.13'), 3600);
    expectTooMany(await attempt(t, email.toUpperCase(), passwords[email]!, '198.51.100.14'), 3600);
    // Refused means refused: the password was never checked and no session was created.
    expect(await sessionsOf()).toBe(before);
    // Another account from the same addresses still signs in.
    expect((await attempt(t, demoUsers.admin, passwords[demoUsers.admin]!, '198.51.100.10')).statusCode).toBe(
      200,
    );
  });

  it('does not count successful sign-ins against the account', async () => {
    const email = demoUsers.admin;
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(t, email, passwords[email]!, '198.51.100.20')).statusCode).toBe(200);
    }
    expect((await attempt(t, email, 'wrong-password-123', '198.51.100.20')).statusCode).toBe(401);
    expect((await attempt(t, email, passwords[email]!, '198.51.100.20')).statusCode).toBe(200);
  });

  it('limits failures per address across accounts (also for unknown accounts)', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < 6; i += 1) {
      expect((await attempt(t, `nobody-${i}@example.com`, 'wrong-password-123', address)).statusCode).toBe(
        401,
      );
    }
    expectTooMany(await attempt(t, demoUsers.basic, passwords[demoUsers.basic]!, address), 900);
    // The same account from another address is fine.
    expect((await attempt(t, demoUsers.basic, passwords[demoUsers.basic]!, '198.51.100.31')).statusCode).toBe(
      200,
    );
  });

  it('does not count requests refused for integrity or malformed input as password guesses', async () => {
    const email = demoUsers.basic;
    for (let i = 0; i < 5; i += 1) {
      const noIntegrity = await t.app.inject({
        method: 'POST',
        url: apiPaths.signIn,
        remoteAddress: '198.51.100.40',
        headers: { origin: t.origin },
        payload: { email, password: 'wrong-password-123' },
      });
      expect(noIntegrity.statusCode).toBe(403);
    }
    expect((await attempt(t, email, passwords[email]!, '198.51.100.40')).statusCode).toBe(200);
  });
});

describe('sign-in attempts per address and minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: '4' } });
  });
  afterAll(() => t?.close());

  it('answers 429 within the minute after too many attempts, successful or not', async () => {
    const address = '198.51.100.50';
    for (let i = 0; i < 4; i += 1) {
      expect((await attempt(t, demoUsers.member, passwords[demoUsers.member]!, address)).statusCode).toBe(
        200,
      );
    }
    expectTooMany(await attempt(t, demoUsers.member, passwords[demoUsers.member]!, address), 60);
  });
});

describe('sign-in limits shared through Redis', async () => {
  const reachable = await redisReachable();
  const { prefix, cleanup } = uniqueRedisPrefix();
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    if (!reachable) return;
    const env = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix, SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '2' };
    first = await buildTestApp('pglite', { env });
    second = await buildTestApp('pglite', { env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (reachable) await cleanup();
  });

  it.runIf(reachable)('counts failures on one process against the account on another', async () => {
    expect(first.app.sharedCounters.backend).toBe('redis');
    expect((await attempt(first, demoUsers.member, 'wrong-password-123')).statusCode).toBe(401);
    expect((await attempt(second, demoUsers.member, 'wrong-password-123')).statusCode).toBe(401);
    expectTooMany(await attempt(first, demoUsers.member, passwords[demoUsers.member]!), 3600);
    expectTooMany(await attempt(second, demoUsers.member, passwords[demoUsers.member]!), 3600);
  });
});

describe('in-memory counters', () => {
  it('count in fixed windows, take hits back, forget expired keys, and claim a key once', async () => {
    let now = 1_000_000;
    const counters = createMemoryCounters(() => now);
    expect(await counters.increment('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now += 400;
    expect(await counters.increment('a', 1000)).toEqual({ count: 2, resetInMs: 600 });
    await counters.decrement('a');
    expect((await counters.peek('a')).count).toBe(1);
    now += 600;
    expect((await counters.peek('a')).count).toBe(0);
    await counters.decrement('a');
    expect((await counters.increment('a', 1000)).count).toBe(1);
    expect(await counters.claimOnce('c', 500)).toBe(true);
    expect(await counters.claimOnce('c', 500)).toBe(false);
    now += 500;
    expect(await counters.claimOnce('c', 500)).toBe(true);
    await counters.reset('a');
    expect((await counters.peek('a')).count).toBe(0);
  });
});

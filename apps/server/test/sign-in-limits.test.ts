import { apiErrorSchema, apiRoutes } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../src/db/core-tables';
import { createRateLimitStore } from '../src/plugins/rate-limits';
import { createRedisBreaker } from '../src/plugins/redis-breaker';
import {
  type TestApp,
  buildTestApp,
  demoUsers,
  integrityHeader,
  testDrivers,
} from './helpers/build-test-app';
import { redisReachable, testRedisUrl, uniqueRedisPrefix } from './helpers/redis';

// Security hardening: "Sign-in rate limits per account and per address (429 with Retry-After; at most 100 failed
// attempts per account per hour); counters in Redis when REDIS_URL is set, in memory otherwise." All of them are windows
// of @fastify/rate-limit (docs/decisions/034-one-rate-limiter.md).

const passwords: Record<string, string> = {
  [demoUsers.member]: 'Cockpit-member-1',
  [demoUsers.basic]: 'Cockpit-basic-1',
  [demoUsers.admin]: 'Cockpit-admin-1',
};

async function attempt(t: TestApp, email: string, password: string, remoteAddress = '198.51.100.1') {
  return t.app.inject({
    method: 'POST',
    url: apiRoutes.signInWithEmail.path,
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
      realSignIn: true,
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
        url: apiRoutes.signInWithEmail.path,
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
    t = await buildTestApp('pglite', { realSignIn: true, env: { SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: '4' } });
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

describe('sign-in limits shared through Redis, as deployed: several instances on one Redis', async () => {
  const reachable = await redisReachable();
  const { prefix, cleanup } = uniqueRedisPrefix();
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    if (!reachable) return;
    const env = {
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: prefix,
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '2',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '3',
      SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: '6',
    };
    first = await buildTestApp('pglite', { realSignIn: true, env });
    second = await buildTestApp('pglite', { realSignIn: true, env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (reachable) await cleanup();
  });

  it.runIf(reachable)('counts failures on one process against the account on another', async () => {
    expect(first.app.rateLimitStore.backend).toBe('redis');
    expect((await attempt(first, demoUsers.member, 'wrong-password-123', '198.51.100.90')).statusCode).toBe(
      401,
    );
    expect((await attempt(second, demoUsers.member, 'wrong-password-123', '198.51.100.91')).statusCode).toBe(
      401,
    );
    expectTooMany(
      await attempt(first, demoUsers.member, passwords[demoUsers.member]!, '198.51.100.92'),
      3600,
    );
    expectTooMany(
      await attempt(second, demoUsers.member, passwords[demoUsers.member]!, '198.51.100.93'),
      3600,
    );
  });

  it.runIf(reachable)('takes a successful sign-in back on every instance', async () => {
    const email = demoUsers.admin;
    for (const t of [first, second, first]) {
      expect((await attempt(t, email, passwords[email]!, '198.51.100.94')).statusCode).toBe(200);
    }
    expect((await attempt(second, email, 'wrong-password-123', '198.51.100.94')).statusCode).toBe(401);
    expect((await attempt(first, email, passwords[email]!, '198.51.100.94')).statusCode).toBe(200);
  });

  it.runIf(reachable)('holds an address locked by failures on one instance on the other', async () => {
    const address = '198.51.100.95';
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await attempt(first, `nobody-${i}@example.com`, 'wrong-password-123', address)).statusCode,
      ).toBe(401);
    }
    expectTooMany(await attempt(second, demoUsers.basic, passwords[demoUsers.basic]!, address), 900);
    expect(
      (await attempt(second, demoUsers.basic, passwords[demoUsers.basic]!, '198.51.100.96')).statusCode,
    ).toBe(200);
  });

  it.runIf(reachable)('counts attempts per address and minute across instances', async () => {
    const address = '198.51.100.97';
    for (const t of [first, second, first, second, first, second]) {
      expect((await attempt(t, demoUsers.basic, passwords[demoUsers.basic]!, address)).statusCode).toBe(200);
    }
    const refused = await attempt(first, demoUsers.basic, passwords[demoUsers.basic]!, address);
    expectTooMany(refused, 60);
    expect(refused.json().error.message).toBe('Too many sign-in attempts. Please wait a moment.');
  });
});

describe('the rate-limit store', async () => {
  const reachable = await redisReachable();

  /** One limiter's window through the store's own contract (what @fastify/rate-limit calls). */
  const windowOf = (store: ReturnType<typeof createRateLimitStore>) => {
    const instance = new store.Store();
    const call = (method: 'incr' | 'read') =>
      new Promise<number>((resolve, reject) => {
        instance[method](
          'w',
          (error, count) => (error || !count ? reject(error) : resolve(count.current)),
          60_000,
          5,
        );
      });
    return { incr: () => call('incr'), read: () => call('read') };
  };

  it('in memory: counts, reads without counting, takes a hit back and resets', async () => {
    const store = createRateLimitStore(null);
    const window = windowOf(store);
    expect(await window.incr()).toBe(1);
    expect(await window.incr()).toBe(2);
    expect(await window.read()).toBe(2);
    await store.takeBack('w');
    expect(await window.read()).toBe(1);
    await store.reset('w');
    expect(await window.read()).toBe(0);
    // Taking back from no window creates none.
    await store.takeBack('w');
    expect(await window.incr()).toBe(1);
  });

  it.runIf(reachable)('in Redis: shared by two stores, and in memory while Redis is away', async () => {
    const { Redis } = await import('ioredis');
    const { prefix, cleanup } = uniqueRedisPrefix();
    const log = { warn: () => {}, info: () => {}, error: () => {} } as never;
    const clients = [new Redis(testRedisUrl), new Redis(testRedisUrl)];
    try {
      const [one, two] = clients.map((redis) =>
        createRateLimitStore({ redis, breaker: createRedisBreaker(redis, log), prefix }),
      );
      const first = windowOf(one!);
      const second = windowOf(two!);
      expect(await first.incr()).toBe(1);
      expect(await second.incr()).toBe(2);
      await one!.takeBack('w');
      expect(await second.read()).toBe(1);
      await two!.reset('w');
      expect(await first.read()).toBe(0);

      // Redis gone: counts go on in this process instead of failing.
      const gone = new Redis('redis://127.0.0.1:1', {
        lazyConnect: true,
        enableOfflineQueue: false,
        retryStrategy: () => null,
      });
      gone.on('error', () => {});
      const away = windowOf(
        createRateLimitStore({ redis: gone, breaker: createRedisBreaker(gone, log), prefix }),
      );
      expect(await away.incr()).toBe(1);
      expect(await away.incr()).toBe(2);
      gone.disconnect();
    } finally {
      for (const redis of clients) redis.disconnect();
      await cleanup();
    }
  });
});

/** A sign-in as a reverse proxy at `proxy` forwards it for `client` (X-Forwarded-For). */
async function attemptVia(t: TestApp, proxy: string, forwardedFor: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: apiRoutes.signInWithEmail.path,
    remoteAddress: proxy,
    headers: { origin: t.origin, 'x-forwarded-for': forwardedFor, ...(await integrityHeader(t.app)) },
    payload: { email, password },
  });
}

// decision 009: behind a reverse proxy every request comes from the proxy's address; without TRUST_PROXY
// one attacker would lock sign-in for everyone behind it, with it each client counts on its own.
describe('address limits behind a reverse proxy (TRUST_PROXY)', () => {
  const limits = { SIGN_IN_MAX_FAILURES_PER_ADDRESS: '3' };
  const proxy = '10.0.0.5';
  const attacker = '203.0.113.66';
  const user = '203.0.113.7';
  const member = demoUsers.member;

  const lockOut = async (t: TestApp, remote: string, forwardedFor: string) => {
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await attemptVia(t, remote, forwardedFor, `nobody-${i}@example.com`, 'wrong-password-123'))
          .statusCode,
      ).toBe(401);
    }
  };

  it('off (the default): the proxy address is the client, and a client cannot choose its address', async () => {
    const t = await buildTestApp('pglite', { realSignIn: true, env: limits });
    try {
      await lockOut(t, proxy, attacker);
      // Everyone behind the proxy shares the attacker's limit — why TRUST_PROXY exists.
      expectTooMany(await attemptVia(t, proxy, user, member, passwords[member]!), 900);
      // A client talking to the server directly gains nothing by sending X-Forwarded-For.
      await lockOut(t, '198.51.100.70', '192.0.2.1');
      expectTooMany(await attemptVia(t, '198.51.100.70', '192.0.2.2', member, passwords[member]!), 900);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['a list of proxy addresses', '10.0.0.0/8, 192.168.1.1'],
    ['a hop count', '1'],
  ])('set to %s: each client behind the proxy has its own limit', async (_label, trustProxy) => {
    const t = await buildTestApp('pglite', { realSignIn: true, env: { ...limits, TRUST_PROXY: trustProxy } });
    try {
      await lockOut(t, proxy, attacker);
      expectTooMany(await attemptVia(t, proxy, attacker, member, passwords[member]!), 900);
      expect((await attemptVia(t, proxy, user, member, passwords[member]!)).statusCode).toBe(200);
      // Only the configured proxy's word counts: a spoofed header appended in front is not the client.
      expect(
        (await attemptVia(t, proxy, `${user}, ${attacker}`, member, passwords[member]!)).statusCode,
      ).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('set to proxy addresses: a request not from a proxy is keyed on its own address', async () => {
    const t = await buildTestApp('pglite', {
      realSignIn: true,
      env: { ...limits, TRUST_PROXY: '10.0.0.0/8' },
    });
    try {
      await lockOut(t, '198.51.100.80', '192.0.2.1');
      expectTooMany(await attemptVia(t, '198.51.100.80', '192.0.2.9', member, passwords[member]!), 900);
    } finally {
      await t.close();
    }
  });
});

import { apiRoutes, readinessResponseSchema, type IntegrityChallenge } from '@cockpit/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { createRedisBreaker } from '../src/plugins/redis-breaker';
import { type TestApp, buildTestApp, demoUsers, testConfig, testDrivers } from './helpers/build-test-app';
import { redisReachable, testRedisUrl, uniqueRedisPrefix } from './helpers/redis';
import { type TcpProxy, hostAndPort, startTcpProxy } from './helpers/tcp-proxy';

// Decision 009 "Outages": the API works without Redis, so a Redis outage must neither take instances out of
// the balancer's rotation nor make every call wait for Redis's timeout, and use-once keys must stay single
// across instances. Redis is taken away by a TCP proxy in front of it that the test closes and reopens.

/** A logger that records what was logged, by level. */
function recordingLog() {
  const lines: { level: string; event: unknown }[] = [];
  const at = (level: string) => (data: unknown) =>
    lines.push({
      level,
      event: typeof data === 'object' && data !== null ? (data as { event?: unknown }).event : data,
    });
  const log = { warn: at('warn'), info: at('info'), error: at('error'), debug: at('debug') };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

describe('the Redis breaker', () => {
  it('after a failure skips Redis for a few seconds, then probes once, and logs each change of state once', async () => {
    let now = 0;
    const { lines, log } = recordingLog();
    const redis = { status: 'ready', on: () => redis };
    const breaker = createRedisBreaker(redis as never, log, { openMs: 5_000, now: () => now });
    const failing = vi.fn(() => Promise.reject(new Error('Command timed out')));
    const local = () => Promise.resolve('fallback');

    expect(await breaker.run(failing, local)).toBe('fallback');
    expect(breaker.state).toBe('open');
    // While open: straight to the fallback, Redis is not asked at all.
    for (let i = 0; i < 20; i += 1) expect(await breaker.run(failing, local)).toBe('fallback');
    now += 4_999;
    expect(await breaker.run(failing, local)).toBe('fallback');
    expect(failing).toHaveBeenCalledTimes(1);

    // Then one probe; it fails, so another open period without asking.
    now += 2;
    expect(await breaker.run(failing, local)).toBe('fallback');
    expect(await breaker.run(failing, local)).toBe('fallback');
    expect(failing).toHaveBeenCalledTimes(2);

    // The next probe succeeds: closed, Redis answers again.
    now += 5_001;
    expect(await breaker.run(() => Promise.resolve('redis'), local)).toBe('redis');
    expect(breaker.state).toBe('closed');
    expect(await breaker.run(() => Promise.resolve('redis'), local)).toBe('redis');

    expect(lines.filter((line) => line.event === 'redis.unavailable')).toHaveLength(1);
    expect(lines.filter((line) => line.event === 'redis.available')).toHaveLength(1);
  });

  it('does not send a command on a connection ioredis knows to be down', async () => {
    const { log } = recordingLog();
    const redis = { status: 'reconnecting', on: () => redis };
    const breaker = createRedisBreaker(redis as never, log);
    const operation = vi.fn(() => Promise.resolve('redis'));
    expect(await breaker.run(operation, () => Promise.resolve('fallback'))).toBe('fallback');
    expect(operation).not.toHaveBeenCalled();
  });
});

async function solve(challenge: IntegrityChallenge) {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge could not be solved');
  return solution;
}

const reachable = await redisReachable();
const metricsToken = 'metrics-token-0123456789abcdef';

describe.each(testDrivers())('Redis going away and coming back (%s)', (driver) => {
  let proxy: TcpProxy;
  let t: TestApp;
  /** A second instance on the same database and Redis. */
  let other: App;
  const { prefix, cleanup } = uniqueRedisPrefix();

  beforeAll(async () => {
    if (!reachable) return;
    proxy = await startTcpProxy(hostAndPort(testRedisUrl));
    const env = { REDIS_URL: proxy.url(testRedisUrl), REDIS_KEY_PREFIX: prefix, METRICS_TOKEN: metricsToken };
    t = await buildTestApp(driver, { env });
    other = await buildApp({ config: testConfig(env), db: t.database.db });
    await other.ready();
  });
  afterAll(async () => {
    await proxy?.open();
    await other?.close();
    await t?.close();
    await proxy?.stop();
    await cleanup();
  });

  const readiness = async (app: App) => {
    const response = await app.inject({ method: 'GET', url: apiRoutes.getReadiness.path });
    return { status: response.statusCode, body: readinessResponseSchema.parse(response.json()) };
  };
  const redisUpMetric = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    return /^cockpit_redis_up (\d)$/m.exec(response.body)?.[1];
  };

  it.runIf(reachable)(
    'stays ready (Redis "degraded", saying what that means, and in the metrics), signs in without asking Redis, and keeps a solved challenge single-use across instances',
    async () => {
      await expect
        .poll(async () => (await readiness(t.app)).body.checks.redis, { timeout: 10_000 })
        .toBe('up');
      expect(await redisUpMetric()).toBe('1');

      await proxy.close();
      try {
        // Readiness: still 200 — the instance serves without Redis.
        const during = await readiness(t.app);
        expect(during.status).toBe(200);
        expect(during.body.status).toBe('ready');
        expect(during.body.checks.redis).toBe('degraded');
        expect(during.body.degraded?.redis).toMatch(/each instance/);
        expect(during.body.degraded?.redis).toMatch(/database/);
        // The dropped connection opens the breaker (the client reports it a moment later).
        await expect.poll(() => t.app.redisBreaker?.state, { timeout: 10_000 }).toBe('open');
        expect(await redisUpMetric()).toBe('0');

        // Sign-in works, and while the breaker is open no rate-limit window is asked of Redis
        // (@fastify/rate-limit's Redis store counts with its `rateLimit` command, decision 034).
        const redis = t.app.redis as unknown as { rateLimit: () => void; rateLimitRead: () => void };
        const counted = [vi.spyOn(redis, 'rateLimit'), vi.spyOn(redis, 'rateLimitRead')];
        for (let i = 0; i < 5; i += 1) await t.signIn(demoUsers.member);
        for (const spy of counted) {
          expect(spy).not.toHaveBeenCalled();
          spy.mockRestore();
        }

        // One solved challenge is accepted once, not once per instance.
        const challenge = await t.app.integrity.createChallenge();
        const solution = await solve(challenge);
        expect(await t.app.integrity.redeem(challenge, solution)).toMatchObject({ ok: true });
        expect(await other.integrity.redeem(challenge, solution)).toEqual({ ok: false, reason: 'replayed' });
        expect(await t.app.integrity.redeem(challenge, solution)).toEqual({ ok: false, reason: 'replayed' });
      } finally {
        await proxy.open();
      }

      // Back: Redis is used again, and what was claimed during the outage stays claimed.
      await expect
        .poll(async () => (await readiness(t.app)).body.checks.redis, { timeout: 20_000 })
        .toBe('up');
      expect((await readiness(t.app)).body.degraded).toBeUndefined();
      expect(await redisUpMetric()).toBe('1');
      const challenge = await t.app.integrity.createChallenge();
      const solution = await solve(challenge);
      await proxy.close();
      try {
        expect(await other.integrity.redeem(challenge, solution)).toMatchObject({ ok: true });
      } finally {
        await proxy.open();
      }
      await expect
        .poll(async () => (await readiness(other)).body.checks.redis, { timeout: 20_000 })
        .toBe('up');
      expect(await t.app.integrity.redeem(challenge, solution)).toEqual({ ok: false, reason: 'replayed' });
    },
  );
});

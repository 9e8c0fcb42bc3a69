import { apiRoutes, healthResponseSchema, readinessResponseSchema } from '@cockpit/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, type ListenerStatus, pingDatabase } from '../src/db/database';
import {
  type TestApp,
  buildTestApp,
  openTestDatabase,
  testConfig,
  testDrivers,
} from './helpers/build-test-app';
import { redisReachable, testRedisUrl } from './helpers/redis';

// Decision 018: liveness (`/api/health`, the process answers) and readiness (`/api/health/ready`:
// database, Redis when configured, the LISTEN connections, not shutting down).

describe.each(testDrivers())('GET /api/health and /api/health/ready (%s)', (driver) => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('liveness and readiness answer 200 without a token, also with the client parameters', async () => {
    t = await buildTestApp(driver, { seed: false });
    const query = '?useBackendTranslation=false&isoLanguageName=en&currencySymbol=%E2%82%AC';
    for (const url of [apiRoutes.getHealth.path, `${apiRoutes.getHealth.path}${query}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(healthResponseSchema.parse(response.json())).toEqual({ status: 'ok' });
    }
    for (const url of [apiRoutes.getReadiness.path, `${apiRoutes.getReadiness.path}${query}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(readinessResponseSchema.parse(response.json())).toEqual({
        status: 'ready',
        checks: { database: 'up', redis: 'not-configured', listeners: 'up', shuttingDown: false },
      });
    }
  });

  it('with the database unreachable: liveness 200, readiness 503 naming the database', async () => {
    const { database, dropDatabase } = await openTestDatabase(driver);
    const app = await buildApp({ config: testConfig(), db: database.db });
    try {
      await database.close();
      const live = await app.inject({ method: 'GET', url: apiRoutes.getHealth.path });
      expect(live.statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: apiRoutes.getReadiness.path });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { database: 'down' } });
    } finally {
      await app.close();
      await dropDatabase();
    }
  });

  it('with a LISTEN connection down: readiness 503 naming the listeners', async () => {
    const { database, dropDatabase } = await openTestDatabase(driver);
    const listeners: ListenerStatus[] = [{ channel: 'notifications_changed', connected: false }];
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      databaseStatus: { poolStats: () => null, listeners: () => listeners },
    });
    try {
      const ready = await app.inject({ method: 'GET', url: apiRoutes.getReadiness.path });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not-ready',
        checks: { database: 'up', listeners: 'down' },
      });
      listeners[0]!.connected = true;
      expect((await app.inject({ method: 'GET', url: apiRoutes.getReadiness.path })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await dropDatabase();
    }
  });
});

describe('readiness with Redis (REDIS_URL)', () => {
  it('checks Redis when configured: up with Redis, degraded (still ready, 200) when it does not answer', async () => {
    const { database, dropDatabase } = await openTestDatabase('pglite');
    const reachable = await redisReachable();
    // Nothing listens on port 1: the ping fails fast. The API works without Redis (decision 009 "Outages").
    const apps = [
      ...(reachable ? [{ url: testRedisUrl, status: 200, redis: 'up' }] : []),
      { url: 'redis://127.0.0.1:1', status: 200, redis: 'degraded' },
    ];
    try {
      for (const expected of apps) {
        const app = await buildApp({ config: testConfig({ REDIS_URL: expected.url }), db: database.db });
        try {
          const ready = () => app.inject({ method: 'GET', url: apiRoutes.getReadiness.path });
          // On a loaded machine the client may still be connecting, or its first ping may pass its 1 s
          // timeout and open the breaker for a while: readiness says "up" once Redis answers.
          await expect
            .poll(async () => (await ready()).json<{ checks: { redis: string } }>().checks.redis, {
              timeout: 30_000,
              interval: 250,
            })
            .toBe(expected.redis);
          expect((await ready()).statusCode, expected.url).toBe(expected.status);
        } finally {
          await app.close();
        }
      }
    } finally {
      await database.close();
      await dropDatabase();
    }
  });
});

describe('pingDatabase', () => {
  it('fails when the database does not answer in time', async () => {
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Database;
    await expect(pingDatabase(hanging, 50)).rejects.toThrow(/did not answer within 50 ms/);
  });
});

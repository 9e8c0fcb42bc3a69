import { apiPaths, healthResponseSchema } from '@cockpit/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, pingDatabase } from '../src/db/database';
import {
  type TestApp,
  buildTestApp,
  openTestDatabase,
  testConfig,
  testDrivers,
} from './helpers/build-test-app';

describe.each(testDrivers())('GET /api/health (%s)', (driver) => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('answers 200 without a token while the database is up, also with the client parameters', async () => {
    t = await buildTestApp(driver, { seed: false });
    for (const url of [
      apiPaths.health,
      `${apiPaths.health}?useBackendTranslation=false&isoLanguageName=en&currencySymbol=%E2%82%AC`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(healthResponseSchema.parse(response.json())).toEqual({ status: 'ok', database: 'up' });
    }
  });

  it('answers 503 when the database is unreachable', async () => {
    const { database, dropDatabase } = await openTestDatabase(driver);
    const app = await buildApp({ config: testConfig(), db: database.db });
    try {
      await database.close();
      const response = await app.inject({ method: 'GET', url: apiPaths.health });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'degraded', database: 'down' });
    } finally {
      await app.close();
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

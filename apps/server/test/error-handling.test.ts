import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import type { DatabaseHandle } from '../src/db/database';
import { isDatabaseUnavailable } from '../src/plugins/database-unavailable';
import { openTestDatabase, testConfig } from './helpers/build-test-app';

// Security hardening: "5xx responses never include stack traces or SQL"; "database unreachable: API answers 503".

function errorWith(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('the error handler', () => {
  let app: App;
  let database: DatabaseHandle;
  const lines: string[] = [];

  beforeAll(async () => {
    ({ database } = await openTestDatabase('pglite'));
    await database.migrate();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'error' }),
      db: database.db,
      logStream: { write: (line) => void lines.push(line) },
    });
    // Routes that fail the way real ones can.
    app.get('/api/test/sql-error', async () => {
      throw errorWith('syntax error at or near "FROM" in: select password from account where id = $1', {
        code: '42601',
        stack: 'Error: syntax error\n    at Query (/work/main/node_modules/pg/lib/query.js:1:1)',
      });
    });
    app.get('/api/test/terminated', async () => {
      throw errorWith('terminating connection due to administrator command', { code: '57P01' });
    });
    app.get('/api/test/refused', async () => {
      const cause = errorWith('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' });
      throw errorWith('Failed query: select 1', { cause });
    });
    app.get('/api/test/closed', async () => {
      throw new Error('PGlite is closed');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers an unexpected error with a bare 500: no message, stack or SQL, but logs it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/sql-error' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    expect(response.body).not.toMatch(/select|password|node_modules|syntax/i);
    expect(lines.join('\n')).toContain('syntax error at or near');
  });

  it.each(['/api/test/terminated', '/api/test/refused', '/api/test/closed'])(
    'answers a lost database (%s) with 503 SERVICE_UNAVAILABLE and Retry-After',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).not.toMatch(/ECONNREFUSED|5432|select|PGlite|administrator/i);
    },
  );

  it('tells database outages from other failures', () => {
    expect(isDatabaseUnavailable(errorWith('x', { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(errorWith('x', { code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('database "x" is not currently accepting connections'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(errorWith('duplicate key', { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('a string')).toBe(false);
  });
});

import { apiRoutes } from '@cockpit/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './multi-instance/cluster';
import {
  type TestApp,
  buildTestApp,
  integrityHeader,
  testConfig,
  testDrivers,
} from './helpers/build-test-app';
import { openNotificationStream } from './helpers/sse-client';

// Decision 018: `GET /metrics` (Prometheus text) is off unless METRICS_TOKEN (bearer, on the API port) or
// METRICS_PORT (a port of its own) is set.

const token = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!rest.startsWith('{') && !rest.startsWith(' ')) continue;
    if (wanted.every((pair) => rest.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('metrics configuration', () => {
  it('is off without METRICS_TOKEN and METRICS_PORT; a short token or a bad port stops start-up', () => {
    expect(testConfig().metrics).toBeNull();
    expect(testConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, port: null, host: '127.0.0.1' });
    expect(testConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      token: null,
      port: 9100,
      host: '0.0.0.0',
    });
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => testConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});

describe('metrics off by default', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('serves no /metrics without METRICS_TOKEN or METRICS_PORT', async () => {
    t = await buildTestApp('pglite', { seed: false });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe.each(testDrivers())('GET /metrics with METRICS_TOKEN (%s)', (driver) => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('needs the bearer token', async () => {
    t = await buildTestApp(driver, { env: { METRICS_TOKEN: token } });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', token]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('reports requests by route and status, sign-in failures, integrity, streams, caches and the pool', async () => {
    if (!t) throw new Error('no app');
    const app = t.app;
    const member = await t.bearer('member@example.com');
    for (let i = 0; i < 3; i += 1)
      expect(
        (await app.inject({ method: 'GET', url: apiRoutes.getMenu.path, headers: member })).statusCode,
      ).toBe(200);
    const failed = await app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, ...(await integrityHeader(app)) },
      payload: { email: 'member@example.com', password: 'not-the-password-1' },
    });
    expect(failed.statusCode).toBe(401);
    const challenge = await app.integrity.createChallenge();
    const refused = await app.inject({
      method: 'POST',
      url: apiRoutes.verifyIntegrity.path,
      payload: { challenge, solution: { counter: 1, derivedKey: '00' } },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openNotificationStream(base, await t.tokenFor('member@example.com'));
    await stream.next((event) => event.type === 'snapshot');
    // A change delivered to the open stream: one delivery-lag observation.
    const admin = await t.bearer('admin@example.com');
    const sent = await app.inject({
      method: 'POST',
      url: apiRoutes.listSentNotifications.path,
      headers: admin,
      payload: { recipients: 'all', title: { en: 'Metrics', de: 'Metriken' }, text: { en: 'x', de: 'x' } },
    });
    expect(sent.statusCode).toBe(201);
    await stream.next(
      (event) => event.type === 'upsert' && event.notification.content.title.en === 'Metrics',
    );

    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    stream.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(
      sample(text, 'cockpit_http_request_duration_seconds_count', {
        method: 'GET',
        route: apiRoutes.getMenu.path,
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'cockpit_sign_in_failures_total', { status_code: '401' })).toBe(1);
    expect(sample(text, 'cockpit_integrity_verifications_total', { result: 'refused' })).toBe(1);
    expect(sample(text, 'cockpit_notification_streams_open')).toBe(1);
    expect(sample(text, 'cockpit_notification_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'cockpit_cache_lookups_total', { cache: 'active-sessions', result: 'hit' }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, 'cockpit_cache_lookups_total', { cache: 'active-sessions', result: 'miss' }),
    ).toBeGreaterThan(0);
    expect(text).toContain('process_resident_memory_bytes');
    if (driver === 'postgres') {
      expect(sample(text, 'cockpit_db_pool_max')).toBe(10);
      expect(sample(text, 'cockpit_db_pool_waiting')).toBe(0);
      // The requests above opened connections; none runs a query while the scrape is answered (the
      // LISTEN connection is a client of its own, apps/server/src/db/pg-listener.ts).
      expect(sample(text, 'cockpit_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'cockpit_db_pool_in_use')).toBe(0);
    }
  });

  it('counts 429s by route', async () => {
    if (!t) throw new Error('no app');
    // The challenge route is limited per address (decision 009); run past its limit.
    let limited = 0;
    for (let i = 0; i < 200 && limited === 0; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: apiRoutes.getIntegrityChallenge.path });
      if (response.statusCode === 429) limited += 1;
    }
    expect(limited).toBe(1);
    const text = (
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    ).body;
    expect(sample(text, 'cockpit_rate_limited_total', { route: apiRoutes.getIntegrityChallenge.path })).toBe(
      1,
    );
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('is served on its own port only, with the token when one is set', async () => {
    const port = await freePort();
    t = await buildTestApp('pglite', {
      seed: false,
      env: { METRICS_PORT: String(port), METRICS_TOKEN: token },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Not on the API port.
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(404);
    const metricsUrl = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(metricsUrl)).status).toBe(401);
    const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('cockpit_notification_streams_open');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiDocsPath, apiRoutes } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, integrityHeader } from './helpers/build-test-app';

// Security hardening requirement "A header test asserting the exact security headers and cookie flags".

const strictPolicy = [
  "default-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self'",
].join(';');

/** The headers every answer carries, whatever it is (API, error, web app, asset). */
const commonHeaders = {
  'content-security-policy': strictPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
};

function webDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-web-headers-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Report Cockpit</title><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

describe('security headers over plain http (development, tests)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    t = await buildTestApp('pglite', { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const requests = () =>
    [
      ['public API', { method: 'GET', url: apiRoutes.getHealth.path }],
      ['protected API without token (401)', { method: 'GET', url: apiRoutes.getMenu.path }],
      ['unknown API route (404)', { method: 'GET', url: '/api/nope' }],
      [
        'malformed JSON (400)',
        {
          method: 'POST',
          url: apiRoutes.verifyIntegrity.path,
          headers: { 'content-type': 'application/json' },
          payload: '{',
        },
      ],
      ['auth library', { method: 'GET', url: apiRoutes.getToken.path }],
      ['the web app', { method: 'GET', url: '/' }],
      ['an SPA route', { method: 'GET', url: '/settings' }],
      ['a built asset', { method: 'GET', url: '/assets/app-abc123.js' }],
      ['the API docs', { method: 'GET', url: `${apiDocsPath}/json` }],
      // Answered by the router before any hook (Fastify frameworkErrors).
      ['a URL that is not valid percent-encoding', { method: 'GET', url: '/api/%zz' }],
      ['an over-long path parameter', { method: 'DELETE', url: `/api/user/sessions/${'a'.repeat(200)}` }],
    ] as const;

  it.each(requests())('sends the exact security headers on %s', async (_label, request) => {
    const response = await t.app.inject(request);
    for (const [name, value] of Object.entries(commonHeaders)) {
      expect(response.headers[name], name).toBe(value);
    }
    // HSTS only over https: a plain-http server must not pin browsers to https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('never lets browsers or proxies store API answers', async () => {
    for (const url of [
      apiRoutes.getHealth.path,
      apiRoutes.getMenu.path,
      apiRoutes.getIntegrityChallenge.path,
      '/api/nope',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const settings = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: await t.bearer(demoUsers.member),
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('no-store');
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, host-only, on path /', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
      payload: { email: demoUsers.member, password: 'Cockpit-member-1' },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(setCookie.length).toBeGreaterThan(0);
    for (const cookie of setCookie) {
      const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes, cookie).toContain('httponly');
      expect(attributes, cookie).toContain('samesite=strict');
      expect(attributes, cookie).toContain('path=/');
      expect(
        attributes.some((attribute) => attribute.startsWith('domain=')),
        cookie,
      ).toBe(false);
    }
    expect(setCookie.some((cookie) => cookie.startsWith('cockpit.session_token='))).toBe(true);
  });
});

describe('security headers over https with analytics and framed reports configured', () => {
  let t: TestApp;
  const origin = 'https://cockpit.example';
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: {
        PUBLIC_URL: origin,
        GA_MEASUREMENT_ID: 'G-TEST1234',
        REPORT_FRAME_ORIGINS: 'https://reports.example, https://bi.example:8443',
      },
    });
  });
  afterAll(() => t?.close());

  it('adds HSTS, the tag manager for scripts and beacons, the report origins for frames', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiRoutes.getHealth.path });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toBe(
      [
        "default-src 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "script-src 'self' https://www.googletagmanager.com",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com",
        "font-src 'self' data:",
        "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
        "worker-src 'self'",
        "manifest-src 'self'",
        "frame-src 'self' https://reports.example https://bi.example:8443",
        'upgrade-insecure-requests',
      ].join(';'),
    );
  });

  it('marks the session cookie Secure with the __Secure- prefix', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin, ...(await integrityHeader(t.app)) },
      payload: { email: demoUsers.basic, password: 'Cockpit-basic-1' },
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === '__Secure-cockpit.session_token');
    expect(session).toBeDefined();
    expect(session?.secure).toBe(true);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    expect(session?.domain).toBeUndefined();
    expect(session?.path).toBe('/');
  });
});

describe('REPORT_FRAME_ORIGINS', () => {
  it('accepts only https origins', async () => {
    const { testConfig } = await import('./helpers/build-test-app');
    for (const bad of [
      'http://reports.example',
      'https://reports.example/path',
      'javascript:alert(1)',
      'https://*.example',
    ]) {
      expect(() => testConfig({ REPORT_FRAME_ORIGINS: bad }), bad).toThrow(/REPORT_FRAME_ORIGINS/);
    }
    expect(
      testConfig({ REPORT_FRAME_ORIGINS: 'https://a.example,https://b.example/' }).reportFrameOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });
});

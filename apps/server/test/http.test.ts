import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiDocsPath, apiErrorSchema, apiRoutes } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

describe.each(testDrivers())('HTTP conventions, docs and the web app (%s)', (driver) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'cockpit-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Report Cockpit</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    t = await buildTestApp(driver, { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers an unknown /api route (%s) with a JSON 404',
    async (method) => {
      const response = await t.app.inject({ method, url: '/api/no/such/route' });
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
    },
  );

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.updatePin.path,
      headers: { ...(await t.bearer(demoUsers.admin)), 'content-type': 'application/json' },
      payload: '{"kind": "report",',
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.updatePin.path,
      headers: { ...(await t.bearer(demoUsers.admin)), 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'report', name: 'x'.repeat(1024 * 1024), isPinned: true }),
    });
    expect(response.statusCode).toBe(413);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI document with the routes and their schemas at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: `${apiDocsPath}/` });
    expect(ui.statusCode).toBe(200);
    const document = await t.app.inject({ method: 'GET', url: `${apiDocsPath}/json` });
    expect(document.statusCode).toBe(200);
    const paths = document.json<{ paths: Record<string, unknown> }>().paths;
    for (const path of [
      apiRoutes.getHealth.path,
      apiRoutes.getTranslations.path,
      apiRoutes.getUserSettings.path,
      apiRoutes.getMenu.path,
      apiRoutes.updatePin.path,
    ]) {
      expect(paths).toHaveProperty([path]);
    }
  });

  it('serves the built web app and its assets', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it.each(['/login', '/settings', '/reports/totalviewlayout', '/foo/bar'])(
    'answers %s with index.html (SPA)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );
});

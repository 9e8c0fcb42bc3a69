import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  apiRoutes,
  integrityChallengeResponseSchema,
  integrityTokenHeader,
  integrityTokenResponseSchema,
  pathOf,
} from '@cockpit/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Decision 013: `npm start` runs the server from a prebuilt bundle (scripts/build-server.mjs),
// not through tsx like every other test. This builds the bundle as `npm start` would, starts it on an empty
// embedded database with real HTTP, and checks what breaks when bundling goes wrong: file locations
// (migrations, web app), inlined locale files, bundled packages (better-auth, kysely, drizzle, zod, jose)
// and the ones left in node_modules (PGlite's wasm, argon2's native binary, fastify, pino-pretty).

const repoRoot = path.resolve(import.meta.dirname, '../../..');
// Beside the real bundle (it must sit one folder below apps/server) but under a name of its own, so a
// running `npm start` is not disturbed.
const bundle = path.join(repoRoot, 'apps/server/dist', `server-test-${process.pid}.mjs`);
const indexHtml = '<!doctype html><title>bundle test</title><div id="root"></div>';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the prebuilt server bundle (npm start)', () => {
  let server: ChildProcess | undefined;
  let output = '';
  let baseUrl = '';
  let dataDir = '';
  let webDistDir = '';

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs'), bundle], {
      cwd: repoRoot,
    });

    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bundle-data-'));
    webDistDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bundle-web-'));
    writeFileSync(path.join(webDistDir, 'index.html'), indexHtml);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;

    server = spawn(process.execPath, [bundle], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // As `npm start` runs it (Vitest sets NODE_ENV=test, which would silence the log).
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDistDir,
        SEED_SALES_ROWS: '2000',
        // An easy proof of work; test/integrity.test.ts covers the real difficulty.
        INTEGRITY_MAX_NUMBER: '20',
        INTEGRITY_COST: '1',
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // Ready once the start-up banner is printed (after migrations, seed and listen).
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (output.includes('Report Cockpit is running at')) {
          clearInterval(check);
          resolve();
        }
      }, 100);
      server?.once('exit', (code) => {
        clearInterval(check);
        reject(new Error(`the bundled server exited with ${code}:\n${output}`));
      });
    });
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      const forced = setTimeout(() => server?.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(forced);
    }
    const worker = bundle.replace(/\.mjs$/, '-pglite-worker.mjs');
    for (const file of [bundle, `${bundle}.map`, worker, `${worker}.map`]) rmSync(file, { force: true });
    for (const dir of [dataDir, webDistDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('starts on an empty data directory: migrations, demo seed, banner with the demo sign-ins', async () => {
    expect(output).toContain('Demo sign-ins:');
    expect(output).toContain('member@example.com');
    expect(output).toContain('Sales data set:');
    const health = await fetch(`${baseUrl}${apiRoutes.getHealth.path}`);
    expect(health.status).toBe(200);
  });

  it('serves the web app: index.html and the SPA fallback', async () => {
    for (const page of ['/', '/login']) {
      const response = await fetch(`${baseUrl}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type'), page).toContain('text/html');
      expect(await response.text(), page).toBe(indexHtml);
    }
  });

  it('serves the translations bundled from the contracts locale files', async () => {
    const response = await fetch(`${baseUrl}${apiRoutes.getTranslations.path}?lang=de-AT`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { Translations: Record<string, string> };
    expect(Object.keys(body.Translations).length).toBeGreaterThan(10);
  });

  it('signs a demo user in (integrity token, argon2, better-auth) and answers their API calls', async () => {
    const challengeResponse = await fetch(`${baseUrl}${apiRoutes.getIntegrityChallenge.path}`);
    expect(challengeResponse.status).toBe(200);
    const { challenge } = integrityChallengeResponseSchema.parse(await challengeResponse.json());
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    if (!solution) throw new Error('the integrity challenge could not be solved');
    const verified = await fetch(`${baseUrl}${apiRoutes.verifyIntegrity.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge, solution, useBackendTranslation: false, isoLanguageName: 'en' }),
    });
    expect(verified.status).toBe(200);
    const { token: integrityToken } = integrityTokenResponseSchema.parse(await verified.json());

    const signedIn = await fetch(`${baseUrl}${apiRoutes.signInWithEmail.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseUrl,
        [integrityTokenHeader]: integrityToken,
      },
      body: JSON.stringify({ email: 'member@example.com', password: 'Cockpit-member-1' }),
    });
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0] ?? '')
      .find((cookie) => cookie.split('=')[0]?.endsWith('session_token'));
    expect(session).toBeDefined();

    const tokenResponse = await fetch(`${baseUrl}${apiRoutes.getToken.path}`, {
      headers: { cookie: session ?? '' },
    });
    expect(tokenResponse.status).toBe(200);
    const { token } = (await tokenResponse.json()) as { token: string };
    const authorization = `Bearer ${token}`;

    const menu = await fetch(`${baseUrl}${apiRoutes.getMenu.path}`, { headers: { authorization } });
    expect(menu.status).toBe(200);
    expect(JSON.stringify(await menu.json())).toContain('totalviewlayout');

    // A query report's SQL definition over the (small) demo sales data set (decision 027).
    const report = await fetch(`${baseUrl}${pathOf(apiRoutes.getReport, { name: 'totalviewlayout' })}`, {
      headers: { authorization },
    });
    expect(report.status).toBe(200);
    expect(await report.text()).toContain('totalviewlayout');
  });
});

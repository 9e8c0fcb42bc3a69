import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type TcpProxy, hostAndPort, startTcpProxy } from '../apps/server/test/helpers/tcp-proxy';
import { demoUsers, expect, signIn, test } from './fixtures';

// Decision 009 "Outages": a database outage must not sign anyone out. This journey runs its own server on
// PostgreSQL behind a TCP proxy that it closes (the database goes away) and reopens: a page reloaded in
// the outage and a token renewal falling in it keep the person signed in with the "briefly unavailable"
// notice, and they carry on once the database is back. Needs TEST_DATABASE_URL (CI sets it, .ci/run).

const databaseUrl = process.env.TEST_DATABASE_URL;
const port = Number(process.env.E2E_PORT ?? 3100) + 70;
const baseUrl = `http://localhost:${port}`;
const notice = 'The service is briefly unavailable, retrying…';

test.use({ baseURL: baseUrl });
if (!databaseUrl) {
  // Locally without PostgreSQL this journey cannot run; in CI a missing database is a failure.
  console.log(
    'database-outage.spec.ts: skipped — TEST_DATABASE_URL is not set (PostgreSQL behind a proxy is needed)',
  );
}
test.skip(!databaseUrl && !process.env.CI, 'TEST_DATABASE_URL is not set');

let proxy: TcpProxy;
let server: ChildProcess;
let output = '';
let databaseName = '';
let dataDir = '';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: the outage journey needs PostgreSQL');
  databaseName = `cockpit_e2e_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  proxy = await startTcpProxy(hostAndPort(databaseUrl));
  const url = new URL(databaseUrl);
  url.pathname = `/${databaseName}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-e2e-outage-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: proxy.url(url.toString()),
      SEED_DEMO: 'true',
      SEED_SALES_ROWS: '0',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    },
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => output.includes('Report Cockpit is running') || server.exitCode !== null, {
      timeout: 200_000,
    })
    .toBe(true);
  expect(server.exitCode, output).toBeNull();
});

test.afterAll(async () => {
  await proxy?.open();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await proxy?.stop();
  if (databaseName)
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a database outage keeps the person signed in: reload and token renewal in the outage, then carry on', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The page's clock, to bring the token renewal (a minute before the 15-minute token expires) forward.
  await page.clock.install();
  await signIn(page, demoUsers.member);
  const signedInAt = new URL(page.url()).pathname;

  // The database goes away, and the page is reloaded: no login screen, the notice instead.
  await proxy.close();
  await page.reload();
  await expect(page.getByText(notice)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(signedInAt);

  // Back: the page carries on, signed in, where it was.
  await proxy.open();
  await expect(page.getByTestId('menu-panel')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(notice)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(signedInAt);

  // Gone again when the token is renewed: still signed in, the notice, no login screen.
  await proxy.close();
  await page.clock.fastForward('14:30');
  await expect(page.getByText(notice)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('menu-panel')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(signedInAt);

  // Back: the renewal succeeds, the notice goes, and the person carries on — a reload stays signed in.
  await proxy.open();
  await expect(page.getByText(notice)).toHaveCount(0, { timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId('menu-panel')).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe(signedInAt);
});

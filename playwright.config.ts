import { defineConfig, devices } from '@playwright/test';
import { debianChromium } from './e2e/debian-chromium';

// Browser journeys run against the built app served by the real server (the prebuilt bundle `npm start`
// runs) on fresh embedded databases (docs/tools.md: Debian's Chromium, never a downloaded browser).
// Two workers, each with a server and a data directory of its own (decision 040): worker n uses the
// server on port + n (e2e/fixtures.ts), so the files a worker runs one after the other see only each
// other's changes, as they did with one worker.
// E2E_PORT and WEB_DIST_DIR let several engineers run journeys side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const workers = 2;
const dataDir = `/tmp/cockpit-e2e-${process.pid}`;
/**
 * A second server for the journeys that need other server settings (e2e/idle.spec.ts): a short idle
 * timeout and countdown, and an analytics measurement id. Its own port (port + 50, clear of the other
 * engineers' ports) and data directory.
 */
const shellConfigPort = port + 50;
const shellConfigBaseUrl = `http://localhost:${shellConfigPort}`;
/** The OpenID provider of the single-sign-on journey (e2e/oidc-provider.ts, decision 020): port + 60. */
const oidcProviderPort = port + 60;
const serverBundle = 'apps/server/dist/server.mjs';

const serverEnv = (serverPort: number) => ({
  PORT: String(serverPort),
  PUBLIC_URL: `http://localhost:${serverPort}`,
  LOG_LEVEL: 'warn',
  // Reports and dashboards: a small sales data set keeps each server's first start short (npm start uses 1,000,000).
  SEED_SALES_ROWS: process.env.E2E_SEED_SALES_ROWS ?? '50000',
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
});

const workerServers = Array.from({ length: workers }, (_, worker) => ({
  command: `rm -rf ${dataDir}-${worker} && node ${serverBundle}`,
  url: `http://localhost:${port + worker}/api/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  env: {
    ...serverEnv(port + worker),
    DATA_DIR: `${dataDir}-${worker}`,
    IDLE_TIMEOUT_SECONDS: process.env.E2E_IDLE_TIMEOUT_SECONDS ?? '1800',
    // The single-sign-on journey's DNS for the e-mail domains' proofs (e2e/oidc-provider.ts, decision 020).
    SSO_DNS_SERVERS: `127.0.0.1:${oidcProviderPort}`,
    // Management → Data (e2e/data-sources.spec.ts) connects the local MariaDB (decision 027: by default only public addresses).
    DATA_SOURCE_HOSTS: '127.0.0.1',
  },
}));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers,
  // Every wait is a condition (e2e/fixtures.ts settle): a journey that fails, fails.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The JSON report gives `npm test` its counts (scripts/test.mjs).
  reporter: [['list'], ['json', { outputFile: '.test-reports/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: debianChromium,
  },
  webServer: [
    {
      command: 'node --import tsx e2e/oidc-provider.ts',
      url: `http://127.0.0.1:${oidcProviderPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        OIDC_PORT: String(oidcProviderPort),
        APP_ORIGINS: workerServers.map((server) => server.env.PUBLIC_URL).join(','),
      },
    },
    ...workerServers,
    {
      command: `rm -rf ${dataDir}-shell-config && node ${serverBundle}`,
      url: `${shellConfigBaseUrl}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        ...serverEnv(shellConfigPort),
        DATA_DIR: `${dataDir}-shell-config`,
        IDLE_TIMEOUT_SECONDS: '4',
        IDLE_COUNTDOWN_SECONDS: '12',
        GA_MEASUREMENT_ID: 'G-E2ETEST1',
      },
    },
  ],
});

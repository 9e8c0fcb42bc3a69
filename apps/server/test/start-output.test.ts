import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoSignIns } from '../src/seed/demo-data';
import { serverBundle } from './helpers/server-bundle';

// README "Run it": `npm start` prints the URL and the demo sign-ins. Decision 009: the demo passwords are
// printed only by the start that created the demo accounts — not again on every restart — and never in
// the production log format, whose every line is JSON for log collectors.

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts src/main.ts until it reports that it is running, stops it, and returns everything it printed. */
async function startOnce(env: Record<string, string>): Promise<{ stdout: string; url: string }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [serverBundle()], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      AUTH_SECRET: 'start-output-test-secret-0123456789',
      SEED_SALES_ROWS: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let all = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    all += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => (all += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await expect
      .poll(() => stdout.includes('Report Cockpit is running') || child.exitCode !== null, {
        timeout: 240_000,
        interval: 250,
      })
      .toBe(true);
    expect(stdout, all).toContain('Report Cockpit is running');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return { stdout, url };
}

const passwords = demoSignIns.map((signIn) => signIn.password);

describe('what a start prints', () => {
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-start-output-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'prints the URL on every start and the demo sign-ins only on the start that created them',
    { timeout: 600_000 },
    async () => {
      const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: freshDataDir() };

      const first = await startOnce(env);
      expect(first.stdout).toContain(`Report Cockpit is running at ${first.url}`);
      expect(first.stdout).toContain('Demo sign-ins:');
      for (const password of passwords) expect(first.stdout).toContain(password);

      const second = await startOnce(env);
      expect(second.stdout).toContain(`Report Cockpit is running at ${second.url}`);
      expect(second.stdout).not.toContain('Demo sign-ins');
      for (const password of passwords) expect(second.stdout).not.toContain(password);
    },
  );

  it(
    'in production prints JSON lines only, the URL among them, and never a demo password',
    { timeout: 600_000 },
    async () => {
      const { stdout, url } = await startOnce({
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: freshDataDir(),
        SEED_DEMO: 'true',
      });
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      const parsed = lines.map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return { notJson: line };
        }
      });
      expect(parsed.filter((line) => 'notJson' in line)).toEqual([]);
      expect(parsed).toContainEqual(expect.objectContaining({ msg: 'Report Cockpit is running', url }));
      // The accounts were created (SEED_DEMO=true): said as a warning, without their passwords.
      expect(parsed).toContainEqual(expect.objectContaining({ event: 'seed.demo_accounts_created' }));
      for (const password of passwords) expect(stdout).not.toContain(password);
    },
  );
});

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { user } from '../src/db/core-tables';
import { serverBundle } from './helpers/server-bundle';

// decision 009: the demo accounts have published passwords, so a production start seeds them only when
// SEED_DEMO=true is set explicitly, and prints the demo sign-ins only when it seeded them.

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a production start on the embedded database without SEED_DEMO', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-production-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates no demo accounts and prints no demo sign-ins', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [serverBundle()], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        AUTH_SECRET: 'production-seed-test-secret-0123456789',
        PUBLIC_URL: `http://localhost:${port}`,
        SEED_DEMO: '',
        SEED_SALES_ROWS: '0',
        // The start is announced as a JSON log line at info in production (src/main.ts).
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => output.includes('Report Cockpit is running') || child.exitCode !== null, {
          timeout: 240_000,
          interval: 250,
        })
        .toBe(true);
      expect(output).toContain('Report Cockpit is running');
      expect(output).not.toContain('Demo sign-ins');
      expect(output).not.toContain('admin@example.com');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }

    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      expect(await database.db.select({ email: user.email }).from(user)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, Socket, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiRoutes } from '@cockpit/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './helpers/build-test-app';
import { type Credentials, signInAs } from './helpers/roles';
import { serverBundle } from './helpers/server-bundle';

// Security hardening requirement "Graceful shutdown on SIGTERM: stop accepting, finish in-flight requests, close streams, close
// the pool."

/**
 * Starts a PUT whose body arrives in two parts, so the request is certainly still in flight when the
 * server is told to stop; `finish()` sends the rest and resolves with the status.
 */
function slowPut(port: number, authorization: string) {
  const body = JSON.stringify({ kind: 'report', name: 'totalviewlayout', isPinned: true });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'PUT',
    path: apiRoutes.updatePin.path,
    headers: { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return {
    finish: () => {
      request.end(body.slice(10));
      return response;
    },
  };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

describe('graceful shutdown of the app (app.close)', () => {
  let t: TestApp;
  afterAll(() => t?.close().catch(() => {}));

  it('finishes an in-flight request, ends notification streams, then refuses new connections', async () => {
    t = await buildTestApp('pglite');
    const member: Credentials = await signInAs(t, 'member');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;

    const stream = await fetch(`http://127.0.0.1:${port}${apiRoutes.streamNotifications.path}`, {
      headers: { authorization: member.authorization! },
    });
    expect(stream.status).toBe(200);
    const streamEnded = (async () => {
      const reader = stream.body!.getReader();
      while (!(await reader.read()).done);
      return true;
    })();
    // Told to stop only once the server has read the request's head (a fixed wait loses on a busy machine).
    const headRead = new Promise((resolve) => t.app.server.once('request', resolve));
    const inFlight = slowPut(port, member.authorization!);
    await headRead;

    const closing = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await inFlight.finish()).toBe(200);
    await closing;
    expect(await streamEnded).toBe(true);
    expect(await connects(port)).toBe(false);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Menu requests from `connections` parallel loops until the server stops answering; counts the answers
 * the client received with status 200.
 */
function loadMenu(base: string, authorization: string, connections: number) {
  let answered = 0;
  let running = true;
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      try {
        const response = await fetch(`${base}${apiRoutes.getMenu.path}`, { headers: { authorization } });
        await response.arrayBuffer();
        if (response.status !== 200) return;
        answered += 1;
      } catch {
        return;
      }
    }
  });
  return {
    answered: () => answered,
    stopped: Promise.all(loops).then(() => answered),
    stop: () => (running = false),
  };
}

describe('SIGTERM to the server process (main.ts)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Starting a server on a fresh embedded database (migrations, demo seed) is slow on a shared machine.
  it(
    'finishes the request in flight, closes everything and exits 0, every answered request in the log',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      // As deployed (decision 028): the log is stdout written to a file, buffered.
      const logFile = path.join(dataDir, 'server.log');
      const logFd = openSync(logFile, 'a');
      const child = spawn(process.execPath, [serverBundle()], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(dataDir, 'data'),
          AUTH_SECRET: 'shutdown-test-secret-long-enough-0123456789',
          PUBLIC_URL: `http://localhost:${port}`,
          SEED_DEMO: 'true',
          SEED_SALES_ROWS: '0',
          LOG_LEVEL: 'info',
          DATABASE_URL: '',
          REDIS_URL: '',
        },
        stdio: ['ignore', logFd, 'pipe'],
      });
      closeSync(logFd);
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const output = () => readFileSync(logFile, 'utf8') + errors;
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        await expect
          .poll(() => output().includes('Report Cockpit is running'), { timeout: 240_000, interval: 250 })
          .toBe(true);

        // A signed-in user with a request in flight.
        const origin = `http://localhost:${port}`;
        const base = `http://127.0.0.1:${port}`;
        const challenge = await fetch(`${base}${apiRoutes.getIntegrityChallenge.path}`);
        expect(challenge.status).toBe(200);
        const { solveChallenge } = await import('altcha-lib');
        const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
        const { challenge: c } = (await challenge.json()) as {
          challenge: Parameters<typeof solveChallenge>[0]['challenge'];
        };
        const solution = await solveChallenge({ challenge: c, deriveKey });
        const verified = await fetch(`${base}${apiRoutes.verifyIntegrity.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ challenge: c, solution }),
        });
        const { token: integrity } = (await verified.json()) as { token: string };
        const signIn = await fetch(`${base}${apiRoutes.signInWithEmail.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, 'x-integrity-token': integrity },
          body: JSON.stringify({ email: 'member@example.com', password: 'Cockpit-member-1' }),
        });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers
          .getSetCookie()
          .map((value) => value.split(';')[0])
          .join('; ');
        const { token } = (await (
          await fetch(`${base}${apiRoutes.getToken.path}`, { headers: { cookie } })
        ).json()) as {
          token: string;
        };
        const inFlight = slowPut(port, `Bearer ${token}`);
        // Under load: the log buffers lines, and some are still in its buffer when the signal comes.
        const load = loadMenu(base, `Bearer ${token}`, 10);
        await expect.poll(load.answered, { timeout: 60_000, interval: 50 }).toBeGreaterThan(200);

        child.kill('SIGTERM');
        await expect.poll(() => output().includes('shutting down'), { timeout: 30_000 }).toBe(true);
        load.stop();
        expect(await inFlight.finish()).toBe(200);
        const answered = await load.stopped;
        expect(await exited).toBe(0);
        expect(output()).toContain('shut down');
        expect(await connects(port)).toBe(false);

        // Every request the server answered has its line (decision 028): none left in the buffer.
        const lines = readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map(
            (line) => JSON.parse(line) as { msg?: string; route?: string; status?: number; method?: string },
          );
        const menuLines = lines.filter(
          (line) =>
            line.msg === 'request completed' && line.route === apiRoutes.getMenu.path && line.status === 200,
        );
        expect(menuLines.length).toBeGreaterThanOrEqual(answered);
        expect(lines).toContainEqual(
          expect.objectContaining({
            msg: 'request completed',
            method: 'PUT',
            route: apiRoutes.updatePin.path,
            status: 200,
          }),
        );
        // The shutdown's own last line, written after the last flush, by the exit.
        expect(lines.at(-1)).toMatchObject({ msg: 'shut down' });
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});

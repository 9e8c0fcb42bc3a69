import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiRoutes,
  integrityChallengeResponseSchema,
  integrityTokenHeader,
  integrityTokenResponseSchema,
  tokenResponseSchema,
} from '@cockpit/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildServer, workerBundleOf } from '../../scripts/build-server.mjs';

// The server as deployed (decision 013, docs/deploy.md): the prebuilt bundle run by plain Node with
// NODE_ENV=production and METRICS_TOKEN set, its log (stdout) written to a real file the way systemd
// writes it, signed in over HTTP the way the browser does. Used by bench/api-throughput.bench.ts.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the server bundle beside the real one (it must sit one folder below apps/server) under a name
 * of its own, so a running `npm start` is not disturbed; returns its path and a remover.
 */
export async function buildBenchBundle(): Promise<{ bundle: string; remove: () => void }> {
  const bundle = path.join(repoRoot, 'apps/server/dist', `server-bench-${process.pid}.mjs`);
  await buildServer(bundle);
  return {
    bundle,
    remove: () => {
      // The embedded database's worker is built beside the bundle (decision 039).
      const worker = workerBundleOf(bundle);
      for (const file of [bundle, `${bundle}.map`, worker, `${worker}.map`]) rmSync(file, { force: true });
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ProductionServer {
  baseUrl: string;
  /** Where its stdout (the JSON log) goes. */
  logFile: string;
  child: ChildProcess;
  /** SIGTERM and wait for the exit (the graceful shutdown writes what the log still buffers). */
  stop(): Promise<number | null>;
  /** Removes the data directory and the log file. */
  remove(): void;
}

/** Starts the bundle on PGlite in a fresh data directory, or on the PostgreSQL database at `databaseUrl`. */
export async function startProductionServer(
  bundle: string,
  databaseUrl: string | null,
  { nodeArgs = [], env = {} }: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<ProductionServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bench-server-'));
  const logFile = path.join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let errors = '';
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: repoRoot,
    stdio: ['ignore', logFd, 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: 'true',
      // The menu does not read the sales data set: left out, so the start is quick.
      SEED_SALES_ROWS: '0',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: 'bench-metrics-token-0123456789',
      // An easy proof of work for the one sign-in; the integrity bench measures the real one.
      INTEGRITY_MAX_NUMBER: '20',
      INTEGRITY_COST: '1',
      ...env,
    },
  });
  closeSync(logFd);
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${errors}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 300 s:\n${errors}`);
    const healthy = await fetch(`${baseUrl}${apiRoutes.getHealth.path}`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    logFile,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A bearer token of a demo user: integrity challenge solved, signed in with the password, exchanged. */
export async function bearerTokenOf(baseUrl: string, email: string, password: string): Promise<string> {
  const challengeAnswer = await fetch(`${baseUrl}${apiRoutes.getIntegrityChallenge.path}`);
  const { challenge } = integrityChallengeResponseSchema.parse(await challengeAnswer.json());
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the integrity challenge could not be solved');
  const verified = await fetch(`${baseUrl}${apiRoutes.verifyIntegrity.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge, solution, useBackendTranslation: false, isoLanguageName: 'en' }),
  });
  const { token: integrity } = integrityTokenResponseSchema.parse(await verified.json());
  const signIn = await fetch(`${baseUrl}${apiRoutes.signInWithEmail.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, [integrityTokenHeader]: integrity },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const exchanged = await fetch(`${baseUrl}${apiRoutes.getToken.path}`, { headers: { cookie } });
  return tokenResponseSchema.parse(await exchanged.json()).token;
}

import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiRoutes } from '@cockpit/contracts';
import pg from 'pg';

// Real server processes behind a real nginx (decision 019), for test/multi-instance/*.test.ts and
// bench/scale-out.bench.ts: the prebuilt bundle `npm start` runs (decision 013), started as child
// processes on one PostgreSQL database and Redis, and Debian's nginx run as a child process with its own
// configuration (deploy/nginx.conf with the test's ports and paths) and prefix — never the system service.

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const shippedNginxConf = path.join(repoRoot, 'deploy/nginx.conf');
/** Response header the test configuration adds: which instance answered (never in the shipped file). */
export const upstreamHeader = 'x-cockpit-upstream';

/** The nginx binary (Debian: /usr/sbin/nginx), or `null` when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() !== '' ? which.stdout.trim() : null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Builds the server bundle under a name of its own (beside the real one, as server-bundle.test.ts does). */
export async function buildBundle(name: string): Promise<{ file: string; remove: () => void }> {
  const file = path.join(repoRoot, 'apps/server/dist', `${name}-${process.pid}.mjs`);
  await promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs'), file], {
    cwd: repoRoot,
  });
  return {
    file,
    remove: () => {
      for (const leftover of [file, `${file}.map`]) rmSync(leftover, { force: true });
    },
  };
}

/** A fresh PostgreSQL database next to `adminUrl`'s; `drop` removes it (forcing its connections off). */
export async function createDatabase(
  adminUrl: string,
  prefix = 'cockpit_mi',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export interface Instance {
  port: number;
  /** `http://127.0.0.1:<port>`: talks to this instance directly, past nginx. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (JSON log lines in production mode, the start-up banner). */
  output(): string;
  /** Parsed JSON log lines with this `msg`. */
  logged(msg: string): Record<string, unknown>[];
  /** SIGTERM (graceful shutdown, main.ts) and wait for the exit; SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** Starts one instance of the bundle; resolves once `GET /api/health/ready` answers 200. */
export async function startInstance(
  bundle: string,
  env: Record<string, string>,
  { readyTimeoutMs = 120_000 }: { readyTimeoutMs?: number } = {},
): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const instance: Instance = {
    port,
    url,
    child,
    output: () => output,
    logged: (msg) =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        })
        .filter((line) => line.msg === msg),
    stop: async (timeoutMs = 30_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(forced);
      return code;
    },
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`instance on port ${port} exited with ${child.exitCode}:\n${output}`);
    const status = await fetch(`${url}${apiRoutes.getReadiness.path}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return instance;
    if (Date.now() > deadline) {
      await instance.stop(1_000);
      throw new Error(`instance on port ${port} not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * deploy/nginx.conf made runnable here: the test's listen port instead of TLS on 443 and the plain-http
 * redirect, the instances' ports as the upstream, pid, logs and temp files inside `prefix`, one worker
 * (so round robin is strictly in turn) and a header naming the instance that answered. Everything else —
 * proxy headers, timeouts, buffering, retries — is the shipped file as it is.
 */
export function nginxConfigFor(
  shipped: string,
  { listenPort, upstreamPorts, prefix }: { listenPort: number; upstreamPorts: number[]; prefix: string },
): string {
  const section = (name: string) =>
    new RegExp(`\\n[ \\t]*# --- ${name}: begin[\\s\\S]*?# --- ${name}: end\\n`);
  for (const name of ['plain-http-redirect', 'tls']) {
    if (!section(name).test(shipped))
      throw new Error(`deploy/nginx.conf: the '${name}' section markers are missing`);
  }
  const upstream = /(upstream cockpit \{\n)((?:[ \t]*server [^\n]*\n)+)/;
  if (!upstream.test(shipped)) throw new Error('deploy/nginx.conf: no `upstream cockpit` with server lines');
  const inPrefix = (file: string) => path.join(prefix, file);
  return shipped
    .replace(section('plain-http-redirect'), '\n')
    .replace(
      section('tls'),
      `\n        listen 127.0.0.1:${listenPort};\n        add_header X-Cockpit-Upstream $upstream_addr always;\n`,
    )
    .replace(
      upstream,
      (_all, head: string) =>
        `${head}${upstreamPorts.map((port) => `        server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join('')}`,
    )
    .replace(/^worker_processes [^;]+;/m, 'worker_processes 1;')
    .replace(/^pid [^;]+;/m, `pid ${inPrefix('nginx.pid')};`)
    .replace(/^error_log [^;]+;/m, `error_log ${inPrefix('error.log')} warn;`)
    .replace(/access_log [^;]+;/, `access_log ${inPrefix('access.log')};`)
    .replace(
      /^http \{\n/m,
      `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${inPrefix(`${kind}_temp`)};\n`).join('')}`,
    );
}

export interface Nginx {
  url: string;
  port: number;
  prefix: string;
  config: string;
  stop(): Promise<void>;
}

/** Runs nginx in the foreground as a child process with its own `-c` and `-p`; resolves once it answers. */
export async function startNginx(
  nginxBinary: string,
  upstreamPorts: number[],
  listenPort?: number,
): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'cockpit-nginx-'));
  // Worker processes run as an unprivileged user when nginx is started as root: they must reach the prefix.
  chmodSync(prefix, 0o755);
  const port = listenPort ?? (await freePort());
  const config = nginxConfigFor(readFileSync(shippedNginxConf, 'utf8'), {
    listenPort: port,
    upstreamPorts,
    prefix,
  });
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const check = spawnSync(nginxBinary, ['-t', '-q', '-p', prefix, '-c', configFile, '-g', 'daemon off;'], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}\n${config}`);

  const child = spawn(nginxBinary, ['-p', prefix, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    const ok = await fetch(`${url}${apiRoutes.getHealth.path}`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 10 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    prefix,
    config,
    stop: async () => {
      if (child.exitCode === null) {
        // SIGQUIT would wait for open streams; SIGTERM is nginx's fast shutdown.
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(forced);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

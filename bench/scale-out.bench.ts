import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  apiRoutes,
  integrityChallengeResponseSchema,
  integrityTokenHeader,
  integrityTokenResponseSchema,
} from '@cockpit/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import {
  type Instance,
  type Nginx,
  buildBundle,
  createDatabase,
  findNginx,
  freePort,
  startInstance,
  startNginx,
} from '../apps/server/test/multi-instance/cluster';
import { insertBenchUsers } from './support/bench-users';
import { sseBlocks } from './support/sse-blocks';
import { percentile } from './support/percentile';
import { printLoadAverage } from './support/machine-load';

// Scale-out figures (docs/product.md §D.2, decisions 017 and 019), all in one run on one PostgreSQL database and
// Redis, three instances of the bundle `npm start` runs, Debian's nginx in front (deploy/nginx.conf):
// 1. "Send to all" fan-out: 5,000 users with an open notification stream each, spread by nginx over the
//    three instances; an administrator's POST /api/management/notifications (recipients: all) through
//    nginx, timed from sending the request until the event arrived on every stream. Target: ≤ 1 s.
// 2. GET /api/navigation/menu throughput (50 connections) through nginx over the three instances, next to
//    one instance directly.
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), Redis
// (BENCH_REDIS_URL, default redis://127.0.0.1:6379) and nginx.

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const streamCount = Number(process.env.BENCH_FANOUT_STREAMS ?? 5_000);
const sends = 3;
const connections = 50;
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const authSecret = 'bench-scale-out-secret-that-is-long-enough-0123';
/** The instances require it on GET /metrics (decision 018); the bench reads the delivery lag with it. */
const metricsToken = 'bench-scale-out-metrics-token-0123';

/** CPU time (user + system) a process used so far, from /proc (10 ms resolution); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, i.e. 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Sum and count of the delivery-lag histogram of every instance, from GET /metrics. */
async function deliveryLag(
  instances: Instance[],
): Promise<{ sum: number; count: number; le: Map<number, number> }> {
  const total = { sum: 0, count: 0, le: new Map<number, number>() };
  for (const instance of instances) {
    const text = await (
      await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
    ).text();
    for (const line of text.split('\n')) {
      const value = Number(line.split(' ').at(-1));
      if (line.startsWith('cockpit_notification_delivery_lag_seconds_sum')) total.sum += value;
      else if (line.startsWith('cockpit_notification_delivery_lag_seconds_count')) total.count += value;
      else if (line.startsWith('cockpit_notification_delivery_lag_seconds_bucket')) {
        const le = Number(/le="([^"]+)"/.exec(line)?.[1]);
        total.le.set(le, (total.le.get(le) ?? 0) + value);
      }
    }
  }
  return total;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function integrityToken(base: string): Promise<string> {
  const { challenge } = integrityChallengeResponseSchema.parse(
    await (await fetch(`${base}${apiRoutes.getIntegrityChallenge.path}`)).json(),
  );
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  const verified = await fetch(`${base}${apiRoutes.verifyIntegrity.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge, solution }),
  });
  return integrityTokenResponseSchema.parse(await verified.json()).token;
}

async function bearerFor(base: string, origin: string, email: string, password: string): Promise<string> {
  const signedIn = await fetch(`${base}${apiRoutes.signInWithEmail.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      [integrityTokenHeader]: await integrityToken(base),
    },
    body: JSON.stringify({ email, password }),
  });
  if (signedIn.status !== 200) throw new Error(`sign-in of ${email}: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .join('; ');
  const { token } = (await (
    await fetch(`${base}${apiRoutes.getToken.path}`, { headers: { cookie } })
  ).json()) as {
    token: string;
  };
  return token;
}

async function menuLoad(title: string, url: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `  ${title.padEnd(40)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${errors}`,
  );
  return result.requests.average;
}

async function main(): Promise<void> {
  const nginxBinary = findNginx();
  if (!nginxBinary) {
    console.log('  nginx is not installed (apt-get install -y nginx): scale-out figures skipped');
    return;
  }
  printLoadAverage();
  let database: Awaited<ReturnType<typeof createDatabase>>;
  try {
    database = await createDatabase(adminUrl, 'cockpit_bench_so');
  } catch (error) {
    console.log(
      `  PostgreSQL not reachable at ${adminUrl} (${(error as Error).message}): scale-out figures skipped`,
    );
    return;
  }
  const bundle = await buildBundle('server-bench-scale-out');
  const webDistDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bench-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html>');
  const instances: Instance[] = [];
  let nginx: Nginx | undefined;
  const requests: http.ClientRequest[] = [];
  try {
    const proxyPort = await freePort();
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `cockpit-bench-${randomUUID().slice(0, 8)}:`,
      AUTH_SECRET: authSecret,
      PUBLIC_URL: proxy,
      TRUST_PROXY: '1',
      SEED_DEMO: 'true',
      SEED_SALES_ROWS: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: webDistDir,
      WEB_DIST_DIR: webDistDir,
      INTEGRITY_MAX_NUMBER: '20',
      INTEGRITY_COST: '1',
      SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000',
      // The instances' own share of the fan-out: delivery lag from GET /metrics (decision 018).
      METRICS_TOKEN: metricsToken,
    };
    instances.push(...(await Promise.all([0, 1, 2].map(() => startInstance(bundle.file, env)))));
    nginx = await startNginx(
      nginxBinary,
      instances.map((i) => i.port),
      proxyPort,
    );
    const adminToken = await bearerFor(proxy, proxy, 'admin@example.com', 'Cockpit-admin-1');
    const memberToken = await bearerFor(proxy, proxy, 'member@example.com', 'Cockpit-member-1');

    // ---- 5,000 more users of Demo GmbH, each with a session and a bearer token ----
    const writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    const organisationId = (
      await writer.query<{ id: string }>(
        `select organisation_id as id from "user" where email = 'admin@example.com'`,
      )
    ).rows[0]!.id;
    const users = await insertBenchUsers(writer, organisationId, {
      count: streamCount,
      prefix: 'fanout',
      name: 'Fan-out user',
    });
    await writer.end();
    // Tokens as GET /api/auth/token issues them, signed with the instances' key (same database and secret).
    const minter = await openDatabase({ driver: 'pg', connectionString: database.url });
    const minterApp = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        AUTH_SECRET: authSecret,
        PUBLIC_URL: proxy,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
        DATA_DIR: webDistDir,
        WEB_DIST_DIR: webDistDir,
      }),
      db: minter.db,
    });
    const tokens: string[] = [];
    for (let start = 0; start < users.length; start += 50) {
      tokens.push(
        ...(await Promise.all(
          users.slice(start, start + 50).map(
            async (user) =>
              (
                await minterApp.auth.api.signJWT({
                  body: { payload: { sub: user.id, sid: user.sessionId, email: user.email } },
                })
              ).token,
          ),
        )),
      );
    }
    await minterApp.close();
    await minter.close();

    // ---- the streams, through nginx ----
    const waiting = new Map<string, (at: number) => void>();
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const perInstance = new Map<string, number>();
    const openStream = (token: string) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port: proxyPort,
            path: apiRoutes.streamNotifications.path,
            agent,
            headers: { authorization: `Bearer ${token}` },
          },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`stream: HTTP ${res.statusCode}`));
            const upstream = String(res.headers['x-cockpit-upstream']);
            perInstance.set(upstream, (perInstance.get(upstream) ?? 0) + 1);
            res.setEncoding('utf8');
            res.on(
              'data',
              sseBlocks((block, at) => {
                if (block.startsWith('event: snapshot')) resolve();
                else if (block.startsWith('event: upsert')) {
                  const marker = /"en":"(fanout-[^"]+)"/.exec(block)?.[1];
                  if (marker) waiting.get(marker)?.(at);
                }
              }),
            );
          },
        );
        req.on('error', reject);
        requests.push(req);
      });
    const openedAt = performance.now();
    for (let start = 0; start < tokens.length; start += 100)
      await Promise.all(tokens.slice(start, start + 100).map(openStream));
    console.log(
      `\n  ${streamCount.toLocaleString('en')} streams through nginx opened in ${((performance.now() - openedAt) / 1000).toFixed(1)} s ` +
        `(per instance: ${[...perInstance.values()].join(' / ')})`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // ---- "send to all" through nginx ----
    for (let round = 1; round <= sends; round += 1) {
      const lagBefore = await deliveryLag(instances);
      const cpuBefore = instances.map((instance) => cpuMs(instance.child.pid));
      const ownCpuBefore = process.cpuUsage();
      const marker = `fanout-${round}-${randomUUID().slice(0, 8)}`;
      const arrivals: number[] = [];
      const allArrived = new Promise<void>((resolve) => {
        waiting.set(marker, (at) => {
          arrivals.push(at - sentAt);
          if (arrivals.length === streamCount) resolve();
        });
      });
      const sentAt = performance.now();
      const response = await fetch(`${proxy}${apiRoutes.listSentNotifications.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          recipients: 'all',
          title: { en: marker, de: marker },
          text: { en: 'x', de: 'x' },
        }),
      });
      const answeredMs = performance.now() - sentAt;
      const cpuAtAnswer = instances.map((instance) => cpuMs(instance.child.pid));
      if (response.status !== 201)
        throw new Error(`send to all: HTTP ${response.status} ${await response.text()}`);
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000));
      if ((await Promise.race([allArrived, timeout])) === 'timeout') {
        console.log(`  send ${round}: only ${arrivals.length} of ${streamCount} streams got it within 30 s`);
        continue;
      }
      waiting.delete(marker);
      const cpuAfter = instances.map((instance) => cpuMs(instance.child.pid));
      const ownCpu = process.cpuUsage(ownCpuBefore);
      arrivals.sort((a, b) => a - b);
      console.log(
        `  send to all ${round}/${sends}: POST answered in ${ms(answeredMs)}; per-stream arrival p50 ${ms(percentile(arrivals, 50))}, ` +
          `p99 ${ms(percentile(arrivals, 99))}, last ${ms(arrivals.at(-1) ?? NaN)}   (target: last ≤ 1,000 ms: ${(arrivals.at(-1) ?? Infinity) <= 1_000 ? 'met' : 'MISSED'})`,
      );
      const lagAfter = await deliveryLag(instances);
      const batches = lagAfter.count - lagBefore.count;
      const slowest = [...lagAfter.le.entries()]
        .sort(([a], [b]) => a - b)
        .find(([le, count]) => count - (lagBefore.le.get(le) ?? 0) >= batches)?.[0];
      console.log(
        `    inside the instances (notice arrived → events written): ${batches} batches over 3 instances, mean ${ms(((lagAfter.sum - lagBefore.sum) / Math.max(1, batches)) * 1000)}, all ≤ ${slowest === undefined ? '?' : `${slowest * 1000} ms`}`,
      );
      // CPU time does not depend on what else the machine runs; wall-clock times above do.
      const spent = (from: number[], to: number[]) => to.map((value, i) => value - (from[i] ?? 0));
      console.log(
        `    CPU used: instances until the POST was answered ${spent(cpuBefore, cpuAtAnswer).join(' / ')} ms, ` +
          `then until the last arrival ${spent(cpuAtAnswer, cpuAfter).join(' / ')} ms; ` +
          `this client (5,000 streams) ${((ownCpu.user + ownCpu.system) / 1000).toFixed(0)} ms; load average ${os.loadavg()[0]?.toFixed(1)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const req of requests) req.destroy();
    requests.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // ---- menu throughput: nginx over three instances, and one instance directly ----
    console.log(`\n  GET /api/navigation/menu, ${connections} connections, ${durationSeconds} s each:`);
    const menuPath = `${apiRoutes.getMenu.path}?useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=en`;
    const direct = await menuLoad('one instance directly', `${instances[0]!.url}${menuPath}`, memberToken);
    const proxied = await menuLoad(
      'nginx → three instances (round robin)',
      `${proxy}${menuPath}`,
      memberToken,
    );
    console.log(
      `  ratio nginx+3 / one instance: ${((proxied / direct) * 100).toFixed(0)} % (all on this ${os.cpus().length}-core machine, load generator included)`,
    );
  } finally {
    for (const req of requests) req.destroy();
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
    bundle.remove();
    rmSync(webDistDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

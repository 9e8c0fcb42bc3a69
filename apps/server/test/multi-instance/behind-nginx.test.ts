import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiRoutes,
  integrityChallengeResponseSchema,
  integrityTokenHeader,
  integrityTokenResponseSchema,
  type MenuResponse,
  pathOf,
} from '@cockpit/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable, testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';
import { type SseStream, openNotificationStream } from '../helpers/sse-client';
import {
  type Instance,
  type Nginx,
  buildBundle,
  createDatabase,
  findNginx,
  freePort,
  repoRoot,
  startInstance,
  startNginx,
  upstreamHeader,
} from './cluster';

// docs/product.md §D.2 scale-out, decision 019: three real server processes (the bundle `npm start` runs) on one
// PostgreSQL database and Redis, started at the same moment on a fresh database, with Debian's nginx in
// front running deploy/nginx.conf. Everything a user does goes through the proxy; where a check needs one
// particular instance (warming its caches, acting "on another instance") it talks to that instance directly.
//
// Needs PostgreSQL (TEST_DATABASE_URL), Redis and nginx. Locally it is skipped when one is missing; in CI
// (CI=true, .ci/run installs nginx) a missing one fails the suite instead.

const postgresUrl = process.env.TEST_DATABASE_URL;
const nginxBinary = findNginx();
const redisUp = await redisReachable();
const missing = [
  ...(postgresUrl ? [] : ['TEST_DATABASE_URL']),
  ...(nginxBinary ? [] : ['nginx (apt-get install -y nginx)']),
  ...(redisUp ? [] : [`Redis at ${testRedisUrl}`]),
];
const runInCi = process.env.CI === 'true' || process.env.CI === '1';

/** Cross-instance changes must be applied everywhere within this (docs/product.md §D.2: "within a second"). */
const withinMs = 1_000;
const authSecret = 'multi-instance-secret-that-is-long-enough-0123456789';
const demo = {
  admin: { email: 'admin@example.com', password: 'Cockpit-admin-1' },
  member: { email: 'member@example.com', password: 'Cockpit-member-1' },
  basic: { email: 'basic@example.com', password: 'Cockpit-basic-1' },
  otherAdmin: { email: 'admin@beispiel.example', password: 'Beispiel-admin-1' },
};

describe.runIf(missing.length === 0 || runInCi)('three instances behind nginx (PostgreSQL, Redis)', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let bundle: Awaited<ReturnType<typeof buildBundle>>;
  let redisPrefix: ReturnType<typeof uniqueRedisPrefix>;
  let instances: Instance[] = [];
  let nginx: Nginx;
  let proxy = '';
  let webDistDir = '';
  let dataDir = '';
  let integrityToken = '';
  const open: SseStream[] = [];

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`the multi-instance suite needs ${missing.join(', ')}`);
    database = await createDatabase(postgresUrl ?? '');
    bundle = await buildBundle('server-multi-instance');
    redisPrefix = uniqueRedisPrefix();
    webDistDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-mi-web-'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>multi-instance</title>');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-mi-data-'));
    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: redisPrefix.prefix,
      AUTH_SECRET: authSecret,
      PUBLIC_URL: proxy,
      // One hop: nginx overwrites X-Forwarded-For with the address it saw (deploy/nginx.conf).
      TRUST_PROXY: '1',
      SEED_DEMO: 'true',
      SEED_SALES_ROWS: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      INTEGRITY_MAX_NUMBER: '20',
      INTEGRITY_COST: '1',
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '5',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000',
      SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
    };
    // All three at the same moment on the empty database: they race for the migrations and the seed.
    const started = await Promise.allSettled([0, 1, 2].map(() => startInstance(bundle.file, env)));
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    nginx = await startNginx(
      nginxBinary ?? 'nginx',
      instances.map((instance) => instance.port),
      proxyPort,
    );
    integrityToken = await solveIntegrity(proxy);
  }, 300_000);

  afterAll(async () => {
    for (const stream of open) stream.close();
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    bundle?.remove();
    await redisPrefix?.cleanup();
    for (const dir of [webDistDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  // ---- helpers ------------------------------------------------------------------------------------

  const instanceOf = (upstream: string | null) =>
    instances.findIndex((i) => upstream === `127.0.0.1:${i.port}`);

  async function signIn(base: string, { email, password }: { email: string; password: string }) {
    const response = await fetch(`${base}${apiRoutes.signInWithEmail.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxy, [integrityTokenHeader]: integrityToken },
      body: JSON.stringify({ email, password }),
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.split('=')[0]?.endsWith('session_token'));
    return { status: response.status, cookie: cookie ?? '', upstream: response.headers.get(upstreamHeader) };
  }

  async function session(user: { email: string; password: string }) {
    const { status, cookie } = await signIn(proxy, user);
    expect(status, `sign-in of ${user.email}`).toBe(200);
    const response = await fetch(`${proxy}${apiRoutes.getToken.path}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    return { cookie, token, userId: String(decodeJwt(token).sub), authorization: `Bearer ${token}` };
  }

  const get = (base: string, url: string, authorization: string) =>
    fetch(`${base}${url}`, { headers: { authorization } });
  const send = (base: string, method: string, url: string, authorization: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Streams through nginx until every instance holds at least one of them. */
  async function streamsOnEveryInstance(token: string): Promise<SseStream[]> {
    const byInstance = new Map<number, SseStream>();
    for (let attempt = 0; attempt < 12 && byInstance.size < instances.length; attempt += 1) {
      const stream = await openNotificationStream(proxy, token);
      open.push(stream);
      expect(stream.status).toBe(200);
      await stream.next((event) => event.type === 'snapshot');
      const index = instanceOf(stream.headers.get(upstreamHeader));
      if (index >= 0 && !byInstance.has(index)) byInstance.set(index, stream);
      else stream.close();
    }
    expect(byInstance.size, 'round robin reached every instance').toBe(instances.length);
    return [...byInstance.values()];
  }

  /** Resolves with the ms until `check` holds (polled every 20 ms), failing after `timeoutMs`. */
  async function msUntil(
    check: () => Promise<boolean>,
    startedAt: number,
    timeoutMs = 10_000,
  ): Promise<number> {
    for (;;) {
      if (await check()) return performance.now() - startedAt;
      if (performance.now() - startedAt > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const endedWithin = (stream: SseStream, timeoutMs: number) =>
    Promise.race([
      stream.ended.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
    ]);

  // ---- the checks --------------------------------------------------------------------------------

  it('three instances started at once on a fresh database migrate exactly once (advisory lock)', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(repoRoot, 'apps/server/drizzle/meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    // Production writes its log lines through a buffer flushed at least once a second (decision 028):
    // wait until every instance's start-up line has reached its output.
    const started = (instance: (typeof instances)[number]) =>
      instance.logged('database migrations applied').length +
        instance.logged('database schema up to date').length >
      0;
    for (let waited = 0; waited < 10_000 && !instances.every(started); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const applied = instances.flatMap((instance) => instance.logged('database migrations applied'));
    const upToDate = instances.flatMap((instance) => instance.logged('database schema up to date'));
    expect(applied, 'exactly one instance applied the migrations').toHaveLength(1);
    expect(applied[0]?.applied).toBe(journal.entries.length);
    expect(upToDate).toHaveLength(instances.length - 1);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const migrations = await client.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(migrations.rows[0]?.count).toBe(journal.entries.length);
      // The demo seed ran under its own lock: one of each demo account.
      const users = await client.query<{ count: number }>(
        `select count(*)::int as count from "user" where email = any($1::text[])`,
        [Object.values(demo).map((user) => user.email)],
      );
      expect(users.rows[0]?.count).toBe(4);
    } finally {
      await client.end();
    }
  });

  it('nginx spreads requests over every instance (round robin, no stickiness) and passes the health checks', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${proxy}${apiRoutes.getReadiness.path}`);
      expect(response.status).toBe(200);
      seen.add(instanceOf(response.headers.get(upstreamHeader)));
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it('signs in through the proxy: session cookie, bearer token, API calls answered by any instance', async () => {
    const member = await session(demo.member);
    for (let i = 0; i < 3; i += 1) {
      const menu = await get(proxy, apiRoutes.getMenu.path, member.authorization);
      expect(menu.status).toBe(200);
    }
    // The token issued through one instance is accepted by every instance (one signing key in the database).
    for (const instance of instances)
      expect((await get(instance.url, apiRoutes.getMenu.path, member.authorization)).status).toBe(200);
  });

  it('a live notification sent through any instance reaches the streams held by every instance', async () => {
    const member = await session(demo.member);
    const admin = await session(demo.admin);
    const streams = await streamsOnEveryInstance(member.token);
    for (const [index, instance] of instances.entries()) {
      const title = `Through instance ${index} ${Date.now()}`;
      const sent = await send(
        instance.url,
        'POST',
        apiRoutes.listSentNotifications.path,
        admin.authorization,
        {
          recipients: [member.userId],
          title: { en: title, de: title },
          text: { en: 'Hello', de: 'Hallo' },
        },
      );
      expect(sent.status).toBe(201);
      await Promise.all(
        streams.map((stream) =>
          stream.next((event) => event.type === 'upsert' && event.notification.content.title.en === title, {
            timeoutMs: 5_000,
          }),
        ),
      );
    }
  });

  it('sign-out on one instance ends bearer access and the streams held by the others within 1 s', async () => {
    const member = await session(demo.member);
    const streams = await streamsOnEveryInstance(member.token);
    // Every instance has this session in its bearer-check cache (decision 014).
    for (const instance of instances)
      expect((await get(instance.url, apiRoutes.getMenu.path, member.authorization)).status).toBe(200);

    const signedOut = await fetch(`${instances[0]!.url}${apiRoutes.signOut.path}`, {
      method: 'POST',
      headers: { cookie: member.cookie, origin: proxy, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signedOut.status).toBe(200);
    // From the moment the sign-out is acknowledged.
    const startedAt = performance.now();
    const ended = await Promise.all(streams.map((stream) => endedWithin(stream, withinMs + 500)));
    expect(ended, 'every stream ended').toEqual(streams.map(() => true));
    const ms = await msUntil(async () => {
      const statuses = await Promise.all(
        instances.map(async (i) => (await get(i.url, apiRoutes.getMenu.path, member.authorization)).status),
      );
      return statuses.every((status) => status === 401);
    }, startedAt);
    expect(ms, 'bearer refused on every instance').toBeLessThan(withinMs);
  });

  it('deactivation on one instance ends bearer access and the streams held by the others within 1 s', async () => {
    const admin = await session(demo.admin);
    const basic = await session(demo.basic);
    const streams = await streamsOnEveryInstance(basic.token);
    for (const instance of instances)
      expect((await get(instance.url, apiRoutes.getMenu.path, basic.authorization)).status).toBe(200);

    const deactivated = await send(
      instances[1]!.url,
      'POST',
      pathOf(apiRoutes.deactivateUser, { id: basic.userId }),
      admin.authorization,
      {},
    );
    expect(deactivated.status).toBe(200);
    const startedAt = performance.now();
    try {
      const ended = await Promise.all(streams.map((stream) => endedWithin(stream, withinMs + 500)));
      expect(ended, 'every stream ended').toEqual(streams.map(() => true));
      const ms = await msUntil(async () => {
        const statuses = await Promise.all(
          instances.map(async (i) => (await get(i.url, apiRoutes.getMenu.path, basic.authorization)).status),
        );
        return statuses.every((status) => status === 401);
      }, startedAt);
      expect(ms, 'bearer refused on every instance').toBeLessThan(withinMs);
    } finally {
      const reactivated = await send(
        instances[1]!.url,
        'POST',
        pathOf(apiRoutes.reactivateUser, { id: basic.userId }),
        admin.authorization,
        {},
      );
      expect(reactivated.status).toBe(200);
    }
  });

  it('a pin made through one instance shows in the menu fetched from the others within 1 s', async () => {
    const member = await session(demo.member);
    const menuOf = async (base: string) => {
      const response = await get(base, apiRoutes.getMenu.path, member.authorization);
      expect(response.status).toBe(200);
      return (await response.json()) as MenuResponse;
    };
    const item = (await menuOf(instances[0]!.url)).groups
      .flatMap((group) => group.items)
      .find((candidate) => !candidate.isPinned && candidate.path !== null);
    if (!item) throw new Error('the demo menu has no unpinned report');
    const pinnedOn = async (base: string) =>
      (await menuOf(base)).groups
        .flatMap((group) => group.items)
        .some((i) => i.name === item.name && i.isPinned);
    // Every instance has the menu answer cached (decision 014) before the pin.
    for (const instance of instances) expect(await pinnedOn(instance.url)).toBe(false);

    const pinned = await send(instances[0]!.url, 'PUT', apiRoutes.updatePin.path, member.authorization, {
      kind: 'report',
      name: item.name,
      isPinned: true,
    });
    expect(pinned.status).toBe(200);
    const startedAt = performance.now();
    const ms = await msUntil(
      async () => (await Promise.all(instances.slice(1).map((i) => pinnedOn(i.url)))).every(Boolean),
      startedAt,
    );
    expect(ms, 'the pin shows on the other instances').toBeLessThan(withinMs);
  });

  it('sign-in limits count the same whichever instance answers (Redis)', async () => {
    const answeredBy = new Set<number>();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failed = await signIn(proxy, { email: demo.otherAdmin.email, password: 'wrong-password-123' });
      expect(failed.status).toBe(401);
      answeredBy.add(instanceOf(failed.upstream));
    }
    expect(answeredBy.size, 'the failures were counted on several instances').toBeGreaterThan(1);
    // The sixth attempt is refused by every instance, the right password included.
    for (const instance of instances) {
      const refused = await signIn(instance.url, demo.otherAdmin);
      expect(refused.status, `instance on ${instance.port}`).toBe(429);
    }
    expect((await signIn(proxy, demo.otherAdmin)).status).toBe(429);
  });

  it('stopping one instance: its clients reconnect through nginx to another with a fresh snapshot, no acknowledged write lost', async () => {
    const member = await session(demo.member);
    const admin = await session(demo.admin);
    // Unread notifications to mark as read while an instance goes away.
    const uids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const title = `Before the stop ${i}`;
      const sent = await send(proxy, 'POST', apiRoutes.listSentNotifications.path, admin.authorization, {
        recipients: [member.userId],
        title: { en: title, de: title },
        text: { en: 'x', de: 'x' },
      });
      expect(sent.status).toBe(201);
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const rows = await client.query<{ uid: string }>(
        `select uid from notifications where user_id = $1 and was_read = false order by date desc limit 30`,
        [member.userId],
      );
      uids.push(...rows.rows.map((row) => row.uid));
    } finally {
      await client.end();
    }
    expect(uids).toHaveLength(30);

    const streams = await streamsOnEveryInstance(member.token);
    const stopped = instances.length - 1;
    const onStopped = streams.find((stream) => instanceOf(stream.headers.get(upstreamHeader)) === stopped)!;

    // A client that writes through nginx and retries what was not acknowledged, as the web app does.
    const acknowledged = new Set<string>();
    const writer = (async () => {
      for (const uid of uids) {
        for (let attempt = 0; attempt < 50 && !acknowledged.has(uid); attempt += 1) {
          const response = await send(
            proxy,
            'PATCH',
            pathOf(apiRoutes.updateNotification, { uid }),
            member.authorization,
            {
              wasRead: true,
            },
          ).catch(() => null);
          if (response?.status === 200) acknowledged.add(uid);
          else await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const exitCode = await instances[stopped]!.stop();
    expect(exitCode).toBe(0);
    // Its stream ended with the instance; the client reconnects through nginx and lands on another one.
    await onStopped.ended;
    const reconnected = await openNotificationStream(proxy, member.token);
    open.push(reconnected);
    expect(reconnected.status).toBe(200);
    expect(instanceOf(reconnected.headers.get(upstreamHeader))).not.toBe(stopped);
    await reconnected.next((event) => event.type === 'snapshot');
    await writer;
    expect(acknowledged.size).toBe(uids.length);

    // A fresh snapshot (through nginx, from a remaining instance) shows every acknowledged write.
    const fresh = await openNotificationStream(proxy, member.token);
    open.push(fresh);
    const snapshot = await fresh.next((event) => event.type === 'snapshot');
    if (snapshot.type !== 'snapshot') throw new Error('unexpected event');
    const read = new Set(snapshot.notifications.filter((n) => n.wasRead).map((n) => n.uid));
    for (const uid of acknowledged) expect(read.has(uid), uid).toBe(true);
    // And nginx keeps answering with one instance down.
    for (let i = 0; i < 4; i += 1)
      expect((await get(proxy, apiRoutes.getMenu.path, member.authorization)).status).toBe(200);
  });
});

async function solveIntegrity(base: string): Promise<string> {
  const challengeResponse = await fetch(`${base}${apiRoutes.getIntegrityChallenge.path}`);
  const { challenge } = integrityChallengeResponseSchema.parse(await challengeResponse.json());
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the integrity challenge could not be solved');
  const verified = await fetch(`${base}${apiRoutes.verifyIntegrity.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge, solution, useBackendTranslation: false, isoLanguageName: 'en' }),
  });
  return integrityTokenResponseSchema.parse(await verified.json()).token;
}

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database';
import { insertBenchUsers } from './support/bench-users';
import { sseBlocks } from './support/sse-blocks';
import { percentile } from './support/percentile';

// Live notifications figures: commit-to-delivery latency (p50/p99) of live notifications with 1,000 and 5,000 open
// streams on ONE server process, and the server's memory per open stream. Targets: p99 ≤ 100 ms at 5,000
// streams, ≤ 30 KB per stream. The server runs in a child process (its memory is measured alone); the
// streams are plain HTTP connections from this process; changes are INSERTs on a separate connection.
//
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); it creates and
// drops a database of its own.

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const steps = [1_000, 5_000];
const singleSamples = 200;
const notificationsPerUser = 3;

type Stream = { request: http.ClientRequest; userId: string; snapshot: Promise<void> };
type Arrival = (marker: string, at: number) => void;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function reply<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`the bench server exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function request<T>(child: ChildProcess, message: object, type: string): Promise<T> {
  const answer = reply<T>(child, type);
  child.send(message);
  return answer;
}

async function main(): Promise<void> {
  const maxStreams = Math.max(...steps);
  const name = `cockpit_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let child: ChildProcess | undefined;
  const streams: Stream[] = [];
  const writer = new pg.Client({ connectionString: databaseUrl });

  try {
    // ---- data: one organisation, 5,000 users with a session and a few notifications each ----
    const database = await openDatabase({ driver: 'pg', connectionString: databaseUrl });
    await database.migrate();
    await database.close();
    await writer.connect();
    const organisationId = randomUUID();
    await writer.query(`insert into organisations (id, name) values ($1, 'Bench GmbH')`, [organisationId]);
    const users = await insertBenchUsers(writer, organisationId, {
      count: maxStreams,
      prefix: 'bench',
      name: 'Bench user',
    });
    await writer.query(
      `insert into notifications (user_id, date, content)
       select u.id, now() - (n || ' days')::interval,
              jsonb_build_object('title', jsonb_build_object('en', 'Seeded ' || n, 'de', 'Vorab ' || n),
                                 'text', jsonb_build_object('en', repeat('Text ', 40), 'de', repeat('Text ', 40)))
       from unnest($1::text[]) as u(id), generate_series(1, $2::int) as n`,
      [users.map((u) => u.id), notificationsPerUser],
    );

    // ---- the server process ----
    child = fork(
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/notifications-bench-server.ts'),
      [databaseUrl],
      {
        execArgv: ['--expose-gc', '--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const { address } = await reply<{ address: string }>(child, 'ready');
    const { port } = new URL(address);
    const { tokens } = await request<{ tokens: string[] }>(child, { type: 'tokens', users }, 'tokens');
    const memory = async () =>
      (await request<{ usage: NodeJS.MemoryUsage }>(child!, { type: 'memory' }, 'memory')).usage;

    const waiting = new Map<string, Arrival>();
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const openStream = (index: number): Stream => {
      let resolveSnapshot!: () => void;
      let rejectSnapshot!: (error: Error) => void;
      const snapshot = new Promise<void>((resolve, reject) => {
        resolveSnapshot = resolve;
        rejectSnapshot = reject;
      });
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/notifications/stream',
          agent,
          headers: { authorization: `Bearer ${tokens[index]}` },
        },
        (res) => {
          if (res.statusCode !== 200) rejectSnapshot(new Error(`stream ${index}: HTTP ${res.statusCode}`));
          res.setEncoding('utf8');
          res.on(
            'data',
            sseBlocks((block, at) => {
              if (block.startsWith('event: snapshot')) resolveSnapshot();
              else if (block.startsWith('event: upsert')) {
                const marker = /"en":"(bench-[^"]+)"/.exec(block)?.[1];
                if (marker) waiting.get(marker)?.(marker, at);
              }
            }),
          );
        },
      );
      req.on('error', (error) => rejectSnapshot(error));
      return { request: req, userId: users[index]!.id, snapshot };
    };

    // Warm up code paths (and the pool) before the baseline.
    const warm = Array.from({ length: 50 }, (_, i) => openStream(i));
    await Promise.all(warm.map((s) => s.snapshot));
    for (const s of warm) s.request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = await memory();

    let markerSeq = 0;
    const results: string[] = [];
    for (const target of steps) {
      const openedAt = performance.now();
      while (streams.length < target) {
        const batch = Array.from({ length: Math.min(100, target - streams.length) }, (_, i) =>
          openStream(streams.length + i),
        );
        streams.push(...batch);
        await Promise.all(batch.map((s) => s.snapshot));
      }
      const openSeconds = (performance.now() - openedAt) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const usage = await memory();
      const perStreamRss = (usage.rss - baseline.rss) / streams.length;
      const perStreamHeap =
        (usage.heapUsed + usage.external - baseline.heapUsed - baseline.external) / streams.length;

      // One notification at a time to a random user with an open stream: INSERT issued → event read.
      const single: number[] = [];
      for (let i = 0; i < singleSamples; i += 1) {
        const stream = streams[Math.floor(Math.random() * streams.length)]!;
        const marker = `bench-${++markerSeq}`;
        const arrived = new Promise<number>((resolve) => waiting.set(marker, (_m, at) => resolve(at)));
        const sentAt = performance.now();
        await writer.query(
          `insert into notifications (user_id, content) values ($1, jsonb_build_object('title', jsonb_build_object('en', $2::text, 'de', $2::text), 'text', jsonb_build_object('en', 'x', 'de', 'x')))`,
          [stream.userId, marker],
        );
        single.push((await arrived) - sentAt);
        waiting.delete(marker);
      }
      single.sort((a, b) => a - b);

      // One INSERT of a row for every user with an open stream (an administrator's "send to all").
      const marker = `bench-${++markerSeq}`;
      const broadcast: number[] = [];
      const allArrived = new Promise<void>((resolve) => {
        waiting.set(marker, (_m, at) => {
          broadcast.push(at - broadcastAt);
          if (broadcast.length === streams.length) resolve();
        });
      });
      const broadcastAt = performance.now();
      await writer.query(
        `insert into notifications (user_id, content)
         select id, jsonb_build_object('title', jsonb_build_object('en', $2::text, 'de', $2::text), 'text', jsonb_build_object('en', 'x', 'de', 'x'))
         from unnest($1::text[]) as u(id)`,
        [streams.map((s) => s.userId), marker],
      );
      await allArrived;
      waiting.delete(marker);
      broadcast.sort((a, b) => a - b);

      results.push(
        [
          `${target.toLocaleString('en')} open streams (opened in ${openSeconds.toFixed(1)} s):`,
          `  one notification to one user, commit-to-delivery over ${singleSamples} samples: p50 ${ms(percentile(single, 50))}, p99 ${ms(percentile(single, 99))}, max ${ms(single.at(-1) ?? NaN)}`,
          `  one INSERT to all ${target.toLocaleString('en')} users, per-stream delivery: p50 ${ms(percentile(broadcast, 50))}, p99 ${ms(percentile(broadcast, 99))}, last ${ms(broadcast.at(-1) ?? NaN)}`,
          `  server memory per open stream: ${kb(perStreamRss)} RSS, ${kb(perStreamHeap)} JS heap + external (RSS ${(usage.rss / 1048576).toFixed(0)} MB, baseline ${(baseline.rss / 1048576).toFixed(0)} MB)`,
        ].join('\n'),
      );
      console.log(results.at(-1));
    }
    console.log('\nTargets: p99 ≤ 100 ms at 5,000 streams on one process; ≤ 30 KB memory per open stream.');
  } finally {
    for (const stream of streams) stream.request.destroy();
    if (child?.connected) {
      child.send({ type: 'stop' });
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    await writer.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

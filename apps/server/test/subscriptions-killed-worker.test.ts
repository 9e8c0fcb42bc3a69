import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import {
  type SubscriptionBody,
  apiRoutes,
  deliveriesResponseSchema,
  pathOf,
  subscriptionViewSchema,
} from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers } from './helpers/build-test-app';
import { type SmtpSink, startSmtpSink } from './helpers/smtp-sink';
import { serverBundle } from './helpers/server-bundle';

// A process killed during a send (decision 029): a server process (main.ts, a child process) works the
// jobs of one PostgreSQL database; while it sends a delivery's mail — the SMTP server holds the DATA phase
// — it is killed with SIGKILL. Another process started afterwards completes the delivery exactly once:
// the dead worker's heartbeat lapses (DELIVERY_HEARTBEAT_SECONDS), the job is retried, the mail arrives
// once, counted at a real SMTP server. The settings are the ones production uses, set shorter here.

const postgresUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!postgresUrl)('a worker process killed during a send (postgres)', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  const children: ChildProcess[] = [];
  const jobSettings = {
    DELIVERY_RETRIES: '3',
    DELIVERY_RETRY_DELAY_SECONDS: '1',
    DELIVERY_HEARTBEAT_SECONDS: '10',
    JOBS_MONITOR_INTERVAL_SECONDS: '1',
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // This process only queues jobs (BACKGROUND_JOBS is off in tests); the child processes work them.
    t = await buildTestApp('postgres', { env: { SMTP_URL: smtp.url, ...jobSettings } });
  }, 120_000);
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t?.close();
    await smtp?.close();
  });

  /** `npm start`'s entry point on the test's database, working the jobs; resolves once it is running. */
  async function startWorker(): Promise<{ child: ChildProcess; output: () => string }> {
    const port = await freePort();
    const connectionString = String(
      (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString,
    );
    const child = spawn(process.execPath, [serverBundle()], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        AUTH_SECRET: t.config.authSecret,
        DATABASE_URL: connectionString,
        REDIS_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        BACKGROUND_JOBS: 'true',
        SMTP_URL: smtp.url,
        ...jobSettings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(() => output.includes('Report Cockpit is running') || child.exitCode !== null, {
        timeout: 120_000,
        interval: 250,
      })
      .toBe(true);
    expect(child.exitCode, output).toBeNull();
    return { child, output: () => output };
  }

  it('completes the delivery exactly once after a restart', { timeout: 300_000 }, async () => {
    const admin = await t.bearer(demoUsers.admin);
    const [member] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.member));
    const body: SubscriptionBody = {
      targetKind: 'report',
      targetName: 'totalviewlayout',
      schedule: { every: 'day', time: '07:00' },
      include: { charts: false, tableRows: 3, attachment: 'none' },
      recipients: { userIds: [member!.id], audience: null },
    };
    const created = await t.app.inject({
      method: 'POST',
      url: apiRoutes.createSubscription.path,
      headers: admin,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = subscriptionViewSchema.parse(created.json());

    const first = await startWorker();
    const held = smtp.holdNext();
    const sent = await t.app.inject({
      method: 'POST',
      url: pathOf(apiRoutes.sendSubscriptionNow, { id }),
      headers: admin,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(202);

    // The mail is on the wire, not yet accepted: the worker dies.
    const message = await held;
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const deliveries = async () =>
      deliveriesResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: apiRoutes.listDeliveries.path, headers: admin })).json(),
      ).deliveries;
    expect((await deliveries()).map((delivery) => delivery.status)).toEqual(['sending']);
    expect(smtp.mails).toHaveLength(0);

    const second = await startWorker();
    await expect
      .poll(async () => (await deliveries()).map((delivery) => delivery.status), {
        timeout: 180_000,
        interval: 500,
      })
      .toEqual(['sent']);
    const [delivery] = await deliveries();
    expect(delivery!.attempts, second.output()).toBe(2);
    // The held message's client is gone: accepting it now adds nothing.
    message.release();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.to(demoUsers.member)).toHaveLength(1);
    expect(smtp.mails[0]!.messageId).toBe(`<${delivery!.id}@report-cockpit.invalid>`);
  });
});

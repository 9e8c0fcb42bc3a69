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
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { user } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers, testConfig, testDrivers } from './helpers/build-test-app';
import { type SmtpSink, startSmtpSink } from './helpers/smtp-sink';

// Exactly once across instances (decision 029): three server instances work the background jobs of one
// database (on PostgreSQL three connection pools, on PGlite three apps on the one in-process database);
// every delivery of "send now" to many recipients arrives exactly once — counted at a real SMTP server.

describe.each(testDrivers())('subscriptions across three instances (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpSink;
  const others: { app: App; database: DatabaseHandle | null }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const env = {
      BACKGROUND_JOBS: 'true',
      SMTP_URL: smtp.url,
      DELIVERY_RETRIES: '1',
      DELIVERY_RETRY_DELAY_SECONDS: '1',
    };
    t = await buildTestApp(driver, { env });
    for (let index = 0; index < 2; index++) {
      // Another instance: its own pool on the same PostgreSQL database, or the same embedded database.
      const database =
        driver === 'postgres'
          ? await openDatabase({
              driver: 'pg',
              connectionString: String(
                (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString,
              ),
            })
          : null;
      const app = await buildApp({ config: testConfig(env), db: database?.db ?? t.database.db });
      await app.ready();
      others.push({ app, database });
    }
  }, 180_000);
  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      await other.database?.close();
    }
    await t?.close();
    await smtp?.close();
  });

  // Generous: three instances poll one embedded database on a busy two-core machine.
  it(
    'sends each delivery exactly once while three instances work the jobs',
    { timeout: 300_000 },
    async () => {
      const headers = await t.bearer(demoUsers.admin);
      const recipients = [demoUsers.member, demoUsers.basic, demoUsers.admin];
      const userIds = [];
      for (const email of recipients) {
        const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
        userIds.push(row!.id);
      }
      const body: SubscriptionBody = {
        targetKind: 'report',
        targetName: 'totalviewlayout',
        schedule: { every: 'day', time: '07:00' },
        include: { charts: false, tableRows: 3, attachment: 'none' },
        recipients: { userIds, audience: null },
      };
      const ids: string[] = [];
      for (let index = 0; index < 5; index++) {
        const created = await t.app.inject({
          method: 'POST',
          url: apiRoutes.createSubscription.path,
          headers,
          payload: body,
        });
        expect(created.statusCode, created.body).toBe(201);
        ids.push(subscriptionViewSchema.parse(created.json()).id);
      }
      // "Send now" through different instances, twice for each subscription (a double click).
      const instances = [t.app, ...others.map((other) => other.app)];
      for (const [index, id] of ids.entries()) {
        for (const app of [instances[index % 3]!, instances[(index + 1) % 3]!]) {
          const sent = await app.inject({
            method: 'POST',
            url: pathOf(apiRoutes.sendSubscriptionNow, { id }),
            headers,
            payload: {},
          });
          expect(sent.statusCode, sent.body).toBe(202);
        }
      }
      const expected = ids.length * 2 * recipients.length;
      const deadline = Date.now() + 280_000;
      let deliveries = deliveriesResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: apiRoutes.listDeliveries.path, headers })).json(),
      ).deliveries;
      while (deliveries.length < expected || deliveries.some((delivery) => delivery.status !== 'sent')) {
        if (Date.now() > deadline)
          throw new Error(`not all sent: ${JSON.stringify(deliveries.map((d) => d.status))}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        deliveries = deliveriesResponseSchema.parse(
          (await t.app.inject({ method: 'GET', url: apiRoutes.listDeliveries.path, headers })).json(),
        ).deliveries;
      }
      expect(deliveries).toHaveLength(expected);
      expect(deliveries.every((delivery) => delivery.attempts === 1)).toBe(true);
      // Each delivery's mail arrived once: as many mails as deliveries, each Message-ID once.
      expect(smtp.mails).toHaveLength(expected);
      expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(expected);
      for (const email of recipients) expect(smtp.to(email)).toHaveLength(ids.length * 2);
    },
  );
});

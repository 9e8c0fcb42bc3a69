import {
  type Delivery,
  type SubscriptionBody,
  apiRoutes,
  deliveriesResponseSchema,
  pathOf,
  subscriptionViewSchema,
} from '@cockpit/contracts';
import { expect } from 'vitest';
import { user } from '../../src/db/core-tables';
import { type TestApp, type TestDriver, buildTestApp, type demoUsers } from './build-test-app';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { organisationIdOf } from './uploaded-tables';

// What the subscription suites share (decision 029): an app that works the background jobs and sends its
// mails to a real SMTP server, and the calls a subscriber makes.

export type DemoEmail = (typeof demoUsers)[keyof typeof demoUsers];

export interface SubscriptionsApp {
  t: TestApp;
  smtp: SmtpSink;
  organisationId: string;
  /** User ids by e-mail address. */
  ids: Record<string, string>;
}

/** An app working the jobs, one retry a second after a failure, mails to a fresh SMTP server. */
export async function startSubscriptionsApp(
  driver: TestDriver,
  options: { salesRows?: number } = {},
): Promise<SubscriptionsApp> {
  const smtp = await startSmtpSink();
  const t = await buildTestApp(driver, {
    ...options,
    env: {
      BACKGROUND_JOBS: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Report Cockpit <cockpit@example.com>',
      DELIVERY_RETRIES: '1',
      DELIVERY_RETRY_DELAY_SECONDS: '1',
    },
  });
  const ids: Record<string, string> = {};
  for (const row of await t.database.db.select({ id: user.id, email: user.email }).from(user))
    ids[row.email] = row.id;
  return { t, smtp, organisationId: await organisationIdOf(t), ids };
}

const finished = (delivery: Delivery) => !['queued', 'sending', 'retrying'].includes(delivery.status);

/** Subscribing, "send now" and waiting for the deliveries, as `email` through the API of `app()`. */
export function subscriberCalls(app: () => TestApp) {
  return {
    async subscribe(email: DemoEmail, body: SubscriptionBody) {
      const response = await app().as(email, 'POST', apiRoutes.createSubscription.path, body);
      expect(response.statusCode, response.body).toBe(201);
      return subscriptionViewSchema.parse(response.json());
    },

    async sendNow(email: DemoEmail, id: string) {
      const response = await app().as(email, 'POST', pathOf(apiRoutes.sendSubscriptionNow, { id }));
      expect(response.statusCode, response.body).toBe(202);
      return response.json<{ deliveries: number }>().deliveries;
    },

    /** The subscription's deliveries once all `count` of them have finished (generous: a busy machine). */
    async settled(email: DemoEmail, subscriptionId: string, count: number): Promise<Delivery[]> {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const response = await app().as(
          email,
          'GET',
          `${apiRoutes.listMyDeliveries.path}?subscriptionId=${subscriptionId}`,
        );
        const { deliveries } = deliveriesResponseSchema.parse(response.json());
        if (deliveries.length >= count && deliveries.every(finished)) return deliveries;
        if (Date.now() > deadline)
          throw new Error(`deliveries did not finish: ${JSON.stringify(deliveries)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
}

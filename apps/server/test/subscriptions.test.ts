import {
  type CatalogueDocument,
  type SubscriptionBody,
  apiRoutes,
  catalogueDocumentSchema,
  deliveriesResponseSchema,
  pathOf,
  subscriptionsResponseSchema,
} from '@cockpit/contracts';
import { Resvg } from '@resvg/resvg-js';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { notifications } from '../src/features/notifications/notifications-schema';
import { user, userAttributes } from '../src/db/core-tables';
import { uploadsSchemaName } from '../src/data-sources';
import { queues } from '../src/features/subscriptions/subscriptions-service';
import { type TestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { createUploadedTable } from './helpers/uploaded-tables';
import { type SmtpSink } from './helpers/smtp-sink';
import { type DemoEmail, startSubscriptionsApp, subscriberCalls } from './helpers/subscription-apps';

// Reports that come to people (docs/decisions/029-subscriptions-alerts-and-background-work.md): a real SMTP
// server receives the mails; each delivery renders as its recipient (audiences, user attributes, language,
// culture); statuses for skipped, refused and failed deliveries; the unsubscribe link; alerts once per
// crossing; hostile subscriptions refused.

type Email = DemoEmail;

const orders = [
  ['2026-01-05', 'North', 120.5],
  ['2026-01-20', 'South', 80],
  ['2026-02-03', 'North', 30.25],
  ['2026-02-14', 'West', 200],
  ['2026-03-01', 'South', 55.75],
] as const;

const ordersByMonth = {
  name: 'sub-orders-by-month',
  source: 'uploads',
  sql: `select to_char(day, 'YYYY-MM-01') as month, sum(amount) as amount, count(*) as orders
from orders
where day between {{period.from}} and {{period.to}}
  [[ and region = any({{regions}}) ]]
group by 1
order by 1`,
  parameters: [
    {
      name: 'period',
      type: 'date-range',
      label: { en: 'Period', de: 'Zeitraum' },
      required: true,
      default: { from: '2026-01-01', to: '2026-12-31' },
    },
    {
      name: 'regions',
      type: 'multi-choice',
      label: { en: 'Regions', de: 'Regionen' },
      options: [{ value: 'North' }, { value: 'South' }, { value: 'West' }],
    },
  ],
  columns: [
    { name: 'month', label: { en: 'Month', de: 'Monat' }, format: 'month' },
    { name: 'amount', label: { en: 'Amount', de: 'Betrag' }, format: 'currency' },
    { name: 'orders', label: { en: 'Orders', de: 'Bestellungen' }, format: 'integer' },
  ],
  visuals: [
    { type: 'chart', id: 'trend', kind: 'bar', x: 'month', series: ['amount'] },
    { type: 'table', id: 'table', columns: ['month', 'amount', 'orders'] },
  ],
  cacheSeconds: 0,
};

const myRegion = {
  name: 'sub-my-region',
  source: 'uploads',
  sql: 'select region, sum(amount) as amount from orders where region = any({{user.attributes.region}}) group by 1 order by 1',
  parameters: [],
  columns: [],
  visuals: [{ type: 'table', id: 'table' }],
  cacheSeconds: 0,
};

const schedule: SubscriptionBody['schedule'] = { every: 'weekdays', time: '07:30', weekdays: [1, 3] };
const include: SubscriptionBody['include'] = { charts: true, tableRows: 5, attachment: 'csv' };

describe.each(testDrivers())('subscriptions (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let organisationId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({ t, smtp, organisationId, ids } = await startSubscriptionsApp(driver));
    await createUploadedTable(
      t,
      organisationId,
      'orders',
      'day date not null, region text not null, amount numeric(12,2) not null',
      orders,
    );
    const document = catalogueDocumentSchema.parse(
      (await call(demoUsers.admin, 'GET', apiRoutes.exportCatalogue.path)).json(),
    );
    const withOwn: CatalogueDocument = {
      ...document,
      definitions: [
        ...(document.definitions ?? []),
        ordersByMonth,
        myRegion,
      ] as CatalogueDocument['definitions'],
      menu: [
        ...document.menu,
        {
          name: 'sub-own-data',
          title: { en: 'Own data' },
          items: [
            {
              name: 'sub-orders',
              title: { en: 'Orders by month', de: 'Bestellungen je Monat' },
              report: { kind: 'query', definition: ordersByMonth.name },
            },
            {
              name: 'sub-my-region',
              title: { en: 'My region' },
              report: { kind: 'query', definition: myRegion.name },
            },
            {
              name: 'sub-pro-orders',
              title: { en: 'Pro orders' },
              audience: { subscriptions: ['pro'] },
              report: { kind: 'query', definition: ordersByMonth.name },
            },
          ],
        },
      ] as CatalogueDocument['menu'],
    };
    const imported = await call(demoUsers.admin, 'PUT', apiRoutes.importCatalogue.path, withOwn);
    expect(imported.statusCode, imported.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  function call(email: Email, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    return t.as(email, method, url, payload);
  }

  const { subscribe, sendNow, settled } = subscriberCalls(() => t);

  const noticesOf = async (email: string) =>
    t.database.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.userId, ids[email]!));

  const link = (mail: ParsedMail, pattern: RegExp) => {
    const found = pattern.exec(mail.text ?? '');
    if (!found) throw new Error(`no link ${pattern} in ${mail.text}`);
    return found[0];
  };

  it('sends a member the report with its values, chart image, first rows and CSV, and the link works once', async () => {
    const created = await subscribe(demoUsers.member, {
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule,
      parameterValues: { period: { from: '2026-01-01', to: '2026-02-28' }, regions: ['North', 'West'] },
      include,
    });
    expect(created).toMatchObject({ title: 'Orders by month', paused: false, timeZone: 'UTC' });

    // The schedule is pg-boss's, derived from the structured one, in the owner's time zone.
    const boss = await t.app.jobs.boss();
    const [scheduled] = await boss.getSchedules(queues.run, created.id);
    expect(scheduled).toMatchObject({ cron: '30 7 * * 1,3', timezone: 'UTC' });

    expect(await sendNow(demoUsers.member, created.id)).toBe(1);
    const [delivery] = await settled(demoUsers.member, created.id, 1);
    expect(delivery).toMatchObject({ status: 'sent', recipientEmail: demoUsers.member, attempts: 1 });

    const [mail] = smtp.to(demoUsers.member);
    expect(mail?.subject).toBe('Orders by month: your report');
    expect(mail?.from?.text).toContain('cockpit@example.com');
    // Values used, data as of, the first rows in the reader's culture (member follows the browser → en-GB).
    expect(mail?.text).toContain('Period: 01/01/2026 – 28/02/2026');
    expect(mail?.text).toContain('Regions: North, West');
    expect(mail?.text).toContain('Data as of:');
    expect(mail?.text).toContain('Jan 2026 | €120.50 | 1');
    expect(mail?.text).toContain('Feb 2026 | €230.25 | 2');
    // The chart as an inline PNG (mailparser shows `cid:` images as data URLs) that decodes, and the
    // whole result as CSV with the expected rows.
    const png = mail!.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(png?.cid).toBe('chart-1@report-cockpit');
    expect(mail?.html).toContain('<img src="data:image/png;base64,');
    expect(png?.content.subarray(1, 4).toString('ascii')).toBe('PNG');
    const decoded = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image width="10" height="10" xlink:href="data:image/png;base64,${png!.content.toString('base64')}"/></svg>`,
    ).render();
    expect(decoded.width).toBe(10);
    expect(png!.content.readUInt32BE(16)).toBe(1280); // IHDR width: 640 px drawn at twice the size
    const csv = mail!.attachments.find((attachment) => attachment.filename === 'sub-orders.csv');
    const lines = csv!.content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toEqual(['Month,Amount,Orders', '2026-01-01,120.50,1', '2026-02-01,230.25,2']);
    // A link that opens the report with the same values.
    const reportLink = link(mail!, /http:\/\/localhost:3000\/reports\/sub-orders\?values=\S+/);
    expect(JSON.parse(decodeURIComponent(new URL(reportLink).searchParams.get('values')!))).toEqual({
      period: { from: '2026-01-01', to: '2026-02-28' },
      regions: ['North', 'West'],
    });
    expect(mail?.headerLines.find((header) => header.key === 'list-unsubscribe-post')?.line).toContain(
      'List-Unsubscribe=One-Click',
    );

    // The unsubscribe link: no sign-in, once, for its subscription only.
    const token = new URL(link(mail!, /http:\/\/localhost:3000\/unsubscribe\?\S+/)).searchParams.get(
      'token',
    )!;
    const page = await t.app.inject({
      method: 'GET',
      url: `/unsubscribe?lang=en&token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const forged = await t.app.inject({
      method: 'POST',
      url: apiRoutes.unsubscribe.path,
      payload: { token: `${token.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(400);
    const once = await t.app.inject({
      method: 'POST',
      url: '/unsubscribe?lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(once.statusCode).toBe(200);
    expect(once.body).toContain('Unsubscribed');
    const twice = await t.app.inject({ method: 'POST', url: apiRoutes.unsubscribe.path, payload: { token } });
    expect(twice.statusCode).toBe(410);
    // Unsubscribed: the next run sends the member nothing.
    expect(await sendNow(demoUsers.member, created.id)).toBe(0);
  });

  it('renders for each recipient: their attributes, their audiences, their language and culture', async () => {
    await t.database.db
      .insert(userAttributes)
      .values({ userId: ids[demoUsers.member]!, attributes: { region: ['North'] } })
      .onConflictDoUpdate({ target: userAttributes.userId, set: { attributes: { region: ['North'] } } });
    await t.database.db
      .update(user)
      .set({ uiLanguage: 'de-AT', uiCulture: 'de-AT', currencySymbol: '€' })
      .where(eq(user.email, demoUsers.member));
    const region = await subscribe(demoUsers.admin, {
      targetKind: 'report',
      targetName: 'sub-my-region',
      schedule,
      include: { charts: false, tableRows: 10, attachment: 'xlsx' },
      recipients: { userIds: [ids[demoUsers.member]!], audience: null },
    });
    expect(await sendNow(demoUsers.admin, region.id)).toBe(1);
    // Listed in Management → Mail by its recipient's name, not in the administrator's own list as well.
    const [member] = await t.database.db
      .select({ name: user.name })
      .from(user)
      .where(eq(user.email, demoUsers.member));
    const managed = subscriptionsResponseSchema.parse(
      (await call(demoUsers.admin, 'GET', apiRoutes.listManagedSubscriptions.path)).json(),
    );
    expect(managed.subscriptions.find((entry) => entry.id === region.id)?.recipientNames).toEqual([
      member!.name,
    ]);
    const own = subscriptionsResponseSchema.parse(
      (await call(demoUsers.admin, 'GET', apiRoutes.listSubscriptions.path)).json(),
    );
    expect(own.subscriptions.map((entry) => entry.id)).not.toContain(region.id);
    await settled(demoUsers.admin, region.id, 1);
    const mail = smtp.to(demoUsers.member).find((candidate) => candidate.subject?.startsWith('My region'));
    // In the member's language and culture, with North's rows only.
    expect(mail?.subject).toBe('My region: Ihr Bericht');
    expect(mail?.text).toContain('North | 150,75');
    expect(mail?.text).not.toContain('West');
    const xlsx = mail!.attachments.find((attachment) => attachment.filename === 'sub-my-region.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx!.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).values).toEqual([undefined, 'North', 150.75]);

    // A pro-only report: the basic user gets nothing, the administrator is told.
    const pro = await subscribe(demoUsers.admin, {
      targetKind: 'report',
      targetName: 'sub-pro-orders',
      schedule,
      include: { charts: false, tableRows: 3, attachment: 'none' },
      recipients: { userIds: [ids[demoUsers.member]!, ids[demoUsers.basic]!], audience: null },
    });
    expect(await sendNow(demoUsers.admin, pro.id)).toBe(2);
    const deliveries = await settled(demoUsers.admin, pro.id, 2);
    expect(
      Object.fromEntries(deliveries.map((delivery) => [delivery.recipientEmail, delivery.status])),
    ).toEqual({
      [demoUsers.member]: 'sent',
      [demoUsers.basic]: 'not-allowed',
    });
    expect(smtp.to(demoUsers.basic)).toEqual([]);
    const notices = await noticesOf(demoUsers.admin);
    expect(
      notices.some((notice) =>
        notice.content.text.en.includes(`${demoUsers.basic} may no longer open "Pro orders"`),
      ),
    ).toBe(true);
  });

  it('skips an empty result when asked, and a deactivated recipient gets nothing', async () => {
    const empty = await subscribe(demoUsers.basic, {
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule: { every: 'day', time: '06:00' },
      parameterValues: { period: { from: '2025-01-01', to: '2025-12-31' } },
      include: { charts: true, tableRows: 5, attachment: 'none' },
      skipEmpty: true,
    });
    await sendNow(demoUsers.basic, empty.id);
    const [skipped] = await settled(demoUsers.basic, empty.id, 1);
    expect(skipped?.status).toBe('skipped-empty');
    expect(smtp.to(demoUsers.basic)).toEqual([]);

    const audience = await subscribe(demoUsers.admin, {
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule: { every: 'month', time: '08:00', day: 1 },
      include: { charts: false, tableRows: 1, attachment: 'none' },
      recipients: { userIds: [], audience: { roles: ['organisationmember'], subscriptions: ['basic'] } },
    });
    await t.database.db.update(user).set({ active: false }).where(eq(user.email, demoUsers.basic));
    try {
      // The audience's active users only: the deactivated basic user is not addressed at all.
      expect(await sendNow(demoUsers.admin, audience.id)).toBe(0);
    } finally {
      await t.database.db.update(user).set({ active: true }).where(eq(user.email, demoUsers.basic));
    }
    expect(await sendNow(demoUsers.admin, audience.id)).toBe(1);
    const [sent] = await settled(demoUsers.admin, audience.id, 1);
    expect(sent).toMatchObject({ status: 'sent', recipientEmail: demoUsers.basic });
  });

  it('retries a refused mail, then marks it failed with the server answer and tells the owner', async () => {
    smtp.refuse.add(demoUsers.basic);
    try {
      const refused = await subscribe(demoUsers.basic, {
        targetKind: 'report',
        targetName: 'sub-orders',
        schedule,
        include: { charts: false, tableRows: 1, attachment: 'none' },
      });
      await sendNow(demoUsers.basic, refused.id);
      const [failed] = await settled(demoUsers.basic, refused.id, 1);
      expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
      expect(failed?.reason).toContain('550');
      const notices = await noticesOf(demoUsers.basic);
      expect(
        notices.some((notice) => notice.content.title.en === 'Subscription not delivered: Orders by month'),
      ).toBe(true);
      const managed = await call(demoUsers.admin, 'GET', `${apiRoutes.listDeliveries.path}?status=failed`);
      expect(
        deliveriesResponseSchema.parse(managed.json()).deliveries.map((delivery) => delivery.subscriptionId),
      ).toContain(refused.id);
    } finally {
      smtp.refuse.delete(demoUsers.basic);
    }
  });

  it('alerts once per crossing and says when it is back to normal', async () => {
    const schema = uploadsSchemaName(organisationId);
    const alert = await subscribe(demoUsers.admin, {
      kind: 'alert',
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule: { every: 'day', time: '09:00' },
      include: { charts: false, tableRows: 3, attachment: 'none' },
      condition: { test: 'above', column: 'amount', value: 500 },
      alertByMail: true,
    });
    const alertNotices = async () =>
      (await noticesOf(demoUsers.admin)).filter(
        (notice) =>
          notice.content.title.en.endsWith(': Orders by month') &&
          !notice.content.title.en.startsWith('Subscription'),
      );
    const check = async () => {
      const before = (await alertNotices()).length;
      // "Check now" checks while its caller waits: the list shows the new state right after it.
      await sendNow(demoUsers.admin, alert.id);
      return (await alertNotices()).length - before;
    };
    const stateOf = async () =>
      subscriptionsResponseSchema
        .parse((await call(demoUsers.admin, 'GET', apiRoutes.listSubscriptions.path)).json())
        .subscriptions.find((entry) => entry.id === alert.id)?.alertState;
    expect(await check()).toBe(0); // 486.50: below the line
    await t.database.db.execute(
      sql`insert into ${sql.raw(`"${schema}".orders`)} values ('2026-03-15', 'West', 100)`,
    );
    expect(await check()).toBe(1); // crossed: one notification
    expect(await stateOf()).toBe('triggered');
    expect(await check()).toBe(0); // still above: no repeat
    // The crossing's mail is a delivery: sent by the delivery worker, once. The column by its label, the
    // threshold and the value in its format; a subject of its own, not a subscription's.
    const [mailed] = await settled(demoUsers.admin, alert.id, 1);
    expect(mailed).toMatchObject({ status: 'sent', attempts: 1 });
    const alertMail = smtp.to(demoUsers.admin).find((mail) => mail.text?.includes('Amount is above €500.00'));
    expect(alertMail?.subject).toBe('Alert: Orders by month – Amount is above €500.00');
    expect(alertMail?.text).toContain('Amount is above €500.00 (now €586.50).');
    await t.database.db.execute(sql`delete from ${sql.raw(`"${schema}".orders`)} where day = '2026-03-15'`);
    expect(await check()).toBe(1); // back to normal
    expect(await stateOf()).toBe('normal');
    const titles = (await alertNotices()).map((notice) => notice.content.title.en);
    expect(titles).toEqual(
      expect.arrayContaining(['Alert: Orders by month', 'Back to normal: Orders by month']),
    );
  });

  it('says an alert in its owner’s language and the column’s format: label, thousands, whole numbers', async () => {
    await t.database.db
      .update(user)
      .set({ uiLanguage: 'de-DE', uiCulture: 'de-DE', currencySymbol: '€' })
      .where(eq(user.email, demoUsers.member));
    const alert = await subscribe(demoUsers.member, {
      kind: 'alert',
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule: { every: 'day', time: '09:00' },
      include: { charts: false, tableRows: 3, attachment: 'none' },
      condition: { test: 'below', column: 'orders', value: 20_000 },
      alertByMail: true,
    });
    await sendNow(demoUsers.member, alert.id);
    const [mailed] = await settled(demoUsers.member, alert.id, 1);
    expect(mailed).toMatchObject({ status: 'sent' });
    const mail = smtp.to(demoUsers.member).find((candidate) => candidate.subject?.startsWith('Alarm:'));
    expect(mail?.subject).toBe('Alarm: Bestellungen je Monat – Bestellungen liegt unter 20.000');
    expect(mail?.text).toContain('Bestellungen liegt unter 20.000 (jetzt 5).');
    const notice = (await noticesOf(demoUsers.member)).find(
      (candidate) => candidate.content.title.de === 'Alarm: Bestellungen je Monat',
    );
    expect(notice?.content.text).toEqual({
      en: 'Orders is below 20,000 (now 5).',
      de: 'Bestellungen liegt unter 20.000 (jetzt 5).',
    });
  });

  it('retries an alert’s mail the server refused for now, as a delivery’s', async () => {
    const alert = await subscribe(demoUsers.member, {
      kind: 'alert',
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule: { every: 'day', time: '09:00' },
      include: { charts: false, tableRows: 3, attachment: 'none' },
      condition: { test: 'has-rows' },
      alertByMail: true,
    });
    const before = smtp.to(demoUsers.member).length;
    smtp.refuseOnce.add(demoUsers.member);
    try {
      await sendNow(demoUsers.member, alert.id);
      const [retried] = await settled(demoUsers.member, alert.id, 1);
      expect(retried).toMatchObject({ status: 'sent', attempts: 2 });
      // Refused once (451), accepted the second time: one mail arrived.
      expect(smtp.to(demoUsers.member).length).toBe(before + 1);
    } finally {
      smtp.refuseOnce.delete(demoUsers.member);
    }
  });

  it('lists, pauses, edits and deletes only the owner’s own subscriptions', async () => {
    const mine = await subscribe(demoUsers.basic, {
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule,
      include,
    });
    const list = subscriptionsResponseSchema.parse(
      (await call(demoUsers.basic, 'GET', apiRoutes.listSubscriptions.path)).json(),
    );
    expect(list.subscriptions.map((entry) => entry.id)).toContain(mine.id);
    const body = {
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule: { every: 'week', time: '18:15', weekday: 5 },
      include,
      paused: true,
    };
    const others = await call(
      demoUsers.member,
      'PUT',
      pathOf(apiRoutes.updateSubscription, { id: mine.id }),
      body,
    );
    expect(others.statusCode).toBe(404);
    const paused = await call(
      demoUsers.basic,
      'PUT',
      pathOf(apiRoutes.updateSubscription, { id: mine.id }),
      body,
    );
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, schedule: { every: 'week', weekday: 5 } });
    const boss = await t.app.jobs.boss();
    expect(await boss.getSchedules(queues.run, mine.id)).toEqual([]);
    // The user's time zone: schedules follow it.
    const zone = await call(demoUsers.basic, 'PUT', apiRoutes.updateDeliverySettings.path, {
      timeZone: 'Europe/Vienna',
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const resumed = await call(
      demoUsers.basic,
      'PUT',
      pathOf(apiRoutes.updateSubscription, { id: mine.id }),
      { ...body, paused: false },
    );
    expect(resumed.json()).toMatchObject({ timeZone: 'Europe/Vienna' });
    expect((await boss.getSchedules(queues.run, mine.id))[0]).toMatchObject({
      cron: '15 18 * * 5',
      timezone: 'Europe/Vienna',
    });
    expect(
      (await call(demoUsers.member, 'DELETE', pathOf(apiRoutes.deleteSubscription, { id: mine.id })))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(demoUsers.basic, 'DELETE', pathOf(apiRoutes.deleteSubscription, { id: mine.id })))
        .statusCode,
    ).toBe(204);
    expect(await boss.getSchedules(queues.run, mine.id)).toEqual([]);
  });

  it('refuses hostile subscriptions: every second, cron text, 10,000 recipients, values outside their type', async () => {
    const base = { targetKind: 'report', targetName: 'sub-orders', schedule, include };
    const refused = async (email: Email, body: unknown, status = 400) => {
      const response = await call(email, 'POST', apiRoutes.createSubscription.path, body);
      expect(response.statusCode, response.body).toBe(status);
    };
    await refused(demoUsers.member, { ...base, schedule: { every: 'second', time: '07:30' } });
    await refused(demoUsers.member, { ...base, schedule: { every: 'day', time: '*/1 * * * *' } });
    await refused(demoUsers.member, {
      ...base,
      schedule: { every: 'day', time: '07:30', cron: '* * * * * *' },
    });
    await refused(demoUsers.member, { ...base, cron: '* * * * *' });
    await refused(demoUsers.member, { ...base, schedule: { every: 'month', time: '07:30', day: 31 } });
    await refused(demoUsers.admin, {
      ...base,
      recipients: { userIds: Array.from({ length: 10_000 }, (_, index) => `user-${index}`), audience: null },
    });
    await refused(
      demoUsers.member,
      { ...base, recipients: { userIds: [ids[demoUsers.basic]!], audience: null } },
      403,
    );
    await refused(demoUsers.member, { ...base, parameterValues: { period: 5 } });
    await refused(demoUsers.member, { ...base, parameterValues: { regions: ['Atlantis'] } });
    await refused(demoUsers.member, { ...base, parameterValues: { unknown: 'x' } });
    await refused(demoUsers.member, { ...base, include: { ...include, tableRows: 100_000 } });
    await refused(demoUsers.member, { ...base, targetName: 'no-such-report' }, 404);
    await refused(demoUsers.basic, { ...base, targetName: 'sub-pro-orders' }, 404);
    await refused(demoUsers.member, {
      ...base,
      kind: 'alert',
      condition: { test: 'above', column: 'nope', value: 1 },
    });
    const zone = await call(demoUsers.member, 'PUT', apiRoutes.updateDeliverySettings.path, {
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    // Another organisation's administrator sees nothing of Demo GmbH's deliveries.
    const other = await call(demoUsers.beispielAdmin, 'GET', apiRoutes.listDeliveries.path);
    expect(deliveriesResponseSchema.parse(other.json()).deliveries).toEqual([]);
  });

  it('keeps one delivery per recipient and occasion however often a run is repeated', async () => {
    const once = await subscribe(demoUsers.basic, {
      targetKind: 'report',
      targetName: 'sub-orders',
      schedule,
      include: { charts: false, tableRows: 1, attachment: 'none' },
    });
    const boss = await t.app.jobs.boss();
    const before = smtp.to(demoUsers.basic).length;
    // The same scheduled occasion twice (a run retried after a crash): one delivery, one mail.
    const occasion = crypto.randomUUID();
    await boss.send(queues.run, { subscriptionId: once.id }, { id: occasion });
    await settled(demoUsers.basic, once.id, 1);
    const repeat = await boss.send(queues.run, { subscriptionId: once.id }, { id: occasion });
    expect(repeat).toBeNull();
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from subscription_deliveries where subscription_id = ${once.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect(smtp.to(demoUsers.basic).length).toBe(before + 1);
  });
});

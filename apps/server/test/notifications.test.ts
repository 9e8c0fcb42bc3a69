import {
  apiRoutes,
  type Notification,
  notificationPageSchema,
  notificationPageSize,
  notificationSchema,
  pathOf,
  sendNotificationResultSchema,
  sentNotificationsResponseSchema,
} from '@cockpit/contracts';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/features/notifications/notifications-schema';
import { user } from '../src/db/core-tables';
import { demoOrganisations } from '../src/seed/demo-data';
import { demoNotifications, seedDemoNotifications } from '../src/seed/demo-notifications';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { type SseStream, openNotificationStream } from './helpers/sse-client';

// Live notifications / docs/product.md §D.5: the notifications stream, PATCH and the administrators' send API, on PGlite and
// PostgreSQL. Streams need a real listening server (`inject` cannot stream).

const draft = (title: string) => ({
  title: { en: title, de: `${title} (de)` },
  text: { en: `${title} text`, de: `${title} Text` },
});

describe.each(testDrivers())('notifications (%s)', (driver) => {
  let t: TestApp;
  let baseUrl: string;
  const ids: Record<string, string> = {};
  const open: SseStream[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const row of await t.database.db.select({ id: user.id, email: user.email }).from(user))
      ids[row.email] = row.id;
  });
  afterAll(async () => {
    // Streams are left open on purpose: closing the app must end them (or `close` would hang).
    await t?.close();
    await Promise.all(open.map((stream) => stream.ended));
  });

  const stream = async (email: string) => {
    const opened = await openNotificationStream(baseUrl, await t.tokenFor(email));
    open.push(opened);
    return opened;
  };
  const snapshotOf = async (opened: SseStream) => {
    const event = await opened.next((e) => e.type === 'snapshot');
    if (event.type !== 'snapshot') throw new Error('not a snapshot');
    return event.notifications;
  };
  const send = async (as: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.listSentNotifications.path,
      headers: await t.bearer(as),
      payload: body,
    });
  const patch = async (as: string, uid: string, body: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: pathOf(apiRoutes.updateNotification, { uid: uid }),
      headers: await t.bearer(as),
      payload: body as object,
    });
  const ownNotification = async (email: string): Promise<Notification> => {
    const list = await snapshotOf(await stream(email));
    const first = list[0];
    if (!first) throw new Error(`${email} has no notifications`);
    return first;
  };

  describe('GET /api/notifications/stream', () => {
    it('needs a bearer token', async () => {
      const anonymous = await openNotificationStream(baseUrl, null);
      expect(anonymous.status).toBe(401);
      const forged = await openNotificationStream(baseUrl, 'not.a.token');
      expect(forged.status).toBe(401);
    });

    it('starts with the seeded snapshot, newest first, as server-sent events', async () => {
      const member = await stream(demoUsers.member);
      expect(member.status).toBe(200);
      expect(member.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(member.headers.get('cache-control')).toContain('no-cache');
      const list = await snapshotOf(member);
      expect(member.events[0]?.type).toBe('snapshot');
      expect(list.map((n) => n.content.title.en)).toEqual(
        [...demoNotifications].sort((a, b) => a.daysAgo - b.daysAgo).map((n) => n.content.title.en),
      );
      const dates = list.map((n) => Date.parse(n.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(list.every((n) => n.userId === ids[demoUsers.member])).toBe(true);
      for (const notification of list) expect(notificationSchema.parse(notification)).toEqual(notification);
      expect(list.some((n) => n.wasRead) && list.some((n) => !n.wasRead)).toBe(true);
      expect(list.some((n) => n.content.url === 'https://example.com/release-notes')).toBe(true);
      expect(list.some((n) => n.content.text.de.length > 400)).toBe(true);
    });

    it('the demo seed adds each notification once, however often it runs', async () => {
      expect(await seedDemoNotifications(t.database.db, demoOrganisations)).toBe(0);
      const list = await snapshotOf(await stream(demoUsers.admin));
      expect(list.filter((n) => n.content.title.en === demoNotifications[0]?.content.title.en)).toHaveLength(
        1,
      );
    });

    it("a user receives only their own changes, never another user's", async () => {
      const member = await stream(demoUsers.member);
      const basic = await stream(demoUsers.basic);
      await snapshotOf(member);
      await snapshotOf(basic);

      // Sent to the member only, then to basic only: each sees exactly their own.
      expect(
        (await send(demoUsers.admin, { recipients: [ids[demoUsers.member]], ...draft('For Max') }))
          .statusCode,
      ).toBe(201);
      expect(
        (await send(demoUsers.admin, { recipients: [ids[demoUsers.basic]], ...draft('For Bea') })).statusCode,
      ).toBe(201);
      const forMax = await member.next(
        (e) => e.type === 'upsert' && e.notification.content.title.en === 'For Max',
      );
      const forBea = await basic.next(
        (e) => e.type === 'upsert' && e.notification.content.title.en === 'For Bea',
      );
      if (forMax.type !== 'upsert' || forBea.type !== 'upsert') throw new Error('unexpected');
      expect(forMax.notification).toMatchObject({
        userId: ids[demoUsers.member],
        wasRead: false,
        mouseOver: false,
      });

      // Changes made in plain SQL (update, delete) arrive as upsert and remove.
      await t.database.db.execute(
        sql`update notifications set was_read = true where uid = ${forBea.notification.uid}`,
      );
      await basic.next(
        (e) =>
          e.type === 'upsert' && e.notification.uid === forBea.notification.uid && e.notification.wasRead,
      );
      await t.database.db.delete(notifications).where(eq(notifications.uid, forBea.notification.uid));
      await basic.next((e) => e.type === 'remove' && e.uid === forBea.notification.uid);

      // The member's marker comes after everything above: by then every event for basic has been sent too.
      await send(demoUsers.admin, { recipients: [ids[demoUsers.member]], ...draft('Marker') });
      await member.next((e) => e.type === 'upsert' && e.notification.content.title.en === 'Marker');
      const seenByMember = member.events.flatMap((e) =>
        e.type === 'upsert' ? [e.notification] : e.type === 'snapshot' ? e.notifications : [],
      );
      expect(seenByMember.every((n) => n.userId === ids[demoUsers.member])).toBe(true);
      expect(member.events.some((e) => e.type === 'remove')).toBe(false);
      const seenByBasic = basic.events.flatMap((e) =>
        e.type === 'upsert' ? [e.notification] : e.type === 'snapshot' ? e.notifications : [],
      );
      expect(seenByBasic.every((n) => n.userId === ids[demoUsers.basic])).toBe(true);
      expect(
        seenByBasic.some((n) => n.content.title.en === 'For Max' || n.content.title.en === 'Marker'),
      ).toBe(false);
    });

    it('ends when the session behind the token is signed out', async () => {
      const cookie = await t.signIn(demoUsers.basic);
      const token = (
        await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })
      ).json<{ token: string }>().token;
      const live = await openNotificationStream(baseUrl, token);
      open.push(live);
      await snapshotOf(live);
      const signOut = await t.app.inject({
        method: 'POST',
        url: apiRoutes.signOut.path,
        headers: { cookie, origin: t.origin },
      });
      expect(signOut.statusCode).toBe(200);
      await live.ended;
    });

    it('ends when the verified bearer token expires', async () => {
      const cookie = await t.signIn(demoUsers.basic);
      const issued = (
        await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })
      ).json<{ token: string }>().token;
      const { sub, sid } = decodeJwt(issued);
      // Signed with the server's real key for a live session, but only valid for a few seconds.
      const now = Math.floor(Date.now() / 1000);
      const exp = now + 3;
      const payload = { sub, sid, iat: now, exp, iss: t.config.publicUrl, aud: t.config.publicUrl };
      const { token } = await t.app.auth.api.signJWT({ body: { payload } });
      const live = await openNotificationStream(baseUrl, token);
      open.push(live);
      expect(live.status).toBe(200);
      await snapshotOf(live);
      await live.ended;
      // At the token's `exp` (the streams' shared timer ticks once a second), not before and not later.
      expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 1000);
      expect(Date.now()).toBeLessThan(exp * 1000 + 3000);
    });

    it('drops a stored url that is not http(s) instead of streaming it', async () => {
      const uid = crypto.randomUUID();
      await t.database.db.insert(notifications).values({
        uid,
        userId: ids[demoUsers.basic] ?? '',
        content: {
          title: { en: 'Bad link', de: 'Böser Link' },
          text: { en: 'x', de: 'x' },
          url: 'java\tscript:alert(1)',
        },
      });
      // Malformed content written by hand is streamed as empty texts, not as a broken stream.
      await t.database.db.execute(
        sql`insert into notifications (user_id, content) values (${ids[demoUsers.basic]}, '{"title": 42}'::jsonb)`,
      );
      const list = await snapshotOf(await stream(demoUsers.basic));
      const bad = list.find((n) => n.uid === uid);
      expect(bad?.content).toEqual({
        title: { en: 'Bad link', de: 'Böser Link' },
        text: { en: 'x', de: 'x' },
      });
      expect(list.some((n) => n.content.title.en === '' && n.content.text.de === '')).toBe(true);
    });
  });

  describe('PATCH /api/notifications/:uid', () => {
    it('marks read and moused over, idempotently, and the stream hears of it', async () => {
      const live = await stream(demoUsers.member);
      const target = (await snapshotOf(live)).find((n) => !n.wasRead && !n.mouseOver);
      if (!target) throw new Error('no unread notification');
      const from = live.events.length;

      const first = await patch(demoUsers.member, target.uid, {
        wasRead: true,
        isoLanguageName: 'de-DE',
        useBackendTranslation: false,
      });
      expect(first.statusCode).toBe(200);
      expect(notificationSchema.parse(first.json())).toMatchObject({
        uid: target.uid,
        wasRead: true,
        mouseOver: false,
      });
      const again = await patch(demoUsers.member, target.uid, { wasRead: true });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      await live.next(
        (e) => e.type === 'upsert' && e.notification.uid === target.uid && e.notification.wasRead,
        { fromIndex: from },
      );

      const hovered = await patch(demoUsers.member, target.uid, { mouseOver: true });
      expect(hovered.json()).toMatchObject({ wasRead: true, mouseOver: true });
      expect((await patch(demoUsers.member, target.uid, { mouseOver: true })).statusCode).toBe(200);
    });

    it("answers 404 for another user's or an unknown notification, without a hint", async () => {
      const basics = await ownNotification(demoUsers.basic);
      const foreign = await patch(demoUsers.member, basics.uid, { wasRead: true });
      const unknown = await patch(demoUsers.member, crypto.randomUUID(), { wasRead: true });
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      const [row] = await t.database.db.select().from(notifications).where(eq(notifications.uid, basics.uid));
      expect(row?.wasRead).toBe(basics.wasRead);
    });

    it.each([
      ['an empty body', {}],
      ['wasRead false', { wasRead: false }],
      ['mouseOver false', { mouseOver: false }],
      ['both flags', { wasRead: true, mouseOver: true }],
      ['a string flag', { wasRead: 'true' }],
      ['another field', { wasRead: true, content: { title: { en: 'x', de: 'x' } } }],
      ['a change of owner', { wasRead: true, userId: 'someone' }],
      ['an array', [{ wasRead: true }]],
    ])('rejects %s with 400', async (_name, body) => {
      const own = await ownNotification(demoUsers.member);
      const response = await patch(demoUsers.member, own.uid, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    });

    it.each(['not-a-uid', '1234', "x' or '1'='1", '00000000-0000-0000-0000-00000000000g'])(
      'a malformed uid %j is a 400, never a 500',
      async (uid) => {
        const response = await patch(demoUsers.member, encodeURIComponent(uid), { wasRead: true });
        expect(response.statusCode).toBe(400);
      },
    );

    it('needs a bearer token', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateNotification, { uid: crypto.randomUUID() }),
        payload: { wasRead: true },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/management/notifications', () => {
    const valid = { recipients: 'all', ...draft('Hello everyone') };

    it('is for organisation administrators only', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: apiRoutes.listSentNotifications.path,
        payload: valid,
      });
      expect(anonymous.statusCode).toBe(401);
      const member = await send(demoUsers.member, valid);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      // The permission comes before input checks: a member learns nothing about the body rules.
      expect((await send(demoUsers.member, {})).statusCode).toBe(403);
      const list = await t.app.inject({
        method: 'GET',
        url: apiRoutes.listSentNotifications.path,
        headers: await t.bearer(demoUsers.member),
      });
      expect(list.statusCode).toBe(403);
    });

    it("sends to all users of the sender's organisation only", async () => {
      const demoMember = await stream(demoUsers.member);
      const beispiel = await stream(demoUsers.beispielAdmin);
      await snapshotOf(demoMember);
      await snapshotOf(beispiel);

      const response = await send(demoUsers.beispielAdmin, { ...valid, ...draft('Beispiel news') });
      expect(response.statusCode).toBe(201);
      const result = sendNotificationResultSchema.parse(response.json());
      const beispielUsers = await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(
          eq(
            user.organisationId,
            sql`(select organisation_id from "user" where email = ${demoUsers.beispielAdmin})`,
          ),
        );
      expect(result.recipients).toBe(beispielUsers.length);
      await beispiel.next((e) => e.type === 'upsert' && e.notification.content.title.en === 'Beispiel news');

      const rows = await t.database.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.batchId, result.batchId));
      expect(new Set(rows.map((row) => row.userId))).toEqual(new Set(beispielUsers.map((u) => u.id)));
      // A marker to the Demo member proves the Beispiel send never reached them.
      await send(demoUsers.admin, { recipients: [ids[demoUsers.member]], ...draft('Demo marker') });
      await demoMember.next((e) => e.type === 'upsert' && e.notification.content.title.en === 'Demo marker');
      expect(
        demoMember.events.some(
          (e) => e.type === 'upsert' && e.notification.content.title.en === 'Beispiel news',
        ),
      ).toBe(false);
    });

    it('answers 404 for users of another organisation, without saying which or where', async () => {
      const foreign = await send(demoUsers.beispielAdmin, { ...valid, recipients: [ids[demoUsers.member]] });
      const unknown = await send(demoUsers.beispielAdmin, { ...valid, recipients: ['no-such-user'] });
      const mixed = await send(demoUsers.beispielAdmin, {
        ...valid,
        recipients: [ids[demoUsers.beispielAdmin], ids[demoUsers.member]],
      });
      expect([foreign.statusCode, unknown.statusCode, mixed.statusCode]).toEqual([404, 404, 404]);
      expect(foreign.json()).toEqual(unknown.json());
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(sql`${notifications.content}->'title'->>'en' = 'Hello everyone'`);
      expect(Number(count?.n)).toBe(0);
    });

    it.each([
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'jav\u0000ascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      'https://exa mple.com\u0007',
      'ftp://example.com/file',
      'example.com',
    ])('rejects the url %j with 400', async (url) => {
      const response = await send(demoUsers.admin, { ...valid, url });
      expect(response.statusCode).toBe(400);
      // A NUL character is refused for the whole request before the url rule (decision 009); the rest name the field.
      expect(response.json().error.message).toMatch(/url|NUL/);
    });

    it.each([
      ['no English title', { ...valid, title: { de: 'Hallo' } }],
      ['a German title of 121 characters', { ...valid, title: { en: 'Hello', de: 'x'.repeat(121) } }],
      ['a blank English text', { ...valid, text: { en: '  ', de: 'Text' } }],
      ['a title of 121 characters', { ...valid, title: { en: 'x'.repeat(121), de: 'x' } }],
      ['a text of 4001 characters', { ...valid, text: { en: 'x'.repeat(4001), de: 'x' } }],
      ['no recipients', { ...valid, recipients: [] }],
      ['unknown recipients keyword', { ...valid, recipients: 'everybody' }],
      ['an unknown field', { ...valid, priority: 'high' }],
    ])('rejects %s with 400', async (_name, body) => {
      expect((await send(demoUsers.admin, body)).statusCode).toBe(400);
    });

    it('stores a trimmed http(s) url and lists sends with read counts', async () => {
      const live = await stream(demoUsers.member);
      await snapshotOf(live);
      const response = await send(demoUsers.admin, {
        recipients: [ids[demoUsers.member], ids[demoUsers.basic], ids[demoUsers.member]],
        ...draft('With a link'),
        url: '  https://example.com/news?id=1  ',
      });
      expect(response.statusCode).toBe(201);
      const { batchId, recipients } = sendNotificationResultSchema.parse(response.json());
      expect(recipients).toBe(2);
      const arrived = await live.next(
        (e) => e.type === 'upsert' && e.notification.content.title.en === 'With a link',
      );
      if (arrived.type !== 'upsert') throw new Error('unexpected');
      expect(arrived.notification.content.url).toBe('https://example.com/news?id=1');
      await patch(demoUsers.member, arrived.notification.uid, { wasRead: true });

      const listed = await t.app.inject({
        method: 'GET',
        url: apiRoutes.listSentNotifications.path,
        headers: await t.bearer(demoUsers.admin),
      });
      expect(listed.statusCode).toBe(200);
      const { sent } = sentNotificationsResponseSchema.parse(listed.json());
      expect(sent.find((s) => s.batchId === batchId)).toMatchObject({
        recipients: 2,
        read: 1,
        content: { url: 'https://example.com/news?id=1' },
      });
      // Another organisation's administrator does not see it.
      const other = await t.app.inject({
        method: 'GET',
        url: apiRoutes.listSentNotifications.path,
        headers: await t.bearer(demoUsers.beispielAdmin),
      });
      expect(
        sentNotificationsResponseSchema.parse(other.json()).sent.some((s) => s.batchId === batchId),
      ).toBe(false);
    });
  });
});

// docs/product.md §D.5 with paging: the snapshot is the newest page; older notifications are read page by page,
// and every event carries the count of all unread ones, so the bell sees those not loaded too.
describe('notification pages and the unread count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('counts every unread notification in the snapshot and pages through the older ones', async () => {
    const { db } = t.database;
    const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, demoUsers.member));
    await db.delete(notifications).where(eq(notifications.userId, member!.id));
    // 260 notifications, a minute apart; the oldest 230 unread — far beyond the first page.
    const start = Date.UTC(2025, 0, 1);
    await db.insert(notifications).values(
      Array.from({ length: 260 }, (_, index) => ({
        userId: member!.id,
        date: new Date(start + index * 60_000),
        wasRead: index >= 230,
        content: { title: { en: `n${index}`, de: `n${index}` }, text: { en: '', de: '' } },
      })),
    );

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const stream = await openNotificationStream(
      `http://127.0.0.1:${port}`,
      await t.tokenFor(demoUsers.member),
    );
    try {
      const snapshot = await stream.next((event) => event.type === 'snapshot');
      expect(snapshot).toMatchObject({ type: 'snapshot', hasMore: true, unreadCount: 230 });
      const first = (snapshot as { notifications: Notification[] }).notifications;
      expect(first).toHaveLength(notificationPageSize);
      expect(first[0]!.content.title.en).toBe('n259');

      const seen = [...first];
      for (let page = 0; page < 10; page += 1) {
        const oldest = seen.at(-1)!;
        const answer = await t.app.inject({
          method: 'GET',
          url: `${apiRoutes.listOlderNotifications.path}?beforeDate=${encodeURIComponent(oldest.date)}&beforeUid=${oldest.uid}`,
          headers: await t.bearer(demoUsers.member),
        });
        expect(answer.statusCode).toBe(200);
        const body = notificationPageSchema.parse(answer.json());
        seen.push(...body.notifications);
        if (!body.hasMore) break;
      }
      expect(seen.map((item) => item.content.title.en)).toEqual(
        Array.from({ length: 260 }, (_, index) => `n${259 - index}`),
      );

      // Marking one of the oldest read: its event carries the new count.
      const oldestUnread = seen.at(-1)!;
      const patched = await t.app.inject({
        method: 'PATCH',
        url: pathOf(apiRoutes.updateNotification, { uid: oldestUnread.uid }),
        headers: await t.bearer(demoUsers.member),
        payload: { wasRead: true },
      });
      expect(patched.statusCode).toBe(200);
      expect(await stream.next((event) => event.type === 'upsert')).toMatchObject({
        type: 'upsert',
        unreadCount: 229,
      });
    } finally {
      stream.close();
    }
  });

  it('only pages through the caller’s own notifications and validates the cursor', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.listOlderNotifications.path}?beforeDate=yesterday&beforeUid=x`,
      headers: await t.bearer(demoUsers.member),
    });
    expect(bad.statusCode).toBe(400);
    const admin = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.listOlderNotifications.path}?beforeDate=${encodeURIComponent(new Date().toISOString())}&beforeUid=00000000-0000-4000-8000-000000000000`,
      headers: await t.bearer(demoUsers.admin),
    });
    expect(admin.statusCode).toBe(200);
    const { notifications: listed } = notificationPageSchema.parse(admin.json());
    const [adminRow] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.admin));
    expect(listed.every((item) => item.userId === adminRow!.id)).toBe(true);
  });
});

// Rows are stored to the microsecond: a page cursor cut to milliseconds skipped every row of the cursor's
// millisecond — 60 notifications inserted by one statement share one date. The cursor is a listed
// notification's exact date and its uid (the tie-breaker), so paging lists every row exactly once.
describe.each(testDrivers())('notification pages within one millisecond (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  it('lists every notification once, also 60 inserted by one statement and 10 a microsecond apart', async () => {
    const { db } = t.database;
    const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, demoUsers.member));
    await db.delete(notifications).where(eq(notifications.userId, member!.id));
    const content = (label: string) =>
      JSON.stringify({ title: { en: label, de: label }, text: { en: '', de: '' } });
    // One statement: one `now()` for all 60.
    await db.execute(
      sql`insert into notifications (user_id, content)
          select ${member!.id}, jsonb_build_object('title', jsonb_build_object('en', 'batch ' || g, 'de', 'batch ' || g), 'text', jsonb_build_object('en', '', 'de', ''))
          from generate_series(1, 60) as g`,
    );
    // Ten more within one millisecond, a microsecond apart.
    for (let index = 0; index < 10; index += 1) {
      await db.execute(
        sql`insert into notifications (user_id, date, content) values (${member!.id}, '2025-06-01T12:00:00.123000Z'::timestamptz + ${`${index} microseconds`}::interval, ${content(`micro ${index}`)}::jsonb)`,
      );
    }

    const headers = await t.bearer(demoUsers.member);
    const seen: Notification[] = [];
    let query = '';
    for (let page = 0; page < 10; page += 1) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${apiRoutes.listOlderNotifications.path}${query}`,
        headers,
      });
      expect(answer.statusCode).toBe(200);
      const body = notificationPageSchema.parse(answer.json());
      seen.push(...body.notifications);
      if (!body.hasMore) break;
      const oldest = body.notifications.at(-1)!;
      query = `?beforeDate=${encodeURIComponent(oldest.date)}&beforeUid=${oldest.uid}`;
    }

    expect(seen).toHaveLength(70);
    expect(new Set(seen.map((item) => item.uid)).size).toBe(70);
    // Newest first, to the microsecond: the ten in one millisecond come out in their order.
    expect(seen.slice(60).map((item) => item.content.title.en)).toEqual(
      Array.from({ length: 10 }, (_, index) => `micro ${9 - index}`),
    );
    expect(seen.at(-1)!.date).toBe('2025-06-01T12:00:00.123000Z');
  });
});

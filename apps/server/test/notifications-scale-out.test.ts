import { apiRoutes } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { listenerApplicationName } from '../src/db/pg-listener';
import { user } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers, testConfig } from './helpers/build-test-app';
import { type SseStream, openNotificationStream } from './helpers/sse-client';

// docs/product.md §D.2/§D.5: several stateless server processes on one PostgreSQL. Process A and process B are two
// complete apps (own pool, own LISTEN connection) on the same database; a change made through either, or
// in plain SQL, reaches the streams of both. Then the listeners' connections are killed and the streams
// recover with a full snapshot. PostgreSQL only: PGlite is one in-process database by design.

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('notifications across server processes (postgres)', () => {
  let a: TestApp;
  let b: { app: App; database: DatabaseHandle };
  let urlA: string;
  let urlB: string;
  let memberId: string;
  const open: SseStream[] = [];

  beforeAll(async () => {
    a = await buildTestApp('postgres');
    urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const result = (await a.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const [current] = result.rows;
    const connectionString = new URL(postgresUrl ?? '');
    connectionString.pathname = `/${current?.name ?? ''}`;
    const database = await openDatabase({ driver: 'pg', connectionString: connectionString.toString() });
    const app = await buildApp({ config: testConfig(), db: database.db, listen: database.listen });
    b = { app, database };
    urlB = await app.listen({ port: 0, host: '127.0.0.1' });
    const [member] = await a.database.db
      .select({ id: user.id })
      .from(user)
      .where(sql`${user.email} = ${demoUsers.member}`);
    memberId = member?.id ?? '';
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await b?.app.close();
    await b?.database.close();
    await a?.close();
  });

  const stream = async (baseUrl: string) => {
    const opened = await openNotificationStream(baseUrl, await a.tokenFor(demoUsers.member));
    open.push(opened);
    await opened.next((e) => e.type === 'snapshot');
    return opened;
  };
  const arrived = (opened: SseStream, title: string, fromIndex = 0) =>
    opened.next((e) => e.type === 'upsert' && e.notification.content.title.en === title, { fromIndex });
  const insertBySql = (title: string) =>
    a.database.db.execute(
      sql`insert into notifications (user_id, content) values (${memberId}, ${JSON.stringify({
        title: { en: title, de: title },
        text: { en: 'x', de: 'x' },
      })}::jsonb)`,
    );

  it('a notification sent through process A reaches a stream open on process B', async () => {
    const onB = await stream(urlB);
    const response = await a.app.inject({
      method: 'POST',
      url: apiRoutes.listSentNotifications.path,
      headers: await a.bearer(demoUsers.admin),
      payload: {
        recipients: [memberId],
        title: { en: 'Sent through A', de: 'Über A gesendet' },
        text: { en: 'Hello', de: 'Hallo' },
      },
    });
    expect(response.statusCode).toBe(201);
    await arrived(onB, 'Sent through A');
  });

  it('a notification inserted by plain SQL reaches both processes', async () => {
    const onA = await stream(urlA);
    const onB = await stream(urlB);
    await insertBySql('Inserted by SQL');
    await arrived(onA, 'Inserted by SQL');
    await arrived(onB, 'Inserted by SQL');
  });

  it("when the listeners' connections are killed, streams recover with a full snapshot", async () => {
    const onA = await stream(urlA);
    const onB = await stream(urlB);
    const fromA = onA.events.length;
    const fromB = onB.events.length;

    const killed = (await a.database.db.execute(
      sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
          where application_name = ${listenerApplicationName} and datname = current_database()`,
    )) as { rows: unknown[] };
    // Two per process: live notifications and the events between instances (decision 017).
    expect(killed.rows).toHaveLength(4);
    // Most likely inserted while no listener is connected: its NOTIFY is lost, so only the snapshot after
    // the reconnect can carry it (on a slow machine it may come after the reconnect, then live).
    await insertBySql('During the outage');

    for (const [opened, from] of [
      [onA, fromA],
      [onB, fromB],
    ] as const) {
      const snapshot = await opened.next((e) => e.type === 'snapshot', { fromIndex: from });
      if (snapshot.type !== 'snapshot') throw new Error('unexpected');
      // Full: everything the member has, not just what changed.
      expect(snapshot.notifications.some((n) => n.content.title.en === 'Inserted by SQL')).toBe(true);
      await opened.next(
        (e) =>
          (e.type === 'snapshot' &&
            e.notifications.some((n) => n.content.title.en === 'During the outage')) ||
          (e.type === 'upsert' && e.notification.content.title.en === 'During the outage'),
        { fromIndex: from },
      );
    }
    // Listening again: later changes arrive live on both.
    const afterA = onA.events.length;
    const afterB = onB.events.length;
    await insertBySql('After the outage');
    await arrived(onA, 'After the outage', afterA);
    await arrived(onB, 'After the outage', afterB);
  });
});

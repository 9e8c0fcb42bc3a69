import { apiRoutes, pathOf } from '@cockpit/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { clusterEventsChannel } from '../src/plugins/cluster-events';
import { type TestApp, buildTestApp, testConfig } from './helpers/build-test-app';
import { type Credentials, signInAs } from './helpers/roles';
import { openNotificationStream } from './helpers/sse-client';

// docs/product.md §D.2, decision 017: a session ended or a user changed on one server process is applied by every
// process (bearer-check cache dropped, streams closed) within a second, over LISTEN/NOTIFY. Two complete
// apps on one PostgreSQL database; test/multi-instance/ does the same with real processes behind nginx.

const postgresUrl = process.env.TEST_DATABASE_URL;
const withinMs = 1_000;

describe.skipIf(!postgresUrl)('session events between server processes (postgres)', () => {
  let a: TestApp;
  let b: { app: App; database: DatabaseHandle };
  let urlB: string;

  beforeAll(async () => {
    a = await buildTestApp('postgres');
    const result = (await a.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${result.rows[0]?.name ?? ''}`;
    const database = await openDatabase({ driver: 'pg', connectionString: url.toString() });
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      listen: database.listen,
      databaseStatus: database,
    });
    await app.ready();
    b = { app, database };
    urlB = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    await a?.close();
  });

  const menuOnB = (who: Credentials) =>
    b.app.inject({
      method: 'GET',
      url: apiRoutes.getMenu.path,
      headers: { authorization: who.authorization ?? '' },
    });

  it('a session ended on process A: B refuses its token and closes its stream within 1 s', async () => {
    const member = await signInAs(a, 'member');
    const stream = await openNotificationStream(urlB, (member.authorization ?? '').replace('Bearer ', ''));
    await stream.next((event) => event.type === 'snapshot');
    // B remembers this live session (decision 014): without the event it would answer 200 for up to 10 s.
    expect((await menuOnB(member)).statusCode).toBe(200);

    const startedAt = performance.now();
    const ended = await a.app.inject({
      method: 'DELETE',
      url: pathOf(apiRoutes.endSession, { id: member.sessionId ?? '' }),
      headers: { authorization: member.authorization ?? '' },
    });
    expect(ended.statusCode).toBe(204);
    await stream.ended;
    for (;;) {
      if ((await menuOnB(member)).statusCode === 401) break;
      expect(performance.now() - startedAt, 'B still accepts the ended session').toBeLessThan(withinMs);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(performance.now() - startedAt).toBeLessThan(withinMs);
  });

  it('a user changed on process A is heard on B; a malformed NOTIFY on the channel is ignored', async () => {
    const heard: string[] = [];
    const stop = b.app.sessionEvents.onUserChanged((userId) => heard.push(userId));
    try {
      await a.database.db.execute(
        sql`select pg_notify(${clusterEventsChannel}, '{"from":"x","event":{"type":"user-changed"}}')`,
      );
      a.app.sessionEvents.emitUserChanged('user-42');
      const startedAt = performance.now();
      while (!heard.includes('user-42')) {
        expect(performance.now() - startedAt).toBeLessThan(withinMs);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(heard).toEqual(['user-42']);
    } finally {
      stop();
    }
  });
});

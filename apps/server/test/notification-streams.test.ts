import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Notification } from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListenHandlers } from '../src/db/pg-listener';
import {
  NotificationStreams,
  notificationsChannel,
  parseChange,
} from '../src/features/notifications/notification-streams';
import type { NotificationsRepository } from '../src/features/notifications/notifications-repository';

// The registry of open streams on its own, with an in-memory repository and a fake listener: token
// expiry, heartbeats, buffering during a snapshot and reconnect snapshots, without a database.

const notification = (uid: string, userId: string, title = uid): Notification => ({
  uid,
  userId,
  date: new Date().toISOString(),
  wasRead: false,
  mouseOver: false,
  content: { title: { en: title, de: title }, text: { en: '', de: '' } },
});

function fakeRepository(rows: Notification[]) {
  let gate: Promise<void> = Promise.resolve();
  const repository = {
    listPage: vi.fn(async (userId: string) => {
      await gate;
      return { notifications: rows.filter((row) => row.userId === userId), hasMore: false };
    }),
    countUnread: vi.fn(
      async (userIds: string[]) =>
        new Map(userIds.map((id) => [id, rows.filter((row) => row.userId === id && !row.wasRead).length])),
    ),
    findByUids: vi.fn(
      async (uids: string[]) =>
        new Map(rows.filter((row) => uids.includes(row.uid)).map((row) => [row.uid, row])),
    ),
    setFlag: vi.fn(),
  };
  return {
    rows,
    repository: repository as unknown as NotificationsRepository & typeof repository,
    /** Holds snapshot queries until the returned function is called. */
    holdSnapshots: () => {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = Promise.resolve();
        release();
      };
    },
  };
}

/** A response that records what is written to it. */
function fakeResponse() {
  const sink = new PassThrough();
  let text = '';
  sink.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const res = sink as unknown as ServerResponse & { writableEnded: boolean };
  return {
    res,
    ended: () => sink.writableEnded,
    events: () =>
      text
        .split('\n\n')
        .filter((block) => block.startsWith('event: '))
        .map(
          (block) =>
            JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { type: string; [key: string]: unknown },
        ),
    heartbeats: () => text.split('\n\n').filter((block) => block === ':').length,
  };
}

const ignore = () => {};
const silentLog = {
  info: ignore,
  warn: ignore,
  error: ignore,
  debug: ignore,
} as unknown as FastifyBaseLogger;

const flush = () => new Promise((resolve) => setImmediate(resolve));
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i += 1) await flush();
  expect(condition()).toBe(true);
};

async function startStreams(rows: Notification[], heartbeatMs?: number) {
  const data = fakeRepository(rows);
  let handlers: ListenHandlers | undefined;
  const listen = vi.fn(async (channel: string, given: ListenHandlers) => {
    expect(channel).toBe(notificationsChannel);
    handlers = given;
    return async () => {};
  });
  const streams = new NotificationStreams({ repository: data.repository, log: silentLog, heartbeatMs });
  await streams.start(listen);
  const notify = (payload: object) => handlers?.onNotify(JSON.stringify(payload));
  return { streams, data, notify, reconnect: () => handlers?.onReconnect() };
}

let running: NotificationStreams | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await running?.stop();
  running = undefined;
});

describe('parseChange', () => {
  it('accepts the trigger payloads and nothing else', () => {
    expect(parseChange('{"uid":"a","userId":"u","op":"insert"}')).toEqual({
      uid: 'a',
      userId: 'u',
      op: 'insert',
    });
    expect(parseChange('{"op":"truncate"}')).toEqual({ op: 'truncate' });
    expect(parseChange('{"uid":"a","op":"insert"}')).toBeNull();
    expect(parseChange('{"uid":"a","userId":"u","op":"drop"}')).toBeNull();
    expect(parseChange('not json')).toBeNull();
    expect(parseChange('null')).toBeNull();
  });
});

describe('NotificationStreams', () => {
  it("sends the snapshot first, then only the user's own changes", async () => {
    const { streams, data, notify } = await startStreams([
      notification('n1', 'anna'),
      notification('n2', 'bea'),
    ]);
    running = streams;
    const anna = fakeResponse();
    const bea = fakeResponse();
    streams.open('anna', 's1', anna.res, Date.now() / 1000 + 600);
    streams.open('bea', 's2', bea.res, Date.now() / 1000 + 600);
    await until(() => anna.events().length === 1 && bea.events().length === 1);
    expect(anna.events()[0]).toMatchObject({ type: 'snapshot', notifications: [{ uid: 'n1' }] });

    data.rows.push(notification('n3', 'anna'));
    notify({ uid: 'n3', userId: 'anna', op: 'insert' });
    notify({ uid: 'n2', userId: 'bea', op: 'delete' });
    notify({ uid: 'n9', userId: 'nobody-here', op: 'insert' });
    await until(() => anna.events().length === 2 && bea.events().length === 2);
    expect(anna.events()[1]).toMatchObject({ type: 'upsert', notification: { uid: 'n3', userId: 'anna' } });
    expect(bea.events()[1]).toEqual({ type: 'remove', uid: 'n2', unreadCount: 1 });
    // No query for a user without a stream here.
    expect(data.repository.findByUids.mock.calls.flat(2)).not.toContain('n9');
  });

  it('a changed row that now belongs to someone else is a remove for the previous owner', async () => {
    const { streams, notify } = await startStreams([notification('n1', 'bea')]);
    running = streams;
    const anna = fakeResponse();
    streams.open('anna', 's1', anna.res, Date.now() / 1000 + 600);
    await until(() => anna.events().length === 1);
    notify({ uid: 'n1', userId: 'anna', op: 'update' });
    await until(() => anna.events().length === 2);
    expect(anna.events()[1]).toEqual({ type: 'remove', uid: 'n1', unreadCount: 0 });
  });

  it('buffers changes that arrive while the snapshot loads and sends them after it', async () => {
    const { streams, data, notify } = await startStreams([notification('n1', 'anna')]);
    running = streams;
    const release = data.holdSnapshots();
    const anna = fakeResponse();
    streams.open('anna', 's1', anna.res, Date.now() / 1000 + 600);
    data.rows.push(notification('n2', 'anna'));
    notify({ uid: 'n2', userId: 'anna', op: 'insert' });
    await flush();
    await flush();
    expect(anna.events()).toEqual([]);
    release();
    await until(() => anna.events().length === 2);
    expect(anna.events().map((e) => e.type)).toEqual(['snapshot', 'upsert']);
  });

  it('after the listener reconnects, every stream gets a fresh full snapshot', async () => {
    const { streams, data, reconnect } = await startStreams([notification('n1', 'anna')]);
    running = streams;
    const anna = fakeResponse();
    streams.open('anna', 's1', anna.res, Date.now() / 1000 + 600);
    await until(() => anna.events().length === 1);
    // Missed while the listener was away:
    data.rows.push(notification('n2', 'anna'));
    reconnect();
    await until(() => anna.events().length === 2);
    expect(anna.events()[1]).toMatchObject({
      type: 'snapshot',
      notifications: [{ uid: 'n1' }, { uid: 'n2' }],
    });
  });

  it('a TRUNCATE resends snapshots', async () => {
    const { streams, data, notify } = await startStreams([notification('n1', 'anna')]);
    running = streams;
    const anna = fakeResponse();
    streams.open('anna', 's1', anna.res, Date.now() / 1000 + 600);
    await until(() => anna.events().length === 1);
    data.rows.length = 0;
    notify({ op: 'truncate' });
    await until(() => anna.events().length === 2);
    expect(anna.events()[1]).toEqual({ type: 'snapshot', notifications: [], hasMore: false, unreadCount: 0 });
  });

  it('ends a stream when its token expires and sends heartbeats from one shared timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { streams } = await startStreams([], 25_000);
    running = streams;
    const short = fakeResponse();
    const long = fakeResponse();
    const start = Math.floor(Date.now() / 1000);
    streams.open('anna', 's1', short.res, start + 30);
    streams.open('anna', 's1', long.res, start + 600);
    await until(() => short.events().length === 1 && long.events().length === 1);
    vi.advanceTimersByTime(26_000);
    expect(short.heartbeats()).toBe(1);
    expect(long.heartbeats()).toBe(1);
    expect(short.ended()).toBe(false);
    vi.advanceTimersByTime(6_000);
    expect(short.ended()).toBe(true);
    expect(long.ended()).toBe(false);
    expect(streams.size).toBe(1);
  });

  it("ends the streams of an ended session, or all of a user's", async () => {
    const { streams } = await startStreams([]);
    running = streams;
    const first = fakeResponse();
    const second = fakeResponse();
    const other = fakeResponse();
    streams.open('anna', 'session-1', first.res, Date.now() / 1000 + 600);
    streams.open('anna', 'session-2', second.res, Date.now() / 1000 + 600);
    streams.open('bea', 'session-3', other.res, Date.now() / 1000 + 600);
    streams.endSessions({ userId: 'anna', sessionId: 'session-1' });
    expect([first.ended(), second.ended(), other.ended()]).toEqual([true, false, false]);
    streams.endSessions({ userId: 'anna', sessionId: null });
    expect([second.ended(), other.ended()]).toEqual([true, false]);
  });

  it('stop() ends every open stream', async () => {
    const { streams } = await startStreams([]);
    const anna = fakeResponse();
    streams.open('anna', 's1', anna.res, Date.now() / 1000 + 600);
    await streams.stop();
    expect(anna.ended()).toBe(true);
    expect(streams.size).toBe(0);
  });
});

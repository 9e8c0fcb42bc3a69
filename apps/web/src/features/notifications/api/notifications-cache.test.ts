import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, type QueryClient } from '@tanstack/react-query';
import { apiRoutes, type Notification, type NotificationPage } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { createTestQueryClient, jsonResponse } from '../../../testing/test-utils';
import {
  applyStreamEvent,
  isLoadingOlder,
  notificationsListOptions,
  notificationsOf,
  onPagesLoaded,
  setFlagLocally,
  unreadCountOptions,
  type NotificationsData,
} from './notifications-cache';

// The notifications in the query cache (decision 011, update): the stream writes the pages and the
// unread count with setQueryData, older pages are the infinite query's next pages.

const notification = (uid: string, daysAgo: number, wasRead = false): Notification => ({
  uid,
  userId: 'u1',
  date: new Date(Date.UTC(2025, 0, 31 - daysAgo)).toISOString(),
  wasRead,
  mouseOver: false,
  content: { title: { en: uid, de: uid }, text: { en: '', de: '' } },
});

let queryClient: QueryClient;
const list = () => queryClient.getQueryData<NotificationsData>(notificationsListOptions.queryKey);
const uids = () => {
  const data = list();
  return data ? notificationsOf(data).map((item) => item.uid) : undefined;
};
const first = () => (list() ? notificationsOf(list()!)[0] : undefined);
const unreadCount = () => queryClient.getQueryData(unreadCountOptions.queryKey);
const hasMore = () => list()?.pages.at(-1)?.hasMore;

beforeEach(() => {
  queryClient = createTestQueryClient();
});

describe('applyStreamEvent (docs/product.md §4 new-message signal)', () => {
  it('a snapshot replaces the list and never counts as new', () => {
    expect(
      applyStreamEvent(queryClient, {
        type: 'snapshot',
        notifications: [notification('a', 1)],
        hasMore: false,
        unreadCount: 1,
      }),
    ).toBeNull();
    // A reconnect snapshot that is longer is still no new-message signal (no duplicate toasts).
    expect(
      applyStreamEvent(queryClient, {
        type: 'snapshot',
        notifications: [notification('b', 0), notification('a', 1)],
        hasMore: false,
        unreadCount: 1,
      }),
    ).toBeNull();
    expect(uids()).toEqual(['b', 'a']);
  });

  it('an upsert of an unknown uid makes the list longer, in date order', () => {
    applyStreamEvent(queryClient, {
      type: 'snapshot',
      notifications: [notification('new', 0), notification('old', 5)],
      hasMore: false,
      unreadCount: 1,
    });
    const added = notification('middle', 2);
    expect(applyStreamEvent(queryClient, { type: 'upsert', notification: added, unreadCount: 2 })).toEqual(
      added,
    );
    expect(uids()).toEqual(['new', 'middle', 'old']);
  });

  it('an upsert before any snapshot starts the list without a signal', () => {
    expect(
      applyStreamEvent(queryClient, { type: 'upsert', notification: notification('a', 0), unreadCount: 1 }),
    ).toBeNull();
    expect(uids()).toEqual(['a']);
    expect(unreadCount()).toBe(1);
  });

  it('an upsert of a known uid replaces it without a signal; remove drops it', () => {
    applyStreamEvent(queryClient, {
      type: 'snapshot',
      notifications: [notification('a', 0)],
      hasMore: false,
      unreadCount: 1,
    });
    expect(
      applyStreamEvent(queryClient, {
        type: 'upsert',
        notification: notification('a', 0, true),
        unreadCount: 0,
      }),
    ).toBeNull();
    expect(first()?.wasRead).toBe(true);
    expect(applyStreamEvent(queryClient, { type: 'remove', uid: 'a', unreadCount: 0 })).toBeNull();
    expect(uids()).toEqual([]);
  });

  it('sets a flag locally, can undo it, and never re-adds a removed notification', () => {
    applyStreamEvent(queryClient, {
      type: 'snapshot',
      notifications: [notification('a', 0)],
      hasMore: false,
      unreadCount: 1,
    });
    const undo = setFlagLocally(queryClient, 'a', 'wasRead');
    expect(first()?.wasRead).toBe(true);
    undo();
    expect(first()?.wasRead).toBe(false);
    applyStreamEvent(queryClient, { type: 'remove', uid: 'a', unreadCount: 0 });
    setFlagLocally(queryClient, 'a', 'mouseOver');
    expect(uids()).toEqual([]);
  });
});

// docs/product.md §D.5 with paging: the snapshot is the newest page; the bell counts every unread
// notification as the server does, also those not loaded.
describe('the unread count', () => {
  it('takes the unread count from the server, not from the loaded list', () => {
    applyStreamEvent(queryClient, {
      type: 'snapshot',
      notifications: [notification('a', 0, true)],
      hasMore: true,
      unreadCount: 250,
    });
    expect(unreadCount()).toBe(250);
    applyStreamEvent(queryClient, { type: 'upsert', notification: notification('b', 0), unreadCount: 251 });
    expect(unreadCount()).toBe(251);
    applyStreamEvent(queryClient, { type: 'remove', uid: 'zz-not-loaded', unreadCount: 250 });
    expect(unreadCount()).toBe(250);
  });

  it('counts a notification marked read off at once, and back when the server refuses', () => {
    applyStreamEvent(queryClient, {
      type: 'snapshot',
      notifications: [notification('a', 0)],
      hasMore: false,
      unreadCount: 7,
    });
    const undo = setFlagLocally(queryClient, 'a', 'wasRead');
    expect(unreadCount()).toBe(6);
    undo();
    expect(unreadCount()).toBe(7);
  });
});

describe('older pages (the infinite query)', () => {
  let pages: NotificationPage[];
  let requests: URL[];
  let answer: ((page: NotificationPage) => void) | undefined;

  beforeEach(() => {
    setToken('a.b.c');
    pages = [];
    requests = [];
    answer = undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(new Request(input, init).url);
        requests.push(url);
        const page = pages.shift();
        if (page) return jsonResponse(page);
        // No page prepared: the test answers later, to send stream events meanwhile.
        return new Promise<Response>((resolve) => {
          answer = (late) => resolve(jsonResponse(late));
        });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const observe = () => {
    const observer = new InfiniteQueryObserver(queryClient, notificationsListOptions);
    const stop = observer.subscribe(() => {});
    return { observer, stop };
  };

  it('loads the page after the oldest notification listed, below the list; a change beyond it stays on the server', async () => {
    applyStreamEvent(queryClient, {
      type: 'snapshot',
      notifications: [notification('new', 0), notification('mid', 2)],
      hasMore: true,
      unreadCount: 3,
    });
    const { observer, stop } = observe();
    // The stream delivered the first page: the query fetched nothing itself.
    expect(requests).toEqual([]);
    pages.push({ notifications: [notification('mid', 2), notification('old', 4)], hasMore: true });
    await observer.fetchNextPage();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.pathname).toBe(apiRoutes.listOlderNotifications.path);
    expect(requests[0]!.searchParams.get('beforeUid')).toBe('mid');
    expect(requests[0]!.searchParams.get('beforeDate')).toBe(notification('mid', 2).date);
    expect(uids()).toEqual(['new', 'mid', 'old']);
    expect(hasMore()).toBe(true);
    // Older than anything loaded while more exist: not shown (it is on a page not loaded yet), no toast.
    expect(
      applyStreamEvent(queryClient, {
        type: 'upsert',
        notification: notification('ancient', 30),
        unreadCount: 3,
      }),
    ).toBeNull();
    expect(uids()).toEqual(['new', 'mid', 'old']);
    pages.push({ notifications: [notification('ancient', 30)], hasMore: false });
    await observer.fetchNextPage();
    expect(requests[1]!.searchParams.get('beforeUid')).toBe('old');
    expect(uids()).toEqual(['new', 'mid', 'old', 'ancient']);
    expect(hasMore()).toBe(false);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    stop();
  });

  it('keeps the stream events that arrived while a page loaded', async () => {
    applyStreamEvent(queryClient, {
      type: 'snapshot',
      notifications: [notification('a', 0), notification('b', 1)],
      hasMore: true,
      unreadCount: 2,
    });
    const { observer, stop } = observe();
    // What the connection does (notifications-connection.ts): events during a load are applied again after it.
    const during: Parameters<typeof applyStreamEvent>[1][] = [];
    const stopWatching = onPagesLoaded(queryClient, (succeeded) => {
      if (succeeded) for (const event of during.splice(0)) applyStreamEvent(queryClient, event);
    });
    const loading = observer.fetchNextPage();
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(isLoadingOlder(queryClient)).toBe(true);
    for (const event of [
      { type: 'upsert', notification: notification('fresh', 0), unreadCount: 3 },
      { type: 'remove', uid: 'b', unreadCount: 2 },
    ] as const) {
      during.push(event);
      applyStreamEvent(queryClient, event);
    }
    expect(uids()).toEqual(['fresh', 'a']);
    answer?.({ notifications: [notification('c', 5)], hasMore: false });
    await loading;
    expect(uids()).toEqual(['fresh', 'a', 'c']);
    expect(isLoadingOlder(queryClient)).toBe(false);
    stopWatching();
    stop();
  });
});

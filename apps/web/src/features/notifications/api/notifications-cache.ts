import {
  hashKey,
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification, NotificationPage, NotificationStreamEvent } from '@cockpit/contracts';
import { getNotificationsPage } from './get-older-notifications';

/**
 * The signed-in user's notifications are server state, so they live in the query cache (decision 011,
 * update: one owner for server state). The stream (docs/product.md §D.5) writes them with
 * `setQueryData`: its snapshot is the newest page, its events change the pages in place. Older pages are
 * an infinite query's next pages (`GET /api/notifications?beforeDate=…&beforeUid=…`). The query never
 * fetches its first page itself (`enabled: false`): the stream delivers it, so nothing is loaded twice.
 */
export const notificationsKey = ['notifications'] as const;
const listKey = [...notificationsKey, 'list'] as const;
const unreadCountKey = [...notificationsKey, 'unread-count'] as const;

export type NotificationsData = InfiniteData<NotificationPage, Notification | null>;

/** What every notifications query shares: kept while the stream holds them, never read again by itself. */
const cacheOptions = {
  staleTime: Infinity,
  gcTime: Infinity,
  // lib/global-loading: loading an older page must not spin the content area's loading indicator.
  meta: { globalLoading: false },
} as const;

/**
 * The server's order: newest first, then uid — dates carry microseconds, which `Date.parse` drops, so
 * equal milliseconds compare as text (the server writes every date in one format) and then by uid.
 */
const byDateDesc = (a: Notification, b: Notification) =>
  Date.parse(b.date) - Date.parse(a.date) ||
  (a.date === b.date ? 0 : a.date < b.date ? 1 : -1) ||
  (a.uid === b.uid ? 0 : a.uid < b.uid ? 1 : -1);

/**
 * The loaded pages as one list, each notification once: the stream's page as the server sent it, and in
 * the server's order once older pages are below it (a page may repeat the end of the one before).
 */
export function notificationsOf(data: NotificationsData): Notification[] {
  const seen = new Set<string>();
  const list: Notification[] = [];
  for (const page of data.pages) {
    for (const item of page.notifications) {
      if (seen.has(item.uid)) continue;
      seen.add(item.uid);
      list.push(item);
    }
  }
  return data.pages.length > 1 ? list.sort(byDateDesc) : list;
}

/** Older notifications than the oldest listed exist on the server (loaded page by page on scroll). */
const hasMoreOf = (data: NotificationsData) => data.pages.at(-1)?.hasMore ?? false;

/** Module-level, so the list is worked out again only when the pages change. */
const selectList = (data: NotificationsData) => ({
  notifications: notificationsOf(data),
  hasMore: hasMoreOf(data),
});

export const notificationsListOptions = infiniteQueryOptions({
  queryKey: listKey,
  queryFn: ({ pageParam }) => getNotificationsPage(pageParam),
  initialPageParam: null as Notification | null,
  // The page after the oldest notification listed; `undefined` ends the list.
  getNextPageParam: (lastPage, pages) =>
    lastPage.hasMore ? notificationsOf({ pages, pageParams: [] }).at(-1) : undefined,
  select: selectList,
  enabled: false,
  ...cacheOptions,
});

/** Every unread notification of the user, listed or not, as the server counts them (the bell). */
export const unreadCountOptions = queryOptions<number, Error, number, typeof unreadCountKey>({
  queryKey: unreadCountKey,
  queryFn: skipToken,
  ...cacheOptions,
});

/** The cache keeps the notifications while the stream holds them (no observer needs to be mounted). */
export function keepNotifications(queryClient: QueryClient): void {
  queryClient.setQueryDefaults(notificationsKey, cacheOptions);
}

/** Whether the next page is being loaded: it is written over the pages as they were when it started. */
export function isLoadingOlder(queryClient: QueryClient): boolean {
  return queryClient.getQueryState(listKey)?.fetchStatus === 'fetching';
}

/**
 * Calls `settled` each time a load of pages ends. A success writes the pages as they were when the load
 * started plus the new one, so stream events of the meantime are applied again then (they are idempotent).
 */
export function onPagesLoaded(queryClient: QueryClient, settled: (succeeded: boolean) => void): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== hashKey(listKey)) return;
    // `manual` marks a `setQueryData`: the stream's own writes.
    if (event.action.type === 'success' && !event.action.manual) settled(true);
    if (event.action.type === 'error') settled(false);
  });
}

/** Sign-out or the stream closed: the next user never sees these notifications. */
export function forgetNotifications(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: notificationsKey });
}

const getList = (queryClient: QueryClient) => queryClient.getQueryData<NotificationsData>(listKey);
const setList = (queryClient: QueryClient, update: (data: NotificationsData) => NotificationsData) =>
  queryClient.setQueryData<NotificationsData>(listKey, (data) => (data ? update(data) : data));
const setUnreadCount = (queryClient: QueryClient, count: number) =>
  queryClient.setQueryData<number>(unreadCountKey, count);

/** The newest page alone, as the stream's snapshot (a reconnect forgets older pages, as the server did). */
const firstPage = (page: NotificationPage): NotificationsData => ({ pages: [page], pageParams: [null] });

const mapPages = (
  data: NotificationsData,
  update: (items: Notification[], index: number) => Notification[],
) => ({
  ...data,
  pages: data.pages.map((page, index) => ({ ...page, notifications: update(page.notifications, index) })),
});

/**
 * Applies one stream event to the cache. Returns the notification that made the list longer
 * (docs/product.md §4: the new-message signal), or `null` — never for a snapshot, so the first one and
 * those after a reconnect raise no toast.
 */
export function applyStreamEvent(
  queryClient: QueryClient,
  event: NotificationStreamEvent,
): Notification | null {
  const current = getList(queryClient);
  switch (event.type) {
    case 'snapshot':
      queryClient.setQueryData<NotificationsData>(listKey, firstPage(event));
      setUnreadCount(queryClient, event.unreadCount);
      return null;
    case 'upsert': {
      const { notification } = event;
      setUnreadCount(queryClient, event.unreadCount);
      if (!current) {
        queryClient.setQueryData<NotificationsData>(
          listKey,
          firstPage({ notifications: [notification], hasMore: false }),
        );
        return null;
      }
      const list = notificationsOf(current);
      const known = list.some((item) => item.uid === notification.uid);
      const oldest = list.at(-1);
      // A change of a notification older than the loaded pages stays on the server until it is scrolled to.
      const beyondLoaded =
        !known && hasMoreOf(current) && oldest !== undefined && byDateDesc(oldest, notification) < 0;
      if (beyondLoaded) return null;
      setList(queryClient, (data) =>
        mapPages(data, (items, index) =>
          known
            ? items.map((item) => (item.uid === notification.uid ? notification : item))
            : index === 0
              ? [...items, notification].sort(byDateDesc)
              : items,
        ),
      );
      return known ? null : notification;
    }
    case 'remove':
      setUnreadCount(queryClient, event.unreadCount);
      setList(queryClient, (data) =>
        mapPages(data, (items) => items.filter((item) => item.uid !== event.uid)),
      );
      return null;
    case 'catalogue':
      // Not about notifications: the connection tells its catalogue listeners (notifications-connection.ts).
      return null;
  }
}

/** Sets a flag locally at once (the stream confirms it); returns how to undo it if the server refuses. */
export function setFlagLocally(
  queryClient: QueryClient,
  uid: string,
  flag: 'wasRead' | 'mouseOver',
): () => void {
  const find = () => {
    const data = getList(queryClient);
    return data ? notificationsOf(data).find((item) => item.uid === uid) : undefined;
  };
  const before = find()?.[flag] ?? false;
  const update = (value: boolean) => {
    if (!getList(queryClient)) return;
    // Marking one read counts it off the bell at once; the stream's next event brings the server's count.
    const was = find()?.[flag];
    const delta = flag === 'wasRead' && was !== undefined && was !== value ? (value ? -1 : 1) : 0;
    setList(queryClient, (data) =>
      mapPages(data, (items) => items.map((item) => (item.uid === uid ? { ...item, [flag]: value } : item))),
    );
    if (delta !== 0)
      setUnreadCount(
        queryClient,
        Math.max(0, (queryClient.getQueryData<number>(unreadCountKey) ?? 0) + delta),
      );
  };
  update(true);
  return () => update(before);
}

import { useCallback, useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import type * as ConnectionModule from '../api/notifications-connection';
import { notificationsListOptions, unreadCountOptions } from '../api/notifications-cache';
import { useNotificationsStore } from '../store/notifications-store';

/**
 * Runs `start` with the stream's connection module once it has loaded (unless cleaned up before) and
 * returns the cleanup. The SSE client is not needed to *show* the signed-in shell, so it is a chunk of
 * its own, loaded right after (bundle budget, docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
function withConnection(start: (connection: typeof ConnectionModule) => () => void): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  void import('../api/notifications-connection').then(
    (connection) => {
      if (!cancelled) stop = start(connection);
    },
    (error: unknown) => console.error('Could not load the notifications stream', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

/**
 * The signed-in shell's one notifications stream (docs/product.md §D.5): open while the layout is mounted, and
 * the docs/product.md §4 toast when a new notification arrives — whether or not the panel is open. Only the shell
 * calls this; everything else reads the query cache (`useNotifications`, `useHasUnreadNotifications`).
 */
export function useNotificationsStream(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(
    () => withConnection(({ retainNotificationsConnection }) => retainNotificationsConnection(queryClient)),
    [queryClient],
  );
  useEffect(
    () =>
      withConnection(({ onNewNotification }) =>
        onNewNotification((notification) => {
          showToast({
            // One toast per notification, even if two components listen.
            id: `new-notification-${notification.uid}`,
            type: 'info',
            title: t('notifications.toast.title'),
            message: t('notifications.toast.message'),
          });
        }),
      ),
    [t],
  );
}

/**
 * The notifications (newest first; `null` until the first snapshot), the stream's state, and the next
 * older page: `loadOlder` loads it once at a time (the list asks whenever its end is in view) and
 * resolves with whether that failed.
 */
export function useNotifications() {
  const list = useInfiniteQuery(notificationsListOptions);
  const status = useNotificationsStore((state) => state.status);
  const { fetchNextPage } = list;
  const loadOlder = useCallback(
    () => fetchNextPage({ cancelRefetch: false }).then((result) => ({ failed: result.isFetchNextPageError })),
    [fetchNextPage],
  );
  return {
    notifications: list.data?.notifications ?? null,
    status,
    hasMore: list.data?.hasMore ?? false,
    loadOlder,
  };
}

/**
 * For the bell of the side menu (docs/product.md §2: a different selected icon while any notification is unread;
 * docs/product.md §4 "an unread flag is true if any notification is unread"). A pure reader: the server's count,
 * so unread notifications older than the loaded pages count too.
 */
export function useHasUnreadNotifications(): boolean {
  return useQuery({ ...unreadCountOptions, select: (count) => count > 0 }).data ?? false;
}

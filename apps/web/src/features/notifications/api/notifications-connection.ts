import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationStreamEvent } from '@cockpit/contracts';
import { resetNotificationsStore, useNotificationsStore } from '../store/notifications-store';
import {
  applyStreamEvent,
  forgetNotifications,
  isLoadingOlder,
  keepNotifications,
  onPagesLoaded,
} from './notifications-cache';
import { connectNotificationsStream } from './notifications-stream';

/**
 * One stream per tab, however many components read notifications (the bell, the panel): each holds it
 * with `retainNotificationsConnection(queryClient)`; the last release closes it and forgets the data
 * (sign-out unmounts the layout, so the next user never sees the previous user's notifications).
 */

type NewNotificationListener = (notification: Notification) => void;

let holders = 0;
let disconnect: (() => void) | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const newNotificationListeners = new Set<NewNotificationListener>();
const catalogueListeners = new Set<() => void>();

/** Writes the stream into the query cache, also over a page of older notifications loaded meanwhile. */
function connect(queryClient: QueryClient): () => void {
  keepNotifications(queryClient);
  let duringLoad: NotificationStreamEvent[] = [];
  const stopWatching = onPagesLoaded(queryClient, (succeeded) => {
    const events = duringLoad;
    duringLoad = [];
    if (succeeded) for (const event of events) applyStreamEvent(queryClient, event);
  });
  const stopStream = connectNotificationsStream({
    onEvent: (event) => {
      if (event.type === 'catalogue') {
        for (const listener of catalogueListeners) listener();
        return;
      }
      if (isLoadingOlder(queryClient)) duringLoad.push(event);
      const added = applyStreamEvent(queryClient, event);
      if (added) for (const listener of newNotificationListeners) listener(added);
    },
    onStatus: (status) => useNotificationsStore.setState({ status }),
  });
  return () => {
    stopStream();
    stopWatching();
    forgetNotifications(queryClient);
    resetNotificationsStore();
  };
}

export function retainNotificationsConnection(queryClient: QueryClient): () => void {
  holders += 1;
  clearTimeout(releaseTimer);
  disconnect ??= connect(queryClient);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    // Deferred: a component that unmounts and mounts again at once (React StrictMode, a re-keyed layout)
    // keeps the same connection instead of reconnecting.
    releaseTimer = setTimeout(() => {
      if (holders > 0) return;
      disconnect?.();
      disconnect = null;
    }, 0);
  };
}

/** docs/product.md §4 new-message signal: called when the list gets longer (never for a snapshot). */
export function onNewNotification(listener: NewNotificationListener): () => void {
  newNotificationListeners.add(listener);
  return () => newNotificationListeners.delete(listener);
}

/**
 * The catalogue or the user's audience changed (decision 015): menus, favourites and dashboards must be
 * read again. Arrives on the notification stream, so it needs no connection of its own.
 */
export function onCatalogueChanged(listener: () => void): () => void {
  catalogueListeners.add(listener);
  return () => catalogueListeners.delete(listener);
}

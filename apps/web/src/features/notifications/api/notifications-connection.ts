import type { Notification } from '@cockpit/contracts';
import { applyStreamEvent, resetNotificationsStore, useNotificationsStore } from '../store/notifications-store';
import { connectNotificationsStream, type StreamDependencies } from './notifications-stream';

/**
 * One stream per tab, however many components read notifications (the bell, the panel): each holds it
 * with `retainNotificationsConnection()`; the last release closes it and forgets the data (sign-out
 * unmounts the layout, so the next user never sees the previous user's notifications).
 */
type NewNotificationListener = (notification: Notification) => void;

let holders = 0;
let disconnect: (() => void) | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const newNotificationListeners = new Set<NewNotificationListener>();
let dependencies: StreamDependencies = {};

/** Tests replace fetch and token. */
export function setNotificationsStreamDependencies(next: StreamDependencies): void {
  dependencies = next;
}

export function retainNotificationsConnection(): () => void {
  holders += 1;
  clearTimeout(releaseTimer);
  disconnect ??= connectNotificationsStream(
    {
      onEvent: (event) => {
        const added = applyStreamEvent(event);
        if (added) for (const listener of newNotificationListeners) listener(added);
      },
      onStatus: (status) => useNotificationsStore.setState({ status }),
    },
    dependencies,
  );
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
      resetNotificationsStore();
    }, 0);
  };
}

/** spec §4 new-message signal: called when the list gets longer (never for a snapshot). */
export function onNewNotification(listener: NewNotificationListener): () => void {
  newNotificationListeners.add(listener);
  return () => newNotificationListeners.delete(listener);
}

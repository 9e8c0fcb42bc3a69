import { create } from 'zustand';
import type { StreamStatus } from '../api/notifications-stream';

/**
 * The state of this tab's notifications stream, the one thing about notifications that is not server
 * state. The notifications and the unread count are in the query cache (api/notifications-cache.ts).
 */
type NotificationsStreamState = { status: StreamStatus | 'idle' };

export const useNotificationsStore = create<NotificationsStreamState>()(() => ({ status: 'idle' }));

export function resetNotificationsStore(): void {
  useNotificationsStore.setState({ status: 'idle' });
}

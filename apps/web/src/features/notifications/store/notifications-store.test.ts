import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@cockpit/contracts';
import {
  appendOlderNotifications,
  applyStreamEvent,
  resetNotificationsStore,
  setFlagLocally,
  useNotificationsStore,
} from './notifications-store';

const notification = (uid: string, daysAgo: number, wasRead = false): Notification => ({
  uid,
  userId: 'u1',
  date: new Date(Date.UTC(2025, 0, 31 - daysAgo)).toISOString(),
  wasRead,
  mouseOver: false,
  content: { title: { en: uid, de: uid }, text: { en: '', de: '' } },
});

const uids = () => useNotificationsStore.getState().notifications?.map((item) => item.uid);

beforeEach(resetNotificationsStore);

describe('applyStreamEvent (spec §4 new-message signal)', () => {
  it('a snapshot replaces the list and never counts as new', () => {
    expect(applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 1)], hasMore: false, unreadCount: 1 })).toBeNull();
    // A reconnect snapshot that is longer is still no new-message signal (no duplicate toasts).
    expect(applyStreamEvent({ type: 'snapshot', notifications: [notification('b', 0), notification('a', 1)], hasMore: false, unreadCount: 1 })).toBeNull();
    expect(uids()).toEqual(['b', 'a']);
  });

  it('an upsert of an unknown uid makes the list longer, in date order', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('new', 0), notification('old', 5)], hasMore: false, unreadCount: 1 });
    const added = notification('middle', 2);
    expect(applyStreamEvent({ type: 'upsert', notification: added, unreadCount: 2 })).toEqual(added);
    expect(uids()).toEqual(['new', 'middle', 'old']);
  });

  it('an upsert of a known uid replaces it without a signal; remove drops it', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 0)], hasMore: false, unreadCount: 1 });
    expect(applyStreamEvent({ type: 'upsert', notification: notification('a', 0, true), unreadCount: 0 })).toBeNull();
    expect(useNotificationsStore.getState().notifications?.[0]?.wasRead).toBe(true);
    expect(applyStreamEvent({ type: 'remove', uid: 'a', unreadCount: 0 })).toBeNull();
    expect(uids()).toEqual([]);
  });

  it('sets a flag locally, can undo it, and never re-adds a removed notification', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 0)], hasMore: false, unreadCount: 1 });
    const undo = setFlagLocally('a', 'wasRead');
    expect(useNotificationsStore.getState().notifications?.[0]?.wasRead).toBe(true);
    undo();
    expect(useNotificationsStore.getState().notifications?.[0]?.wasRead).toBe(false);
    applyStreamEvent({ type: 'remove', uid: 'a', unreadCount: 0 });
    setFlagLocally('a', 'mouseOver');
    expect(uids()).toEqual([]);
  });
});

// DESIGN.md §5 with paging: the snapshot is the newest page; the bell counts every unread notification
// as the server does, also those not loaded.
describe('the unread count and older pages', () => {
  it('takes the unread count from the server, not from the loaded list', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 0, true)], hasMore: true, unreadCount: 250 });
    expect(useNotificationsStore.getState().unreadCount).toBe(250);
    applyStreamEvent({ type: 'upsert', notification: notification('b', 0), unreadCount: 251 });
    expect(useNotificationsStore.getState().unreadCount).toBe(251);
    applyStreamEvent({ type: 'remove', uid: 'zz-not-loaded', unreadCount: 250 });
    expect(useNotificationsStore.getState().unreadCount).toBe(250);
  });

  it('counts a notification marked read off at once, and back when the server refuses', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 0)], hasMore: false, unreadCount: 7 });
    const undo = setFlagLocally('a', 'wasRead');
    expect(useNotificationsStore.getState().unreadCount).toBe(6);
    undo();
    expect(useNotificationsStore.getState().unreadCount).toBe(7);
  });

  it('appends older pages below the list and keeps a change beyond them on the server', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('new', 0), notification('mid', 2)], hasMore: true, unreadCount: 3 });
    appendOlderNotifications({ notifications: [notification('mid', 2), notification('old', 4)], hasMore: true });
    expect(uids()).toEqual(['new', 'mid', 'old']);
    expect(useNotificationsStore.getState().hasMore).toBe(true);
    // Older than anything loaded while more exist: not shown (it is on a page not loaded yet), no toast.
    expect(applyStreamEvent({ type: 'upsert', notification: notification('ancient', 30), unreadCount: 3 })).toBeNull();
    expect(uids()).toEqual(['new', 'mid', 'old']);
    appendOlderNotifications({ notifications: [notification('ancient', 30)], hasMore: false });
    expect(uids()).toEqual(['new', 'mid', 'old', 'ancient']);
    expect(useNotificationsStore.getState().hasMore).toBe(false);
  });
});

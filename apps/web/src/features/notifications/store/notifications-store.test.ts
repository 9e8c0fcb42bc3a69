import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@cockpit/contracts';
import {
  applyStreamEvent,
  replaceNotification,
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
    expect(applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 1)] })).toBeNull();
    // A reconnect snapshot that is longer is still no new-message signal (no duplicate toasts).
    expect(applyStreamEvent({ type: 'snapshot', notifications: [notification('b', 0), notification('a', 1)] })).toBeNull();
    expect(uids()).toEqual(['b', 'a']);
  });

  it('an upsert of an unknown uid makes the list longer, in date order', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('new', 0), notification('old', 5)] });
    const added = notification('middle', 2);
    expect(applyStreamEvent({ type: 'upsert', notification: added })).toEqual(added);
    expect(uids()).toEqual(['new', 'middle', 'old']);
  });

  it('an upsert of a known uid replaces it without a signal; remove drops it', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 0)] });
    expect(applyStreamEvent({ type: 'upsert', notification: notification('a', 0, true) })).toBeNull();
    expect(useNotificationsStore.getState().notifications?.[0]?.wasRead).toBe(true);
    expect(applyStreamEvent({ type: 'remove', uid: 'a' })).toBeNull();
    expect(uids()).toEqual([]);
  });

  it('sets a flag locally, can undo it, and never re-adds a removed notification', () => {
    applyStreamEvent({ type: 'snapshot', notifications: [notification('a', 0)] });
    const undo = setFlagLocally('a', 'wasRead');
    expect(useNotificationsStore.getState().notifications?.[0]?.wasRead).toBe(true);
    undo();
    expect(useNotificationsStore.getState().notifications?.[0]?.wasRead).toBe(false);
    applyStreamEvent({ type: 'remove', uid: 'a' });
    replaceNotification(notification('a', 0, true));
    expect(uids()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { notificationStreamEventSchema } from '@cockpit/contracts';
import { parseStreamEvent } from './stream-event';

// The stream's hand-written check must agree with the contracts' schema (docs/product.md §D.4: the shapes are
// written once — this test is what keeps the second reading of them honest): same verdict, same result.

const notification = {
  uid: '0b6f3c1e-2f4a-4d55-9b1e-6a4b3c2d1e0f',
  userId: 'user-1',
  date: '2025-03-01T10:00:00.000Z',
  wasRead: false,
  mouseOver: false,
  content: {
    title: { de: 'Titel', en: 'Title' },
    text: { de: 'Text', en: 'Text' },
    url: 'https://example.com',
  },
};
const { url: _url, ...contentWithoutUrl } = notification.content;

/** Every field of a notification replaced by something of the wrong kind, or removed. */
function brokenNotifications(): unknown[] {
  const broken: unknown[] = [null, 'x', 1, [], [notification]];
  for (const key of Object.keys(notification)) {
    const rest: Record<string, unknown> = { ...notification };
    delete rest[key];
    broken.push(rest, { ...notification, [key]: 42 }, { ...notification, [key]: null });
  }
  for (const key of ['title', 'text', 'url'] as const) {
    broken.push({ ...notification, content: { ...notification.content, [key]: 7 } });
  }
  for (const key of ['title', 'text'] as const) {
    broken.push(
      { ...notification, content: { ...notification.content, [key]: { de: 'nur deutsch' } } },
      { ...notification, content: { ...notification.content, [key]: { de: 'x', en: false } } },
      { ...notification, content: { ...notification.content, [key]: ['x', 'y'] } },
    );
  }
  return broken;
}

const page = { hasMore: false, unreadCount: 3 };
const validEvents: unknown[] = [
  { type: 'snapshot', notifications: [], ...page },
  {
    type: 'snapshot',
    notifications: [notification, { ...notification, uid: 'other', wasRead: true }],
    hasMore: true,
    unreadCount: 0,
  },
  { type: 'snapshot', notifications: [{ ...notification, content: contentWithoutUrl }], ...page },
  { type: 'upsert', notification, unreadCount: 1 },
  { type: 'upsert', notification: { ...notification, content: contentWithoutUrl }, unreadCount: 0 },
  { type: 'remove', uid: notification.uid, unreadCount: 0 },
  // Unknown keys are dropped, as the schema drops them.
  {
    type: 'upsert',
    notification: { ...notification, extra: 1, content: { ...notification.content, extra: 2 } },
    unreadCount: 2,
    extra: 3,
  },
  { type: 'remove', uid: 'x', unreadCount: 0, extra: true },
];

const invalidEvents: unknown[] = [
  null,
  undefined,
  'snapshot',
  42,
  [],
  [{ type: 'remove', uid: 'x', unreadCount: 0 }],
  {},
  { type: 'unknown' },
  { type: 'SNAPSHOT', notifications: [], ...page },
  { type: 'snapshot' },
  { type: 'snapshot', notifications: {}, ...page },
  { type: 'snapshot', notifications: null, ...page },
  // The unread count and `hasMore` are required, a count is a whole number ≥ 0.
  { type: 'snapshot', notifications: [] },
  { type: 'snapshot', notifications: [], hasMore: 'no', unreadCount: 0 },
  { type: 'snapshot', notifications: [], hasMore: false, unreadCount: -1 },
  { type: 'snapshot', notifications: [], hasMore: false, unreadCount: 1.5 },
  { type: 'upsert', notification },
  { type: 'remove', uid: 'x' },
  { type: 'remove', uid: 'x', unreadCount: '1' },
  { type: 'upsert' },
  { type: 'remove' },
  { type: 'remove', uid: 1, unreadCount: 0 },
  { type: 'remove', uid: null, unreadCount: 0 },
  ...brokenNotifications().flatMap((broken) => [
    { type: 'upsert', notification: broken, unreadCount: 0 },
    { type: 'snapshot', notifications: [notification, broken], ...page },
  ]),
];

function viaSchema(value: unknown) {
  const parsed = notificationStreamEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

describe('parseStreamEvent', () => {
  it.each(validEvents.map((event) => [JSON.stringify(event), event]))(
    'accepts %s as the schema does',
    (_, event) => {
      expect(viaSchema(event)).not.toBeNull();
      expect(parseStreamEvent(event)).toEqual(viaSchema(event));
    },
  );

  it('rejects everything the schema rejects', () => {
    for (const event of invalidEvents) {
      expect(viaSchema(event), JSON.stringify(event)).toBeNull();
      expect(parseStreamEvent(event), JSON.stringify(event)).toBeNull();
    }
  });

  it('returns only the known keys', () => {
    expect(parseStreamEvent({ type: 'remove', uid: 'x', unreadCount: 0, extra: true })).toStrictEqual({
      type: 'remove',
      uid: 'x',
      unreadCount: 0,
    });
  });
});

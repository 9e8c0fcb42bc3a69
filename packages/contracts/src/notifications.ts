import { z } from 'zod';
import { withClientBody, withClientQuery } from './client-params';
import { isSafeHttpUrl, linkMaxLength } from './safe-links';

// Live notifications (docs/product.md §2 Notifications, §3 Notification, §4, §9; docs/product.md §D.5). One set of shapes
// for the stored content, the SSE stream, the PATCH of the owner and the administrators' send API.

/** Limits of the administrators' send API (live notifications: "length-limited"). */
export const notificationLimits = {
  titleMaxLength: 120,
  textMaxLength: 4000,
  urlMaxLength: linkMaxLength,
  /** Listed recipients per send; "all" has no limit. */
  maxListedRecipients: 1000,
} as const;

// The link checks live in a zod-free module (the web app's shell renders links, not zod; see languages.ts).
export { isSafeHttpUrl } from './safe-links';

/** An optional `url`: trimmed, and only http(s) (see `isSafeHttpUrl`). */
export const notificationUrlSchema = z
  .string()
  .refine(isSafeHttpUrl, { error: 'must be an http:// or https:// URL' })
  .transform((value) => value.trim());

/** A text in both languages, optionally an Austrian override; read with `localizedText` (docs/product.md §9). */
export const localizedTextSchema = z.object({ de: z.string(), en: z.string(), deAt: z.string().optional() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** docs/product.md §3: the stored `content` of a notification; `url` is optional and only ever http(s). */
export const notificationContentSchema = z.object({
  title: localizedTextSchema,
  text: localizedTextSchema,
  url: z.string().optional(),
});
export type NotificationContent = z.infer<typeof notificationContentSchema>;

/** docs/product.md §3 Notification as the client receives it. */
export const notificationSchema = z.object({
  uid: z.string(),
  userId: z.string(),
  /** ISO 8601 timestamp. */
  date: z.string(),
  wasRead: z.boolean(),
  mouseOver: z.boolean(),
  content: notificationContentSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** `:uid` of `PATCH /api/notifications/:uid`: any 8-4-4-4-12 hex id (a malformed one is a 400, never a 500). */
export const notificationParamsSchema = z.object({ uid: z.guid({ error: 'must be a notification uid' }) });

/**
 * `PATCH /api/notifications/:uid` (docs/product.md §4): exactly `{ "wasRead": true }` or `{ "mouseOver": true }`,
 * plus the fields the client adds to every body (docs/product.md §7). Anything else is a 400.
 */
export const notificationPatchSchema = withClientBody({
  wasRead: z.literal(true).optional(),
  mouseOver: z.literal(true).optional(),
}).refine((body) => (body.wasRead === true) !== (body.mouseOver === true), {
  error: 'exactly one of wasRead: true or mouseOver: true is required',
});
export type NotificationPatch = z.infer<typeof notificationPatchSchema>;

/**
 * Events of `GET /api/notifications/stream` (server-sent events; the SSE event name is `type`, the data
 * is the JSON of the whole event). The first is always a `snapshot`, newest first; after a reconnect of
 * the browser or of the server's database listener a fresh `snapshot` replaces everything.
 */
export const notificationStreamEventSchema = z.discriminatedUnion('type', [
  // The snapshot is the newest page; `hasMore` says older ones exist (`GET /api/notifications`), and
  // `unreadCount` counts every unread one of the user, listed or not (the bell).
  z.object({
    type: z.literal('snapshot'),
    notifications: z.array(notificationSchema),
    hasMore: z.boolean(),
    unreadCount: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('upsert'),
    notification: notificationSchema,
    unreadCount: z.number().int().min(0),
  }),
  z.object({ type: z.literal('remove'), uid: z.string(), unreadCount: z.number().int().min(0) }),
  // The organisation's catalogue (or the user's audience) changed: menus, favourites and dashboards
  // reload (decision 015). Carries nothing: what the user may see is read through the usual routes.
  z.object({ type: z.literal('catalogue') }),
]);
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;
export const notificationStreamEventTypes = ['snapshot', 'upsert', 'remove', 'catalogue'] as const;

/** Notifications per page: the stream's snapshot and each `GET /api/notifications` page. */
export const notificationPageSize = 50;

/**
 * `GET /api/notifications?beforeDate=…&beforeUid=…`: the page of the user's notifications older than the
 * given one (newest first) — the list loads them as it is scrolled.
 */
/** The cursor: both fields for the page older than that notification, neither for the newest page. */
export const notificationPageQuerySchema = withClientQuery({
  beforeDate: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
  beforeUid: z.guid({ error: 'must be a notification uid' }).optional(),
}).refine((query) => (query.beforeDate === undefined) === (query.beforeUid === undefined), {
  error: 'beforeDate and beforeUid go together',
  path: ['beforeUid'],
});
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  hasMore: z.boolean(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

// In a zod-free module: the web app's shell keeps the stream open, and needs this, not zod (see languages.ts).
export { notificationStreamHeartbeatMs } from './notification-stream-heartbeat';

const boundedText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

/** Optional: empty (or absent) falls back — German to English, Austrian to German (docs/product.md §9). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional();

/** English is required; German and the Austrian override are optional (one pattern with the catalogue). */
const localizedSendText = (max: number) =>
  z
    .object({ en: boundedText(max), de: optionalText(max), deAt: optionalText(max) })
    .transform(({ en, de, deAt }) => ({ en, de: de ?? '', ...(deAt ? { deAt } : {}) }));
const sendTitleSchema = localizedSendText(notificationLimits.titleMaxLength);
const sendTextSchema = localizedSendText(notificationLimits.textMaxLength);

/** Who receives a notification: everyone in the sender's organisation, or listed users of it. */
export const notificationRecipientsSchema = z.union([
  z.literal('all'),
  z
    .array(z.string().min(1).max(200))
    .min(1, { error: 'must list at least one user' })
    .max(notificationLimits.maxListedRecipients),
]);
export type NotificationRecipients = z.infer<typeof notificationRecipientsSchema>;

/**
 * The content an administrator sends: English required, German optional (empty reads English, docs/product.md §9),
 * an optional Austrian override; an optional http(s) link.
 */
export const notificationDraftSchema = z
  .object({
    title: sendTitleSchema,
    text: sendTextSchema,
    url: notificationUrlSchema.optional(),
  })
  .strict();
export type NotificationDraft = z.infer<typeof notificationDraftSchema>;

/** `POST /api/management/notifications` body (organisation administrators only, own organisation only). */
export const sendNotificationBodySchema = withClientBody({
  recipients: notificationRecipientsSchema,
  ...notificationDraftSchema.shape,
});
export type SendNotificationBody = z.infer<typeof sendNotificationBodySchema>;

export const sendNotificationResultSchema = z.object({
  batchId: z.string(),
  /** How many users received it. */
  recipients: z.number().int(),
});
export type SendNotificationResult = z.infer<typeof sendNotificationResultSchema>;

/** One send of `GET /api/management/notifications`: what was sent, to how many, how many have read it. */
export const sentNotificationSchema = z.object({
  batchId: z.string(),
  /** ISO 8601 timestamp. */
  sentAt: z.string(),
  content: notificationContentSchema,
  recipients: z.number().int(),
  read: z.number().int(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const sentNotificationsResponseSchema = z.object({ sent: z.array(sentNotificationSchema) });
export type SentNotificationsResponse = z.infer<typeof sentNotificationsResponseSchema>;

// docs/product.md §9 language rule, in a zod-free module (bundle budget, docs/decisions/011); re-exported here.
export { localizedText } from './localized-text';

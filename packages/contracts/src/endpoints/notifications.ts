import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import {
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationPatchSchema,
  notificationSchema,
  sendNotificationBodySchema,
  sendNotificationResultSchema,
  sentNotificationsResponseSchema,
} from '../notifications';
import { endpoint } from './endpoint';

// Notifications (docs/product.md §D.5) and their management.

/** Keyed by operation id, as in `apiEndpoints`. */
export const notificationsEndpoints = {
  streamNotifications: endpoint(apiRoutes.streamNotifications, {
    tags: ['notifications'],
    summary: "The signed-in user's notifications as server-sent events",
    description:
      'First event `snapshot` (newest first), then `upsert` / `remove` for every change of the ' +
      "user's notifications; a comment line every 25 s. The stream ends when the bearer token " +
      'expires; reconnect with a fresh one (a new snapshot follows).',
    query: withClientQuery({}),
    response: { 401: apiErrorSchema },
  }),
  listOlderNotifications: endpoint(apiRoutes.listOlderNotifications, {
    tags: ['notifications'],
    summary: 'A page of your notifications older than the given one (newest first)',
    description:
      "The stream's snapshot is the newest page; the list asks for the next older page as it is " +
      'scrolled, giving the date and uid of the oldest notification it has.',
    query: notificationPageQuerySchema,
    response: { 200: notificationPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  updateNotification: endpoint(apiRoutes.updateNotification, {
    tags: ['notifications'],
    summary: 'Mark one of your notifications as read or as moused over',
    description: 'Body exactly `{ "wasRead": true }` or `{ "mouseOver": true }`; idempotent.',
    params: notificationParamsSchema,
    query: withClientQuery({}),
    body: notificationPatchSchema,
    response: { 200: notificationSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  sendNotification: endpoint(apiRoutes.sendNotification, {
    tags: ['management'],
    summary: 'Send a notification to all users of your organisation or to listed users of it',
    query: withClientQuery({}),
    body: sendNotificationBodySchema,
    response: {
      201: sendNotificationResultSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
  }),
  listSentNotifications: endpoint(apiRoutes.listSentNotifications, {
    tags: ['management'],
    summary: "Your organisation's sent notifications (newest 50) with recipient and read counts",
    query: withClientQuery({}),
    response: { 200: sentNotificationsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
} as const;

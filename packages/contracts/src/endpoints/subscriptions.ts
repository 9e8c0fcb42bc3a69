import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import { emptyBodySchema } from '../management';
import {
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  deliverySettingsBodySchema,
  deliverySettingsSchema,
  sendNowResponseSchema,
  subscriptionBodySchema,
  subscriptionIdParamsSchema,
  subscriptionsResponseSchema,
  subscriptionViewSchema,
  unsubscribeBodySchema,
  unsubscribeResponseSchema,
} from '../subscriptions';
import { endpoint, managementErrors } from './endpoint';

// Reports that come to people (decision 029).

const subscriptionTags = ['subscriptions'];

/** Keyed by operation id, as in `apiEndpoints`. */
export const subscriptionsEndpoints = {
  listSubscriptions: endpoint(apiRoutes.listSubscriptions, {
    tags: subscriptionTags,
    summary: 'Your subscriptions and alerts, each with its last delivery',
    query: withClientQuery({}),
    response: { 200: subscriptionsResponseSchema, 401: apiErrorSchema },
  }),
  createSubscription: endpoint(apiRoutes.createSubscription, {
    tags: subscriptionTags,
    summary: 'Subscribe to a report or dashboard you can see, or set an alert on a report',
    description:
      'The schedule is structured (daily, chosen weekdays, weekly, monthly on day 1–28 at HH:MM in your time ' +
      "zone); parameter values are checked against the report's parameter types. `recipients` (other users, " +
      'an audience) is for administrators only.',
    query: withClientQuery({}),
    body: subscriptionBodySchema,
    response: {
      201: subscriptionViewSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  }),
  updateSubscription: endpoint(apiRoutes.updateSubscription, {
    tags: subscriptionTags,
    summary: 'Change (or pause) one of your subscriptions or alerts',
    params: subscriptionIdParamsSchema,
    query: withClientQuery({}),
    body: subscriptionBodySchema,
    response: {
      200: subscriptionViewSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
  }),
  deleteSubscription: endpoint(apiRoutes.deleteSubscription, {
    tags: subscriptionTags,
    summary: 'Delete one of your subscriptions or alerts',
    params: subscriptionIdParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  sendSubscriptionNow: endpoint(apiRoutes.sendSubscriptionNow, {
    tags: subscriptionTags,
    summary: 'Deliver one of your subscriptions now, to each of its recipients',
    params: subscriptionIdParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 202: sendNowResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  listMyDeliveries: endpoint(apiRoutes.listMyDeliveries, {
    tags: subscriptionTags,
    summary: 'Deliveries of your subscriptions (newest 100) with status and reason',
    query: deliveriesQuerySchema,
    response: { 200: deliveriesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  getDeliverySettings: endpoint(apiRoutes.getDeliverySettings, {
    tags: subscriptionTags,
    summary: 'Your time zone for schedules',
    query: withClientQuery({}),
    response: { 200: deliverySettingsSchema, 401: apiErrorSchema },
  }),
  updateDeliverySettings: endpoint(apiRoutes.updateDeliverySettings, {
    tags: subscriptionTags,
    summary: 'Set your time zone for schedules (your subscriptions follow it)',
    query: withClientQuery({}),
    body: deliverySettingsBodySchema,
    response: { 200: deliverySettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  unsubscribe: endpoint(apiRoutes.unsubscribe, {
    tags: subscriptionTags,
    summary: "A mail's unsubscribe link: no sign-in, the signed single-purpose token decides (once)",
    query: withClientQuery({}),
    body: unsubscribeBodySchema,
    response: { 200: unsubscribeResponseSchema, 400: apiErrorSchema, 410: apiErrorSchema },
  }),
  listManagedSubscriptions: endpoint(apiRoutes.listManagedSubscriptions, {
    tags: ['management'],
    summary: "The organisation's subscriptions and alerts",
    query: withClientQuery({}),
    response: { 200: subscriptionsResponseSchema, ...managementErrors },
  }),
  listDeliveries: endpoint(apiRoutes.listDeliveries, {
    tags: ['management'],
    summary: "The organisation's deliveries (newest 200): sent, skipped, failed with the reason, retrying",
    query: deliveriesQuerySchema,
    response: { 200: deliveriesResponseSchema, ...managementErrors },
  }),
} as const;

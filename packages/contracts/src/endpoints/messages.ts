import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import {
  bannerMessageBodySchema,
  emptyBodySchema,
  idParamsSchema,
  managedBannerSchema,
  managedBannersResponseSchema,
} from '../management';
import {
  contractMessageResponseSchema,
  currentMessageQuerySchema,
  currentMessageResponseSchema,
} from '../messages';
import { endpoint } from './endpoint';

// The message service (docs/product.md §7) and its management: banner messages.

const bannerErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Keyed by operation id, as in `apiEndpoints`. */
export const messagesEndpoints = {
  getCurrentMessage: endpoint(apiRoutes.getCurrentMessage, {
    tags: ['messages'],
    summary: 'The banner message to show now, in the given UI language (`item: null` when none)',
    query: currentMessageQuerySchema,
    response: { 200: currentMessageResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  getContractMessage: endpoint(apiRoutes.getContractMessage, {
    tags: ['messages'],
    summary: 'Whether a new contract waits for acceptance (only ever for organisation administrators)',
    query: withClientQuery({}),
    response: { 200: contractMessageResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  dismissMessage: endpoint(apiRoutes.dismissMessage, {
    tags: ['messages'],
    summary: 'Close a banner message for the signed-in user, for good (idempotent)',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  listBanners: endpoint(apiRoutes.listBanners, {
    tags: ['management'],
    summary: "Your organisation's banner messages, newest first, with their schedule status",
    query: withClientQuery({}),
    response: { 200: managedBannersResponseSchema, ...bannerErrors },
  }),
  createBanner: endpoint(apiRoutes.createBanner, {
    tags: ['management'],
    summary: 'Create a banner message (English and German texts, buttons, optional start and end)',
    query: withClientQuery({}),
    body: bannerMessageBodySchema,
    response: { 201: managedBannerSchema, ...bannerErrors },
  }),
  updateBanner: endpoint(apiRoutes.updateBanner, {
    tags: ['management'],
    summary: 'Replace the texts, buttons and schedule of a banner message',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: bannerMessageBodySchema,
    response: { 200: managedBannerSchema, ...bannerErrors },
  }),
  deleteBanner: endpoint(apiRoutes.deleteBanner, {
    tags: ['management'],
    summary: 'Delete a banner message (it disappears for everyone on their next fetch)',
    params: idParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...bannerErrors },
  }),
} as const;

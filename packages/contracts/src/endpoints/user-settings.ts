import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { withClientBody, withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import { passwordChangeSchema, userSettingsSchema, userSettingsUpdateSchema } from '../user-settings';
import { endpoint } from './endpoint';

// The signed-in user: settings and password.

/** Keyed by operation id, as in `apiEndpoints`. */
export const userSettingsEndpoints = {
  getUserSettings: endpoint(apiRoutes.getUserSettings, {
    tags: ['user'],
    summary: 'Settings, role and subscription of the signed-in user',
    query: withClientQuery({}),
    response: { 200: userSettingsSchema, 401: apiErrorSchema },
  }),
  updateUserSettings: endpoint(apiRoutes.updateUserSettings, {
    tags: ['user'],
    summary: 'Save UI language, UI culture, currency symbol and display name',
    query: withClientQuery({}),
    body: withClientBody(userSettingsUpdateSchema.shape),
    response: { 200: userSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
  changePassword: endpoint(apiRoutes.changePassword, {
    tags: ['user'],
    summary: "Change the signed-in user's password (ends the user's other sessions)",
    query: withClientQuery({}),
    body: withClientBody(passwordChangeSchema.shape),
    response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
  }),
} as const;

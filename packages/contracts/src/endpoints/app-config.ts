import { apiRoutes } from '../api-routes';
import { appConfigSchema } from '../app-config';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import { endpoint } from './endpoint';

// App configuration.

/** Keyed by operation id, as in `apiEndpoints`. */
export const appConfigEndpoints = {
  getAppConfig: endpoint(apiRoutes.getAppConfig, {
    tags: ['app'],
    summary: 'Configuration the signed-in app needs',
    query: withClientQuery({}),
    response: { 200: appConfigSchema, 401: apiErrorSchema },
  }),
} as const;

import {
  type AppConfig,
  apiErrorSchema,
  apiPaths,
  appConfigSchema,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /api/app/config`: support panel, idle timeout and analytics settings (DESIGN.md §3). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const body: AppConfig = {
    support: config.support,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    idleCountdownSeconds: config.idleCountdownSeconds,
    analyticsMeasurementId: config.gaMeasurementId,
  };

  app.get(
    apiPaths.appConfig,
    {
      schema: {
        tags: ['app'],
        summary: 'Configuration the signed-in app needs',
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: appConfigSchema, 401: apiErrorSchema },
      },
    },
    async () => body,
  );
};

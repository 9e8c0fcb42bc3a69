import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints, type AppConfig } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /api/app/config`: support panel, idle timeout and analytics settings (docs/product.md §D.3). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const body: AppConfig = {
    support: config.support,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    idleCountdownSeconds: config.idleCountdownSeconds,
    analyticsMeasurementId: config.gaMeasurementId,
    reportFrameOrigins: config.reportFrameOrigins,
  };

  app.route({
    ...endpointRoute(apiEndpoints.getAppConfig),
    handler: async () => body,
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/http-error';
import { bearerMatches, metricsPath } from '../../plugins/metrics';

/**
 * `GET /metrics` on the API port (decision 018), when metrics are on without a port of their own: the
 * Prometheus text of `app.metrics` for the configured bearer token only (the config requires one in this
 * mode). Hidden from the API documentation. With METRICS_PORT, plugins/metrics.ts serves it there instead.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.metrics;
  if (!settings || settings.port !== null) return;
  const { token } = settings;
  const { registry } = app.metrics;
  app.get(metricsPath, { schema: { hide: true } }, async (request, reply) => {
    if (!token || !bearerMatches(request.headers.authorization, token)) {
      throw unauthorized('A valid metrics token is required');
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
};

import Fastify, { type FastifyServerOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { App } from './app-types';
import { createAuth } from './auth/create-auth';
import type { Config } from './config';
import type { Database } from './db/database';
import { appConfigRoutes } from './features/app-config/app-config-routes';
import { dashboardsRoutes } from './features/dashboards/dashboards-routes';
import { healthRoutes } from './features/health/health-routes';
import { translationsRoutes } from './features/localization/translations-routes';
import { navigationRoutes } from './features/navigation/navigation-routes';
import { userSettingsRoutes } from './features/user-settings/user-settings-routes';
import { registerAuthRoutes } from './plugins/auth-routes';
import { requireBearerToken } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSwagger } from './plugins/swagger';
import { registerWebApp } from './plugins/web-app';

export interface BuildAppOptions {
  config: Config;
  /** Migrated (and, if wanted, seeded) by the caller; the caller also closes it. */
  db: Database;
}

/** Maximum request body (issue 2): larger bodies get 413. */
export const bodyLimitBytes = 1024 * 1024;

/** The whole HTTP application, ready for `listen` (main.ts) or `inject` (tests). */
export async function buildApp({ config, db }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: await loggerOptions(config),
    bodyLimit: bodyLimitBytes,
    // Only the socket address counts as the client address until a proxy set-up is decided.
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // One schema per route validates, serialises and documents it (DESIGN.md §4).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('auth', createAuth({ config, db, logger: app.log }));

  registerErrorHandler(app);
  await registerSwagger(app);

  // Public: sign-in/out and token exchange (session cookie), health, translations (issue 2).
  registerAuthRoutes(app);
  await app.register(healthRoutes);
  await app.register(translationsRoutes);

  // Everything else needs a bearer token: the hook is added to this scope before any route in it.
  await app.register(async (scope) => {
    requireBearerToken(scope);
    await scope.register(userSettingsRoutes);
    await scope.register(navigationRoutes);
    await scope.register(dashboardsRoutes);
    await scope.register(appConfigRoutes);
  });

  await registerWebApp(app);
  return app;
}

async function loggerOptions(config: Config): Promise<FastifyServerOptions['logger']> {
  const base = {
    level: config.logLevel,
    // Never log credentials (DESIGN.md §3: the session cookie and the bearer token).
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  if (config.nodeEnv !== 'development') return base;
  // Readable logs in development only; synchronous so they stay in order with the start-up banner.
  const { default: pretty } = await import('pino-pretty');
  return {
    ...base,
    stream: pretty({ sync: true, singleLine: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' }),
  };
}

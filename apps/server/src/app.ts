import Fastify, { type FastifyServerOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { App } from './app-types';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/database';
import { appConfigRoutes } from './features/app-config/app-config-routes';
import { dashboardsRoutes } from './features/dashboards/dashboards-routes';
import { embeddedPagesRoutes } from './features/reports/embedded-pages';
import { reportsRoutes } from './features/reports/reports-routes';
import { createReportPages } from './features/reports/report-pages';
import { dashboardForReader } from './features/dashboards/dashboard-for-reader';
import { notifyUsers } from './features/notifications/notifications-sender';
import { reportProblemNoticesOf } from './features/notifications/report-problem-notices';
import { healthRoutes } from './features/health/health-routes';
import { metricsRoutes } from './features/health/metrics-routes';
import { managedUsersRoutes } from './features/users/managed-users-routes';
import { passwordResetRoutes } from './features/users/password-reset-routes';
import { userAttributesRoutes } from './features/users/user-attributes-routes';
import { bannerMessagesRoutes } from './features/messages/banner-messages-routes';
import { contractRoutes } from './features/contract/contract-routes';
import { pendingContractNotice } from './features/contract/contract-notice';
import { signInSettingsRoutes } from './features/single-sign-on/sign-in-settings-routes';
import { twoFactorManagementRoutes, twoFactorStatusRoutes } from './features/two-factor/two-factor-routes';
import { messagesRoutes } from './features/messages/messages-routes';
import { translationsRoutes } from './features/localization/translations-routes';
import { navigationRoutes } from './features/navigation/navigation-routes';
import { managementNotificationsRoutes } from './features/notifications/management-notifications-routes';
import { notificationsRoutes } from './features/notifications/notifications-routes';
import { recentsRoutes } from './features/recents/recents-routes';
import { userSessionsRoutes } from './features/user-sessions/user-sessions-routes';
import { userSettingsRoutes } from './features/user-settings/user-settings-routes';
import { forgottenPasswordRoutes } from './features/sign-in/forgotten-password-routes';
import { authRoutes } from './features/sign-in/auth-routes';
import { singleSignOn } from './features/single-sign-on/single-sign-on-plugin';
import { providerAddressPolicy } from './features/single-sign-on/provider-address-policy';
import { passwordRefusal } from './features/single-sign-on/password-refusal';
import { integrityRoutes } from './features/integrity/integrity-routes';
// Modules, each through its public face (docs/decisions/042-modules-with-a-public-face.md).
import { activityRoutes } from './activity';
import { cataloguePlugin, catalogueRoutes } from './catalogue';
import { type DataSourceProbe, dataSourcesRoutes } from './data-sources';
import { mailPlugin, outboxRoutes } from './mail';
import { reportExecutorPlugin, reportQueryLimitsPlugin } from './reports';
import { databasePlugin } from './plugins/database';
import { clusterEventsPlugin } from './plugins/cluster-events';
import { authPlugin } from './plugins/auth';
import { authenticatePlugin } from './plugins/authenticate';
import { managementScope } from './plugins/require-admin';
import { accountSetUpGatesPlugin } from './plugins/account-set-up-gates';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { securityPlugin } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerWebApp } from './plugins/web-app';
import { serializeErrorForLog } from './lib/log-redaction';
import { createSystemNameResolver, type NameResolver, systemNameResolver } from './lib/name-resolver';
import { trustProxyOption } from './lib/trust-proxy';
import { registerCompression } from './plugins/compression';
import { OneLinePerRequest, bufferedStdout, flushRequestLog } from './plugins/request-log';
import { backgroundJobsPlugin } from './plugins/background-jobs';
import {
  createSubscriptionsFeature,
  subscriptionsManagementRoutes,
  subscriptionsRoutes,
  unsubscribeRoutes,
} from './features/subscriptions/subscriptions-routes';

export interface BuildAppOptions {
  config: Config;
  /** Migrated (and, if wanted, seeded) by the caller; the caller also closes it. */
  db: Database;
  /** The database's LISTEN (`DatabaseHandle.listen`) for live notifications and events between instances. */
  listen?: DatabaseHandle['listen'];
  /** Pool and LISTEN connection state for the metrics and the readiness check (decision 018). */
  databaseStatus?: Pick<DatabaseHandle, 'poolStats' | 'listeners'>;
  /** Where log lines go instead of stdout (tests read them to check what is logged and redacted). */
  logStream?: LogStream;
  /** DNS answers for single sign-on (addresses of providers, domain proofs); the system's by default. */
  nameResolver?: NameResolver;
  /** Management → Data's connect, describe and host rule; the executor's by default (decision 027). */
  dataSourceProbe?: DataSourceProbe;
}

/** Anything pino can write log lines to. */
export interface LogStream {
  write(line: string): void;
}

/** Maximum request body: larger bodies get 413. */
export const bodyLimitBytes = 1024 * 1024;

/** The whole HTTP application, ready for `listen` (main.ts) or `inject` (tests). */
export async function buildApp({
  config,
  db,
  listen,
  databaseStatus,
  logStream,
  nameResolver = config.ssoDnsServers.length > 0
    ? createSystemNameResolver({ txtServers: config.ssoDnsServers })
    : systemNameResolver,
  dataSourceProbe,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: await loggerOptions(config, logStream),
    // One log line per request instead of two (decision 028).
    logController: new OneLinePerRequest(),
    bodyLimit: bodyLimitBytes,
    // TRUST_PROXY (decision 009): off → the socket address is the client's; behind a reverse proxy its
    // `X-Forwarded-For` is believed for the configured hops or proxy addresses only. Sign-in limits key on
    // `request.ip`, so without this every user behind the proxy would share one limit.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs answered by the router itself still get our error shape and headers (docs/product.md §D.4, decision 008).
    frameworkErrors: frameworkErrorHandler(config),
  }).withTypeProvider<ZodTypeProvider>();

  // One schema per route validates, serialises and documents it (docs/product.md §D.4).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  // Registered first, so it runs last: after the server has answered its last request (decision 028).
  app.addHook('onClose', flushRequestLog);
  registerErrorHandler(app);
  // What other parts rely on is a named plugin that declares what it needs (decision 032): registered
  // before a dependency, or without it, start-up stops with the missing plugin's name. The comments say
  // why the order is as it is where no dependency can say it (hooks that must precede every route).
  await app.register(databasePlugin, { db });
  // Changes every server process must apply: catalogue, pins, sessions, users (decision 017).
  await app.register(clusterEventsPlugin, listen ? { listen } : {});
  await app.register(cataloguePlugin);
  // Before any route (decision 032): route inventory, security headers, rate limits, integrity, session events.
  await app.register(securityPlugin);
  // Decision 009: compressed answers, and limits on report and tile queries.
  await registerCompression(app);
  await app.register(reportQueryLimitsPlugin);
  // After the route inventory, before every route: request durations, 429s, sign-ins (decision 018).
  await app.register(metricsPlugin, databaseStatus ? { databaseStatus } : {});
  // THE executor of report SQL (decision 027).
  // A broken definition's owners are told once (decision 046): the notifications feature, composed here.
  await app.register(reportExecutorPlugin, {
    ...(nameResolver ? { nameResolver } : {}),
    settled: reportProblemNoticesOf(db, app.log),
  });
  await app.register(authPlugin, {
    // The single-sign-on feature's provider sign-in, composed here (auth/ imports no feature, decision 023).
    singleSignOn: singleSignOn({
      db,
      authSecret: config.authSecret,
      logger: app.log,
      addressPolicy: providerAddressPolicy(config, nameResolver),
    }),
  });
  await registerSwagger(app);
  // Reports that come to people (decision 029): mail, durable jobs, subscriptions and alerts.
  await app.register(mailPlugin);
  await app.register(backgroundJobsPlugin);
  // The report page's answer and download, built once: its routes and deliveries share them. What
  // deliveries need of other features is composed here, as features do not import each other (decision 029).
  const reportPages = createReportPages(app);
  const subscriptions = createSubscriptionsFeature(app, {
    reports: reportPages.forReader,
    dashboard: dashboardForReader(app),
    notify: notifyUsers(db),
  });

  // Public: sign-in/out and token exchange (session cookie), health and metrics, translations.
  await app.register(authRoutes);
  await app.register(healthRoutes, { databaseStatus });
  await app.register(metricsRoutes);
  await app.register(translationsRoutes);
  // Pages an embedded report shows in its frame: public, a frame cannot send the bearer token (docs/product.md §D.3, decision 008).
  await app.register(embeddedPagesRoutes);
  await app.register(integrityRoutes);
  // A mail's unsubscribe link: its signed token is the credential (decision 029).
  await app.register(unsubscribeRoutes, { subscriptions });
  // Forgotten passwords (decision 031): the mail's single-use link is the credential. Whether the organisation
  // refuses passwords is the single-sign-on feature's (features never import each other).
  await app.register(forgottenPasswordRoutes, { refusesPassword: passwordRefusal(db) });

  // Everything else needs a bearer token: the hook is added to this scope before any route in it.
  await app.register(async (scope) => {
    await scope.register(authenticatePlugin);
    // Decisions 021 and 022: a one-time password, then a required second factor, before anything else.
    await scope.register(accountSetUpGatesPlugin);
    await scope.register(userSettingsRoutes);
    await scope.register(userSessionsRoutes);
    await scope.register(twoFactorStatusRoutes);
    await scope.register(recentsRoutes);
    await scope.register(navigationRoutes);
    await scope.register(dashboardsRoutes);
    await scope.register(reportsRoutes, { pages: reportPages });
    await scope.register(appConfigRoutes);
    await scope.register(subscriptionsRoutes, { subscriptions });
    // `/api/management/*`: every management route is registered in this one scope, whose first plugin
    // refuses anyone but administrators (plugins/require-admin.ts): a route needs no check of its own.
    // Features do not import each other, so each one's management routes are composed here.
    await scope.register(
      managementScope(async (management) => {
        await management.register(managedUsersRoutes);
        await management.register(passwordResetRoutes);
        await management.register(userAttributesRoutes);
        await management.register(bannerMessagesRoutes);
        await management.register(contractRoutes);
        await management.register(catalogueRoutes);
        await management.register(activityRoutes);
        await management.register(signInSettingsRoutes, { nameResolver });
        await management.register(twoFactorManagementRoutes);
        await management.register(dataSourcesRoutes, {
          probe: dataSourceProbe ?? app.executor,
        });
        await management.register(subscriptionsManagementRoutes, { subscriptions });
        await management.register(outboxRoutes);
        await management.register(managementNotificationsRoutes);
      }),
    );
    // The message service; its new-contract notice is the contract feature's (features never import each other).
    await scope.register(messagesRoutes, { pendingContract: pendingContractNotice(db) });
    await scope.register(notificationsRoutes, { listen });
  });

  await registerWebApp(app);
  return app;
}

async function loggerOptions(
  config: Config,
  logStream: LogStream | undefined,
): Promise<FastifyServerOptions['logger']> {
  const base = {
    level: config.logLevel,
    // Never log credentials (docs/product.md §D.3, security hardening): session cookie, bearer and integrity tokens, and any
    // password or token field a log call might carry.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-integrity-token"]',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        '*.*.password',
        '*.newPassword',
        '*.currentPassword',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
    // Database errors without their bound parameters (decision 009: outages must not log credentials).
    serializers: { err: serializeErrorForLog },
  };
  if (logStream) return { ...base, stream: logStream };
  // As deployed: buffered and written asynchronously, flushed on exit (decision 028).
  if (config.nodeEnv === 'production') return { ...base, stream: bufferedStdout() };
  if (config.nodeEnv !== 'development') return base;
  // Readable logs in development only; synchronous so they stay in order with the start-up banner.
  const { default: pretty } = await import('pino-pretty');
  return {
    ...base,
    stream: pretty({ sync: true, singleLine: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' }),
  };
}

import { errorCodes } from '@cockpit/contracts';
import rateLimit from '@fastify/rate-limit';
import type { App } from '../app-types';
import { SessionEvents } from '../auth/session-events';
import { HttpError } from '../lib/http-error';
import { type IntegrityService, createIntegrityService } from './integrity/integrity-service';
import { registerInputGuards } from './input-guards';
import { redisClientPlugin } from './redis-client';
import { type InventoryRoute, routeInventoryPlugin } from './route-inventory';
import { registerSecurityHeaders } from './security-headers';
import { registerSecurityLog } from './security-log';
import { declaredPlugin, pluginNames } from './declared-plugin';
import { type SignInGuard, createSignInGuard } from './sign-in-guard';
import { createPendingSecondFactorLookup } from '../auth/pending-second-factor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (plugins/route-inventory.ts). */
    routeInventory: InventoryRoute[];
    /** App integrity: challenges and integrity tokens (plugins/integrity). */
    integrity: IntegrityService;
    /** Integrity token and rate limits for sign-in/sign-up (plugins/sign-in-guard.ts). */
    signInGuard: SignInGuard;
    /** "These sessions ended / this user changed", in every process (auth/session-events.ts). */
    sessionEvents: SessionEvents;
  }
}

/**
 * Everything the security hardening adds before any route exists: the route inventory, security headers, the
 * one rate limiter (@fastify/rate-limit, its windows in Redis or memory; docs/decisions/034-one-rate-limiter.md),
 * use-once keys, the integrity service (its public routes are
 * registered with the other public routes, after the API docs), the sign-in guard, session events and
 * the authorisation-failure log.
 */
export const securityPlugin = declaredPlugin(
  pluginNames.security,
  // Session events travel over the cluster event path (decision 017).
  [pluginNames.database, pluginNames.clusterEvents],
  registerSecurity,
);

async function registerSecurity(app: App): Promise<void> {
  const { config } = app;
  await app.register(routeInventoryPlugin);
  await registerSecurityHeaders(app);
  registerSecurityLog(app);
  registerInputGuards(app);

  await app.register(redisClientPlugin);

  // The one rate limiter (decision 034): routes opt in with `config.rateLimit` (the public integrity routes),
  // other limits use `app.createRateLimit` (sign-in, forgotten passwords, password changes, new users).
  await app.register(rateLimit, {
    global: false,
    // Redis when configured, memory otherwise and while Redis is away (plugins/rate-limits.ts).
    store: app.rateLimitStore.Store,
    // The store falls back by itself; should it fail anyway, the request goes through rather than failing.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, errorCodes.rateLimited, `Too many requests. Try again in ${context.after}.`),
  });

  const integrity = createIntegrityService(config, app.useOnceKeys);
  app.decorate('integrity', integrity);
  app.decorate(
    'signInGuard',
    createSignInGuard(
      config,
      { createRateLimit: (options) => app.createRateLimit(options), takeBack: app.rateLimitStore.takeBack },
      integrity,
      createPendingSecondFactorLookup(app.db),
    ),
  );
  // Announced to every server process over the cluster event path (docs/product.md §D.2, decision 017).
  app.decorate('sessionEvents', new SessionEvents(app.clusterEvents));
}

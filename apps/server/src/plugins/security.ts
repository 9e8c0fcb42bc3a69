import { errorCodes } from '@cockpit/contracts';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { App } from '../app-types';
import { SessionEvents } from '../auth/session-events';
import { HttpError } from '../lib/http-error';
import { type IntegrityService, createIntegrityService } from './integrity/integrity-service';
import { registerInputGuards } from './input-guards';
import type { RedisBreaker } from './redis-breaker';
import { redisClientPlugin } from './redis-client';
import { type InventoryRoute, routeInventoryPlugin } from './route-inventory';
import { registerSecurityHeaders } from './security-headers';
import { registerSecurityLog } from './security-log';
import type { SharedCounters } from './shared-counters';
import { declaredPlugin, pluginNames } from './declared-plugin';
import { type SignInGuard, createSignInGuard } from './sign-in-guard';
import { createPendingSecondFactorLookup } from '../auth/pending-second-factor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (plugins/route-inventory.ts). */
    routeInventory: InventoryRoute[];
    /** The Redis connection when REDIS_URL is set (the readiness check pings it). */
    redis: Redis | null;
    /** Whether Redis is in use or callers fall back while it is away (plugins/redis-breaker.ts). */
    redisBreaker: RedisBreaker | null;
    /** Sign-in counters and used challenges; Redis when REDIS_URL is set (plugins/shared-counters.ts). */
    sharedCounters: SharedCounters;
    /** App integrity: challenges and integrity tokens (plugins/integrity). */
    integrity: IntegrityService;
    /** Integrity token and rate limits for sign-in/sign-up (plugins/sign-in-guard.ts). */
    signInGuard: SignInGuard;
    /** "These sessions ended / this user changed", in every process (auth/session-events.ts). */
    sessionEvents: SessionEvents;
  }
}

/**
 * Everything the security hardening adds before any route exists: the route inventory, security headers, shared
 * counters (Redis or memory), per-address rate limits, the integrity service (its public routes are
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
  const redis = app.redis;
  const counters = app.sharedCounters;

  // Per-address limits for routes that opt in with `config.rateLimit` (the public integrity routes).
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rl:` } : {}),
    // Redis away: let the request through rather than lock everyone out (the sign-in guard still counts).
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, errorCodes.rateLimited, `Too many requests. Try again in ${context.after}.`),
  });

  const integrity = createIntegrityService(config, counters);
  app.decorate('integrity', integrity);
  app.decorate(
    'signInGuard',
    createSignInGuard(config, counters, integrity, createPendingSecondFactorLookup(app.db)),
  );
  // Announced to every server process over the cluster event path (docs/product.md §D.2, decision 017).
  app.decorate('sessionEvents', new SessionEvents(app.clusterEvents));
}

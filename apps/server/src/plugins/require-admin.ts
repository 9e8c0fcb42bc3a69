import { isAdministrator } from '@cockpit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { forbidden } from '../lib/http-error';
import { declaredPlugin, pluginNames } from './declared-plugin';

/**
 * The management permission (docs/product.md §6: every `/api/management/*` call is for
 * organisationadministrator only, 403 for anyone else). THE one place that decides it on the server:
 * every `/api/management/*` route, whichever feature owns it, is registered in app.ts's management scope
 * (`managementScope` below), whose first plugin is `administratorsOnly`.
 *
 * It is an `onRequest` hook so that the order of answers is always 401 (no or bad token: the bearer
 * hook of the protected scope runs first) → 403 (signed in, not an administrator) → 400 (invalid
 * input) → 404 (not in the caller's organisation). A member therefore learns nothing about a route's
 * input rules or about another organisation's ids.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  // `request.user` is null only if a route was registered outside the protected scope by mistake: refuse.
  const user = request.user as FastifyRequest['user'] | null;
  if (!user || !isAdministrator(user)) {
    throw forbidden('Only organisation administrators may use management');
  }
}

/**
 * `requireAdmin` for every route of the (encapsulated) scope that registers it. It reads `request.user`,
 * so it declares the bearer check as its dependency: registered outside the protected scope, start-up
 * fails instead of every request being refused (decision 032).
 */
export const administratorsOnly = declaredPlugin(
  pluginNames.administratorsOnly,
  [pluginNames.authenticate],
  (scope) => {
    scope.addHook('onRequest', requireAdmin);
  },
);

/**
 * The management scope: an encapsulated plugin whose first plugin is `administratorsOnly`, then
 * `register` adds the routes. app.ts registers every feature's management routes through one such scope,
 * inside the protected scope, so a management route needs no check of its own.
 */
export function managementScope(register: (management: App) => Promise<void>): FastifyPluginAsyncZod {
  return async (management) => {
    await management.register(administratorsOnly);
    await register(management);
  };
}

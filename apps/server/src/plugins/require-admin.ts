import { managementRoleKey } from '@cockpit/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { forbidden } from '../lib/http-error';

/**
 * THE administrator rule of the server (spec §6: organisationadministrator is the only named role). The
 * management routes use it through `requireAdmin`; anything else that differs for administrators (the
 * new-contract notice) asks here rather than comparing role keys itself.
 */
export function isAdministrator(user: Pick<AuthenticatedUser, 'roleKey'>): boolean {
  return user.roleKey === managementRoleKey;
}

/**
 * The management permission (spec §6; DESIGN.md §3 "only organisationadministrator … checked on every
 * management API call"). THE one place that decides it on the server; every `/api/management/*` route
 * uses it, whichever feature owns the route.
 *
 * It is an `onRequest` hook so that the order of answers is always 401 (no or bad token: the bearer
 * hook of the protected scope runs first) → 403 (signed in, not an administrator) → 400 (invalid
 * input) → 404 (not in the caller's organisation). A member therefore learns nothing about a route's
 * input rules or about another organisation's ids.
 *
 * Use it either per route (`{ onRequest: requireAdmin }`) or for a whole encapsulated plugin with
 * `restrictToAdministrators(scope)`. Both only work inside the protected scope (app.ts), which sets
 * `request.user`.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  // `request.user` is null only if a route was registered outside the protected scope by mistake: refuse.
  const user = request.user as FastifyRequest['user'] | null;
  if (!user || !isAdministrator(user)) {
    throw forbidden('Only organisation administrators may use management');
  }
}

/** Adds `requireAdmin` to every route of an encapsulated plugin (registered without fastify-plugin). */
export function restrictToAdministrators(scope: App): void {
  scope.addHook('onRequest', requireAdmin);
}

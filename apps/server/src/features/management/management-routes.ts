import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannerMessagesRoutes } from './banner-messages-routes';
import { contractRoutes } from './contract-routes';
import { managedUsersRoutes } from './managed-users-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { userAttributesRoutes } from './user-attributes-routes';

/**
 * Management's own routes under `/api/management/*`: users, one-time passwords, user attributes, banner messages,
 * contracts. Registered by app.ts in the management scope, whose administrator check
 * (plugins/require-admin.ts) every route there inherits, beside the other features' management routes.
 */
export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(managedUsersRoutes);
  await app.register(passwordResetRoutes);
  await app.register(userAttributesRoutes);
  await app.register(bannerMessagesRoutes);
  await app.register(contractRoutes);
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictToAdministrators } from '../../plugins/require-admin';
import { catalogueRoutes } from '../catalogue/catalogue-routes';
import { bannerMessagesRoutes } from './banner-messages-routes';
import { contractRoutes } from './contract-routes';
import { managedUsersRoutes } from './managed-users-routes';

/**
 * The management API of issue 6 under `/api/management/*`. This plugin is encapsulated (no
 * fastify-plugin), so the administrator check below applies to exactly these routes and every route
 * added here inherits it. Register inside the protected scope (app.ts) so the bearer check runs first.
 */
export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  restrictToAdministrators(app);
  await app.register(managedUsersRoutes);
  await app.register(bannerMessagesRoutes);
  await app.register(contractRoutes);
  await app.register(catalogueRoutes);
};

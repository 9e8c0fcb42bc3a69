import { redirect, type RouteObject } from 'react-router';
import { paths } from '../../../../config/paths';
import type { QueryClientSource } from '../../../../lib/query-client-source';
import { createRequireManagement } from '../../../guards';
import { routeIds } from '../../../route-ids';

/**
 * The management area's routes (docs/product.md §2 management), patched into the route tree at match time for
 * administrators only (`createPatchRoutesOnNavigation` in app/router.tsx) and imported only then: for
 * anyone else, neither this table nor the area's code is ever downloaded (docs/product.md §D.3, decision 011).
 * The guard `requireManagement` is the check "applied on activation".
 */
export function createManagementRoutes(queryClient: QueryClientSource): RouteObject[] {
  return [
    {
      id: routeIds.management,
      path: paths.management.path,
      loader: createRequireManagement(queryClient),
      lazy: async () => {
        const { ManagementLayout } = await import('./management-layout');
        return { Component: ManagementLayout };
      },
      children: [
        // The area opens on its first section.
        { index: true, loader: () => redirect(paths.managementUsers.getHref()) },
        {
          path: paths.managementUsers.path,
          lazy: async () => {
            const { ManagementUsersRoute } = await import('./management-users');
            return { Component: ManagementUsersRoute };
          },
        },
        {
          path: paths.managementNotifications.path,
          lazy: async () => {
            const { ManagementNotificationsRoute } = await import('./management-notifications');
            return { Component: ManagementNotificationsRoute };
          },
        },
        {
          path: paths.managementBanners.path,
          lazy: async () => {
            const { ManagementBannersRoute } = await import('./management-banners');
            return { Component: ManagementBannersRoute };
          },
        },
        {
          path: paths.managementCatalogue.path,
          lazy: async () => {
            const { ManagementCatalogueRoute } = await import('./management-catalogue');
            return { Component: ManagementCatalogueRoute };
          },
        },
        {
          path: paths.managementData.path,
          lazy: async () => {
            const { ManagementDataRoute } = await import('./management-data');
            return { Component: ManagementDataRoute };
          },
        },
        {
          path: paths.managementDataSource.path,
          lazy: async () => {
            const { ManagementDataSourceRoute } = await import('./management-data');
            return { Component: ManagementDataSourceRoute };
          },
        },
        {
          path: paths.managementDefinition.path,
          lazy: async () => {
            const { ManagementDefinitionRoute } = await import('./management-data');
            return { Component: ManagementDefinitionRoute };
          },
        },
        {
          path: paths.managementNewDefinition.path,
          lazy: async () => {
            const { ManagementDefinitionRoute } = await import('./management-data');
            return { Component: ManagementDefinitionRoute };
          },
        },
        {
          path: paths.managementQueryLog.path,
          lazy: async () => {
            const { ManagementQueryLogRoute } = await import('./management-data');
            return { Component: ManagementQueryLogRoute };
          },
        },
        {
          path: paths.managementMail.path,
          lazy: async () => {
            const { ManagementMailRoute } = await import('./management-mail');
            return { Component: ManagementMailRoute };
          },
        },
        {
          path: paths.managementActivity.path,
          lazy: async () => {
            const { ManagementActivityRoute } = await import('./management-activity');
            return { Component: ManagementActivityRoute };
          },
        },
        {
          path: paths.managementSignIn.path,
          lazy: async () => {
            const { ManagementSignInRoute } = await import('./management-sign-in');
            return { Component: ManagementSignInRoute };
          },
        },
        {
          path: paths.contractCenter.path,
          lazy: async () => {
            const { ContractCenterRoute } = await import('./management-contract-center');
            return { Component: ContractCenterRoute };
          },
        },
      ],
    },
  ];
}

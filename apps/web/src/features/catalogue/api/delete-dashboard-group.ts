import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** `DELETE …/catalogue/dashboard-groups/:name`: the group with its dashboards (they leave the favourites of whoever pinned them). */
export function deleteDashboardGroup(name: string): Promise<CatalogueChanges> {
  return api.call(apiRoutes.deleteDashboardGroup, { params: { name } });
}

export function useDeleteDashboardGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDashboardGroup, onSuccess: () => invalidateCatalogue(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** `DELETE …/catalogue/dashboards/:layoutId`: the dashboard with its tiles (it leaves the favourites of whoever pinned it). */
export function deleteDashboard(layoutId: string): Promise<CatalogueChanges> {
  return api.call(apiRoutes.deleteDashboard, { params: { layoutId } });
}

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDashboard, onSuccess: () => invalidateCatalogue(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges, type DashboardInput } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * `POST …/catalogue/dashboards` (create) or `PUT …/catalogue/dashboards/:layoutId` (change; also moves and reorders:
 * `position` is the 0-based place in its list). Answers what changed; 409 when it exists already.
 */
export function saveDashboard({
  layoutId,
  input,
}: {
  layoutId: string | null;
  input: DashboardInput;
}): Promise<CatalogueChanges> {
  return layoutId === null
    ? api.call(apiRoutes.createDashboard, { body: input })
    : api.call(apiRoutes.updateDashboard, { params: { layoutId }, body: input });
}

export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDashboard, onSuccess: () => invalidateCatalogue(queryClient) });
}

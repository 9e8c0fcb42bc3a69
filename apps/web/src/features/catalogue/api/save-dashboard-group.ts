import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges, type DashboardGroupInput } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * `POST …/catalogue/dashboard-groups` (create) or `PUT …/catalogue/dashboard-groups/:name` (change; also moves and reorders:
 * `position` is the 0-based place in its list). Answers what changed; 409 when it exists already.
 */
export function saveDashboardGroup({
  name,
  input,
}: {
  name: string | null;
  input: DashboardGroupInput;
}): Promise<CatalogueChanges> {
  return name === null
    ? api.call(apiRoutes.createDashboardGroup, { body: input })
    : api.call(apiRoutes.updateDashboardGroup, { params: { name }, body: input });
}

export function useSaveDashboardGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDashboardGroup, onSuccess: () => invalidateCatalogue(queryClient) });
}

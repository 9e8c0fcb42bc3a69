import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPathWith,
  catalogueApiPaths,
  catalogueChangesSchema,
  type CatalogueChanges,
  type DashboardGroupInput,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * `POST …/catalogue/dashboard-groups` (create) or `PUT …/catalogue/dashboard-groups/:name` (change; also moves and reorders:
 * `position` is the 0-based place in its list). Answers what changed; 409 when it exists already.
 */
export function saveDashboardGroup({ name, input }: { name: string | null; input: DashboardGroupInput }): Promise<CatalogueChanges> {
  return name === null
    ? api.post(catalogueApiPaths.dashboardGroups, { json: input, schema: catalogueChangesSchema })
    : api.put(apiPathWith(catalogueApiPaths.dashboardGroup, { name }), { json: input, schema: catalogueChangesSchema });
}

export function useSaveDashboardGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDashboardGroup, onSuccess: () => invalidateCatalogue(queryClient) });
}

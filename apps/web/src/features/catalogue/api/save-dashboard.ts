import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPathWith,
  catalogueApiPaths,
  catalogueChangesSchema,
  type CatalogueChanges,
  type DashboardInput,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * `POST …/catalogue/dashboards` (create) or `PUT …/catalogue/dashboards/:layoutId` (change; also moves and reorders:
 * `position` is the 0-based place in its list). Answers what changed; 409 when it exists already.
 */
export function saveDashboard({ layoutId, input }: { layoutId: string | null; input: DashboardInput }): Promise<CatalogueChanges> {
  return layoutId === null
    ? api.post(catalogueApiPaths.dashboards, { json: input, schema: catalogueChangesSchema })
    : api.put(apiPathWith(catalogueApiPaths.dashboard, { layoutId }), { json: input, schema: catalogueChangesSchema });
}

export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDashboard, onSuccess: () => invalidateCatalogue(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPathWith,
  catalogueApiPaths,
  catalogueChangesSchema,
  type CatalogueChanges,
  type MenuGroupInput,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * `POST …/catalogue/menu-groups` (create) or `PUT …/catalogue/menu-groups/:name` (change; also moves and reorders:
 * `position` is the 0-based place in its list). Answers what changed; 409 when it exists already.
 */
export function saveMenuGroup({ name, input }: { name: string | null; input: MenuGroupInput }): Promise<CatalogueChanges> {
  return name === null
    ? api.post(catalogueApiPaths.menuGroups, { json: input, schema: catalogueChangesSchema })
    : api.put(apiPathWith(catalogueApiPaths.menuGroup, { name }), { json: input, schema: catalogueChangesSchema });
}

export function useSaveMenuGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMenuGroup, onSuccess: () => invalidateCatalogue(queryClient) });
}

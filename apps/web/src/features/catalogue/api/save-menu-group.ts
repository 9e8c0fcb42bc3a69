import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges, type MenuGroupInput } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * `POST …/catalogue/menu-groups` (create) or `PUT …/catalogue/menu-groups/:name` (change; also moves and reorders:
 * `position` is the 0-based place in its list). Answers what changed; 409 when it exists already.
 */
export function saveMenuGroup({
  name,
  input,
}: {
  name: string | null;
  input: MenuGroupInput;
}): Promise<CatalogueChanges> {
  return name === null
    ? api.call(apiRoutes.createMenuGroup, { body: input })
    : api.call(apiRoutes.updateMenuGroup, { params: { name }, body: input });
}

export function useSaveMenuGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMenuGroup, onSuccess: () => invalidateCatalogue(queryClient) });
}
